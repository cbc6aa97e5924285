/** The circuit calculators of /learningtools: resistors, dividers, LEDs, filters, regulators. */
import {
  buck,
  buckInductor,
  COLOURS,
  divider,
  lcResonance,
  ldo,
  ldoPowerLimit,
  ledResistor,
  MULTIPLIERS,
  rcCutoff,
  resistorValue,
  si,
  TOLERANCES,
} from './calc.ts';
import {
  anyNum,
  colourOptions,
  num,
  pct,
  tool,
  type ToolDef,
  type ToolSpec,
  solved,
} from './tool-kit.ts';

/** The rating of a common 0805/1206 chip resistor, in watts. */
const CHIP_RESISTOR_WATTS = 0.25;

const SPECS: readonly ToolSpec[] = [
  {
    slug: 'resistor',
    title: '电阻色环计算器',
    summary: '按色环读出电阻值与误差，支持四环与五环电阻。',
    notes: [
      '四环：前两环为有效数字，第三环为倍率，第四环为误差。',
      '五环：前三环为有效数字，第四环为倍率，第五环为误差（精密电阻）。',
      '色码依据 IEC 60062：黑0 棕1 红2 橙3 黄4 绿5 蓝6 紫7 灰8 白9，金×0.1，银×0.01。',
    ],
    fields: [
      {
        name: 'bands',
        label: '色环数',
        value: '4',
        options: [
          { value: '4', label: '四环' },
          { value: '5', label: '五环' },
        ],
      },
      { name: 'b1', label: '第 1 环', value: '黄', options: colourOptions(COLOURS.slice(1)) },
      { name: 'b2', label: '第 2 环', value: '紫', options: colourOptions(COLOURS) },
      { name: 'b3', label: '第 3 环（仅五环）', value: '黑', options: colourOptions(COLOURS) },
      {
        name: 'mult',
        label: '倍率环',
        value: '红',
        options: colourOptions(Object.keys(MULTIPLIERS)),
      },
      {
        name: 'tol',
        label: '误差环',
        value: '金',
        options: colourOptions(Object.keys(TOLERANCES)),
      },
    ],
    calc: (v) => {
      const digits = v.bands === '5' ? [v.b1!, v.b2!, v.b3!] : [v.b1!, v.b2!];
      const r = solved(resistorValue(digits, v.mult!, v.tol!));
      return [
        ['阻值', si(r.ohms, 'Ω')],
        ['误差', `±${r.tolerance} %`],
        [
          '范围',
          `${si(r.ohms * (1 - r.tolerance / 100), 'Ω')} ～ ${si(r.ohms * (1 + r.tolerance / 100), 'Ω')}`,
        ],
      ];
    },
  },
  {
    slug: 'divider',
    title: '分压电阻计算',
    summary: '输入电压与两只电阻，计算输出电压、分压电流与电阻功耗。',
    notes: [
      'Vout = Vin × R2 / (R1 + R2)',
      '电流 I = Vin / (R1 + R2)，功耗 P = I² × R。输出端的负载会并联在 R2 上，使实际输出偏低。',
    ],
    fields: [
      { name: 'vin', label: '输入电压 Vin', unit: 'V', value: '12' },
      { name: 'r1', label: '上电阻 R1', unit: 'Ω', value: '10000' },
      { name: 'r2', label: '下电阻 R2', unit: 'Ω', value: '3300' },
    ],
    calc: (v) => {
      const d = divider(num(v, 'vin', 'Vin'), num(v, 'r1', 'R1'), num(v, 'r2', 'R2'));
      const warnings = (
        [
          ['R1', d.p1],
          ['R2', d.p2],
        ] as const
      )
        .filter(([, p]) => p > CHIP_RESISTOR_WATTS / 2)
        .map(
          ([name, p]) =>
            `${name} 功耗 ${si(p, 'W')} 超过常用 1/4 W 贴片电阻额定功率的一半（应留 2 倍余量）：请选用更大功率的电阻或加大阻值。`,
        );
      return {
        rows: [
          ['输出电压 Vout', si(d.vout, 'V')],
          ['分压电流', si(d.current, 'A')],
          ['R1 功耗', si(d.p1, 'W')],
          ['R2 功耗', si(d.p2, 'W')],
        ],
        warnings,
      };
    },
  },
  {
    slug: 'led',
    title: 'LED 限流电阻计算',
    summary: '按电源电压、LED 正向压降与电流，给出限流电阻（E24 系列）及其功率。',
    notes: [
      'R = (Vs − Vf) / If，取不小于计算值的 E24 标称值。',
      '电阻功率按实际电流计算，额定功率至少留 2 倍余量。',
    ],
    fields: [
      { name: 'vs', label: '电源电压 Vs', unit: 'V', value: '5' },
      { name: 'vf', label: 'LED 正向压降 Vf', unit: 'V', value: '2' },
      { name: 'if', label: 'LED 电流 If', unit: 'mA', value: '20' },
    ],
    calc: (v) => {
      const r = solved(
        ledResistor(num(v, 'vs', 'Vs'), num(v, 'vf', 'Vf'), num(v, 'if', 'If') / 1000),
      );
      const rated = Number.isFinite(r.rating);
      return {
        rows: [
          ['计算阻值', si(r.exact, 'Ω')],
          ['选用阻值（E24）', si(r.chosen, 'Ω')],
          ['实际电流', si(r.actual, 'A')],
          ['电阻功耗', si(r.power, 'W')],
          [
            '建议额定功率',
            !rated
              ? '超过 5 W'
              : r.rating >= 1
                ? `${r.rating} W`
                : `1/${Math.round(1 / r.rating)} W`,
          ],
        ],
        warnings: rated
          ? []
          : [
              `电阻功耗 ${si(r.power, 'W')} 过大，常用电阻留 2 倍余量后已无合适规格：请降低电源电压或改用恒流驱动。`,
            ],
      };
    },
  },
  {
    slug: 'filter',
    title: 'RC / LC 滤波器截止频率',
    summary: '一阶 RC 滤波器的截止频率，LC 谐振频率与串联 RLC 的品质因数。',
    notes: [
      'RC：fc = 1 / (2πRC)，截止频率处幅度下降 3 dB。',
      'LC：f0 = 1 / (2π√(LC))；串联 RLC 的 Q = √(L/C) / R。',
    ],
    fields: [
      {
        name: 'type',
        label: '类型',
        value: 'rc',
        options: [
          { value: 'rc', label: 'RC 一阶' },
          { value: 'lc', label: 'LC 谐振' },
        ],
      },
      { name: 'r', label: '电阻 R（LC 时为串联电阻）', unit: 'Ω', value: '1000' },
      { name: 'c', label: '电容 C', unit: 'nF', value: '100' },
      { name: 'l', label: '电感 L（仅 LC）', unit: 'µH', value: '10' },
    ],
    calc: (v) => {
      const c = num(v, 'c', 'C') * 1e-9;
      if (v.type === 'lc') {
        const r = lcResonance(num(v, 'l', 'L') * 1e-6, c, num(v, 'r', 'R', true));
        return [
          ['谐振频率 f0', si(r.f0, 'Hz')],
          ['品质因数 Q', Number.isFinite(r.q) ? r.q.toPrecision(4) : '—（R 为 0）'],
        ];
      }
      const r = num(v, 'r', 'R');
      const fc = rcCutoff(r, c);
      return [
        ['截止频率 fc', si(fc, 'Hz')],
        ['时间常数 τ = RC', si(r * c, 's')],
      ];
    },
  },
  {
    slug: 'ldo',
    title: 'LDO 功耗与结温',
    summary: '线性稳压器的功耗、效率与结温估算，超出器件最高结温或压差不足时给出警告。',
    notes: [
      'P = (Vin − Vout) × Iout + Vin × Iq',
      'Tj = Ta + P × θJA；效率 η = Vout·Iout / (Vin·(Iout + Iq))。',
      '允许功耗 Pmax = (Tj(max) − Ta) / θJA；Tj(max) 与压差 Vdo 取自器件手册（常见 125 °C、0.1–0.5 V）。',
    ],
    fields: [
      { name: 'vin', label: '输入电压 Vin', unit: 'V', value: '5' },
      { name: 'vout', label: '输出电压 Vout', unit: 'V', value: '3.3' },
      { name: 'iout', label: '负载电流 Iout', unit: 'mA', value: '500' },
      { name: 'iq', label: '静态电流 Iq', unit: 'mA', value: '1' },
      { name: 'theta', label: '热阻 θJA', unit: '°C/W', value: '60' },
      { name: 'ta', label: '环境温度 Ta', unit: '°C', value: '25' },
      { name: 'tjmax', label: '器件最高结温 Tj(max)', unit: '°C', value: '125' },
      { name: 'vdo', label: '器件压差 Vdo', unit: 'V', value: '0.3' },
    ],
    calc: (v) => {
      const vin = num(v, 'vin', 'Vin');
      const vout = num(v, 'vout', 'Vout');
      const theta = num(v, 'theta', 'θJA');
      const ta = anyNum(v, 'ta', 'Ta');
      const tjMax = anyNum(v, 'tjmax', 'Tj(max)');
      const vdo = num(v, 'vdo', 'Vdo', true);
      const r = solved(
        ldo(vin, vout, num(v, 'iout', 'Iout') / 1000, num(v, 'iq', 'Iq', true) / 1000, theta, ta),
      );
      const pMax = ldoPowerLimit(tjMax, ta, theta);
      const warnings: string[] = [];
      if (r.tj > tjMax)
        warnings.push(
          `结温 ${r.tj.toFixed(1)} °C 超过器件最高结温 ${tjMax} °C：功耗 ${si(r.power, 'W')} 超过此散热条件下允许的 ${si(pMax, 'W')}，器件会过热保护或损坏。请降低压差或负载电流、改善散热，或改用开关稳压器。`,
        );
      if (vin - vout < vdo)
        warnings.push(
          `输入输出压差 ${(vin - vout).toFixed(2)} V 小于器件压差 ${vdo} V：LDO 无法稳压，输出会低于 ${vout} V。`,
        );
      return {
        rows: [
          ['功耗', si(r.power, 'W')],
          ['结温 Tj', `${r.tj.toFixed(1)} °C`],
          ['允许功耗 Pmax', si(pMax, 'W')],
          ['效率', pct(r.efficiency)],
        ],
        warnings,
      };
    },
  },
  {
    slug: 'buck',
    title: 'Buck 电感与效率计算',
    summary: '同步降压电路的电感量、占空比、导通/开关/电感损耗与效率的一阶估算。',
    notes: [
      'D = Vout / Vin；导通损耗 = Iout² × Rds(on)（上下管相同）；电感损耗 = Iout² × DCR。',
      '开关损耗 ≈ ½ × Vin × Iout × (tr + tf) × fsw；未计入驱动、死区与纹波电流，实测效率会略低。',
      '电感量 L = Vout × (1 − D) / (fsw × ΔI)，ΔI 为纹波电流（常取 Iout 的 20%–40%）。',
    ],
    fields: [
      { name: 'vin', label: '输入电压 Vin', unit: 'V', value: '12' },
      { name: 'vout', label: '输出电压 Vout', unit: 'V', value: '3.3' },
      { name: 'iout', label: '输出电流 Iout', unit: 'A', value: '2' },
      { name: 'rds', label: 'MOSFET 导通电阻 Rds(on)', unit: 'mΩ', value: '20' },
      { name: 'fsw', label: '开关频率 fsw', unit: 'kHz', value: '500' },
      { name: 'trf', label: '上升 + 下降时间', unit: 'ns', value: '20' },
      { name: 'dcr', label: '电感直流电阻 DCR', unit: 'mΩ', value: '15' },
      { name: 'ripple', label: '电感纹波电流 / Iout', unit: '%', value: '30' },
    ],
    calc: (v) => {
      const r = solved(
        buck(
          num(v, 'vin', 'Vin'),
          num(v, 'vout', 'Vout'),
          num(v, 'iout', 'Iout'),
          num(v, 'rds', 'Rds(on)', true) / 1000,
          num(v, 'fsw', 'fsw') * 1000,
          num(v, 'trf', 'tr + tf', true) * 1e-9,
          num(v, 'dcr', 'DCR', true) / 1000,
        ),
      );
      const ind = buckInductor(
        num(v, 'vin', 'Vin'),
        num(v, 'vout', 'Vout'),
        num(v, 'iout', 'Iout'),
        num(v, 'fsw', 'fsw') * 1000,
        num(v, 'ripple', '纹波比例') / 100,
      );
      const ripple = num(v, 'ripple', '纹波比例') / 100;
      const warnings: string[] = [];
      if (ripple >= 2)
        warnings.push(
          '纹波电流不小于 2 倍输出电流：电感电流会断续（DCM），以上电感量与损耗公式不再适用。',
        );
      if (r.duty > 0.9)
        warnings.push(
          `占空比 ${pct(r.duty)} 超过 90 %：多数降压控制器有最小关断时间，可能无法稳压，请提高输入电压或降低开关频率。`,
        );
      return {
        warnings,
        rows: [
          ['占空比 D', pct(r.duty)],
          ['导通损耗', si(r.conduction, 'W')],
          ['开关损耗', si(r.switching, 'W')],
          ['电感损耗', si(r.inductor, 'W')],
          ['总损耗', si(r.losses, 'W')],
          ['效率', pct(r.efficiency)],
          ['电感量 L', si(ind.inductance, 'H')],
          ['电感峰值电流', si(ind.peak, 'A')],
        ],
      };
    },
  },
];

export const CIRCUIT_TOOLS: readonly ToolDef[] = SPECS.map(tool);
