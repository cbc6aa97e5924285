/** The RF tools of /learningtools: the Smith chart (issue 24). */
import { smith } from './smith.ts';
import { anyNum, tool, type ToolDef, type ToolSpec } from './tool-kit.ts';

/** A complex number as text: complex(25, -10, 'Ω') → '25 − j10 Ω'. */
function complex(re: number, im: number, unit = ''): string {
  const f = (n: number) => String(Number(n.toPrecision(4))).replace('-', '−');
  return `${f(re)} ${im < 0 ? '−' : '+'} j${f(Math.abs(im))}${unit ? ` ${unit}` : ''}`;
}

const SPECS: readonly ToolSpec[] = [
  {
    slug: 'smith',
    title: '在线 Smith 圆图',
    summary: '输入负载阻抗 Z = R + jX，计算反射系数 Γ、驻波比与回波损耗，并在 Smith 圆图上标出。',
    notes: [
      '归一化阻抗 z = Z / Z0 = r + jx；反射系数 Γ = (z − 1) / (z + 1)。',
      '驻波比 VSWR = (1 + |Γ|) / (1 − |Γ|)；回波损耗 RL = −20·log10|Γ| dB。',
      '圆图上的圆为等电阻圆（圆心 (r/(1+r), 0)，半径 1/(1+r)），弧为等电抗圆（圆心 (1, 1/x)，半径 1/|x|）；上半圆为感性，下半圆为容性。',
    ],
    fields: [
      { name: 'r', label: '电阻 R', unit: 'Ω', value: '25' },
      { name: 'x', label: '电抗 X（感性为正，容性为负）', unit: 'Ω', value: '25' },
      { name: 'z0', label: '特性阻抗 Z0', unit: 'Ω', value: '50' },
    ],
    calc: (v) => {
      const r = anyNum(v, 'r', '电阻 R');
      if (r < 0) throw new Error('电阻 R：无源负载的电阻不能为负数');
      const x = anyNum(v, 'x', '电抗 X');
      const z0 = anyNum(v, 'z0', '特性阻抗 Z0');
      if (z0 <= 0) throw new Error('特性阻抗 Z0：请输入大于 0 的数值');
      if (Math.abs(r) > 1e9 || Math.abs(x) > 1e9 || z0 > 1e9)
        throw new Error('阻抗数值过大，请输入不超过 1 GΩ 的数值');
      const p = smith(r, x, z0);
      const warnings: string[] = [];
      if (p.magnitude >= 1)
        warnings.push('负载为纯电抗（R = 0）：全部功率被反射，|Γ| = 1，驻波比为无穷大。');
      return {
        rows: [
          ['归一化阻抗 z', complex(p.r, p.x)],
          ['反射系数 Γ', complex(p.gammaRe, p.gammaIm)],
          ['|Γ| ∠ 角度', `${p.magnitude.toFixed(4)} ∠ ${p.angleDeg.toFixed(2)}°`],
          ['驻波比 VSWR', Number.isFinite(p.vswr) ? p.vswr.toFixed(3) : '∞'],
          [
            '回波损耗 RL',
            Number.isFinite(p.returnLossDb) ? `${p.returnLossDb.toFixed(2)} dB` : '∞（完全匹配）',
          ],
          [
            '失配损耗',
            p.magnitude >= 1 ? '∞' : `${(-10 * Math.log10(1 - p.magnitude ** 2)).toFixed(3)} dB`,
          ],
          ['负载阻抗 Z', complex(r, x, 'Ω')],
        ],
        warnings,
        figure: {
          kind: 'smith',
          gammaRe: p.gammaRe,
          gammaIm: p.gammaIm,
          label: `z = ${complex(p.r, p.x)}`,
        },
      };
    },
  },
];

export const RF_TOOLS: readonly ToolDef[] = SPECS.map(tool);
