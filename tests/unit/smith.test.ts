/**
 * The Smith chart tool (issue 24) against textbook values: a matched load,
 * a 2:1 mismatch, a complex load worked by hand, the chart's circles, and
 * the Chinese messages for bad input.
 */
import { describe, expect, it } from 'vitest';
import { rCircle, smith, xCircle } from '../../src/shared/tools/smith.ts';
import { findTool, toolValues } from '../../src/shared/tools/tools.ts';

const run = (query: string) => {
  const def = findTool('smith')!;
  return def.compute(toolValues(def, new URLSearchParams(query)));
};

describe('smith()', () => {
  it('Z = 50 Ω on 50 Ω is matched: Γ = 0, VSWR 1, no reflection', () => {
    const p = smith(50, 0, 50);
    expect(p.magnitude).toBe(0);
    expect(p.vswr).toBe(1);
    expect(p.returnLossDb).toBe(Number.POSITIVE_INFINITY);
  });

  it('Z = 100 Ω gives Γ = 1/3 ∠ 0°, VSWR 2, RL 9.54 dB', () => {
    const p = smith(100, 0, 50);
    expect(p.gammaRe).toBeCloseTo(1 / 3, 12);
    expect(p.gammaIm).toBe(0);
    expect(p.angleDeg).toBe(0);
    expect(p.vswr).toBeCloseTo(2, 12);
    expect(p.returnLossDb).toBeCloseTo(9.542, 3);
    // 25 Ω is the same mismatch on the other side: Γ = −1/3 ∠ 180°.
    expect(smith(25, 0, 50)).toMatchObject({ angleDeg: 180 });
    expect(smith(25, 0, 50).vswr).toBeCloseTo(2, 12);
  });

  it('Z = 25 + j25 Ω gives Γ = −0.2 + j0.4 (0.4472 ∠ 116.57°), VSWR 2.618', () => {
    const p = smith(25, 25, 50);
    expect(p.r).toBe(0.5);
    expect(p.x).toBe(0.5);
    expect(p.gammaRe).toBeCloseTo(-0.2, 12);
    expect(p.gammaIm).toBeCloseTo(0.4, 12);
    expect(p.magnitude).toBeCloseTo(Math.sqrt(0.2), 12);
    expect(p.angleDeg).toBeCloseTo(116.565, 3);
    expect(p.vswr).toBeCloseTo(2.618, 3);
    expect(p.returnLossDb).toBeCloseTo(6.99, 2);
    // A capacitive load sits on the lower half: Γ's imaginary part is negative.
    expect(smith(25, -25, 50).gammaIm).toBeCloseTo(-0.4, 12);
  });

  it('a pure reactance reflects everything; Z0 other than 50 Ω normalises', () => {
    const p = smith(0, 50, 50);
    expect(p.magnitude).toBeCloseTo(1, 12);
    expect(p.vswr).toBe(Number.POSITIVE_INFINITY);
    expect(p.angleDeg).toBeCloseTo(90, 9);
    expect(smith(150, 0, 75).vswr).toBeCloseTo(2, 12);
  });

  it('the chart’s circles pass through the right points', () => {
    // r = 1 passes the centre and Γ = 1; x = 1 passes Γ = j and Γ = 1.
    expect(rCircle(1)).toEqual({ cx: 0.5, cy: 0, radius: 0.5 });
    expect(xCircle(1)).toEqual({ cx: 1, cy: 1, radius: 1 });
    // The point of z = 0.5 + j0.5 lies on both its circles.
    const p = smith(25, 25, 50);
    const on = (c: { cx: number; cy: number; radius: number }) =>
      Math.hypot(p.gammaRe - c.cx, p.gammaIm - c.cy) - c.radius;
    expect(on(rCircle(0.5))).toBeCloseTo(0, 12);
    expect(on(xCircle(0.5))).toBeCloseTo(0, 12);
  });
});

describe('the 在线 Smith 圆图 tool', () => {
  it('shows Γ, VSWR and return loss, and the point to draw', () => {
    const r = run('r=25&x=25&z0=50');
    expect(r).toMatchObject({ warnings: [] });
    if (!('rows' in r)) throw new Error('no result');
    expect(Object.fromEntries(r.rows)).toMatchObject({
      '归一化阻抗 z': '0.5 + j0.5',
      '反射系数 Γ': '−0.2 + j0.4',
      '|Γ| ∠ 角度': '0.4472 ∠ 116.57°',
      '驻波比 VSWR': '2.618',
      '回波损耗 RL': '6.99 dB',
    });
    expect(r.figure).toMatchObject({ kind: 'smith', label: 'z = 0.5 + j0.5' });
    expect(r.figure!.gammaRe).toBeCloseTo(-0.2, 12);
    const matched = run('r=50&x=0');
    if (!('rows' in matched)) throw new Error('no result');
    expect(Object.fromEntries(matched.rows)).toMatchObject({
      '驻波比 VSWR': '1.000',
      '回波损耗 RL': '∞（完全匹配）',
    });
  });

  it('refuses bad input with a Chinese message and warns on a lossless load', () => {
    expect(run('r=-5')).toEqual({ error: '电阻 R：无源负载的电阻不能为负数' });
    expect(run('r=abc')).toEqual({ error: '电阻 R：请输入数值' });
    expect(run('x=')).toEqual({ error: '电抗 X：请输入数值' });
    expect(run('z0=0')).toEqual({ error: '特性阻抗 Z0：请输入大于 0 的数值' });
    expect(run('r=1e12')).toEqual({ error: '阻抗数值过大，请输入不超过 1 GΩ 的数值' });
    expect(run('r=0&x=30')).toMatchObject({
      warnings: ['负载为纯电抗（R = 0）：全部功率被反射，|Γ| = 1，驻波比为无穷大。'],
    });
  });
});
