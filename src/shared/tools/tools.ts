/**
 * The learning tools (issue 15), declared once: each tool's page, fields
 * (read from and written to the query string, so a result can be shared)
 * and what it computes, with calc.ts doing the arithmetic.
 */
import {
  COLOURS,
  MULTIPLIERS,
  TOLERANCES,
  awg,
  buck,
  buckInductor,
  microstrip,
  timer555,
  dbPower,
  dbVoltage,
  divider,
  lcResonance,
  ldo,
  ledResistor,
  powerLevels,
  rcCutoff,
  resistorValue,
  si,
  traceWidth,
} from './calc.ts';

export interface ToolField {
  name: string;
  label: string;
  unit?: string;
  /** The default, as text (the form and the query string are text). */
  value: string;
  options?: readonly { value: string; label: string }[];
}

export type ToolResult = { rows: [string, string][] } | { error: string };

export interface ToolDef {
  slug: string;
  title: string;
  summary: string;
  /** Lines explaining the formula, shown under the calculator. */
  notes: readonly string[];
  fields: readonly ToolField[];
  compute(v: Record<string, string>): ToolResult;
}

const POSITIVE = '请输入大于 0 的数值';

/** A field's number; throws the message shown in place of the result. */
function num(v: Record<string, string>, name: string, label: string, allowZero = false): number {
  const text = (v[name] ?? '').trim();
  const n = Number(text);
  if (text === '' || !Number.isFinite(n) || (allowZero ? n < 0 : n <= 0))
    throw new Error(`${label}：${allowZero ? '请输入不小于 0 的数值' : POSITIVE}`);
  return n;
}

/** Any number (temperatures may be negative). */
function anyNum(v: Record<string, string>, name: string, label: string): number {
  const text = (v[name] ?? '').trim();
  const n = Number(text);
  if (text === '' || !Number.isFinite(n)) throw new Error(`${label}：请输入数值`);
  return n;
}

function run(f: () => [string, string][]): ToolResult {
  try {
    return { rows: f() };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const colourOptions = (list: readonly string[]) => list.map((c) => ({ value: c, label: `${c}色` }));

export const TOOLS: readonly ToolDef[] = [
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
    compute: (v) =>
      run(() => {
        const digits = v.bands === '5' ? [v.b1!, v.b2!, v.b3!] : [v.b1!, v.b2!];
        const r = resistorValue(digits, v.mult!, v.tol!);
        if ('error' in r) throw new Error(r.error);
        return [
          ['阻值', si(r.ohms, 'Ω')],
          ['误差', `±${r.tolerance} %`],
          [
            '范围',
            `${si(r.ohms * (1 - r.tolerance / 100), 'Ω')} ～ ${si(r.ohms * (1 + r.tolerance / 100), 'Ω')}`,
          ],
        ];
      }),
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
    compute: (v) =>
      run(() => {
        const d = divider(num(v, 'vin', 'Vin'), num(v, 'r1', 'R1'), num(v, 'r2', 'R2'));
        return [
          ['输出电压 Vout', si(d.vout, 'V')],
          ['分压电流', si(d.current, 'A')],
          ['R1 功耗', si(d.p1, 'W')],
          ['R2 功耗', si(d.p2, 'W')],
        ];
      }),
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
    compute: (v) =>
      run(() => {
        const r = ledResistor(num(v, 'vs', 'Vs'), num(v, 'vf', 'Vf'), num(v, 'if', 'If') / 1000);
        if ('error' in r) throw new Error(r.error);
        return [
          ['计算阻值', si(r.exact, 'Ω')],
          ['选用阻值（E24）', si(r.chosen, 'Ω')],
          ['实际电流', si(r.actual, 'A')],
          ['电阻功耗', si(r.power, 'W')],
          ['建议额定功率', r.rating >= 1 ? `${r.rating} W` : `1/${Math.round(1 / r.rating)} W`],
        ];
      }),
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
    compute: (v) =>
      run(() => {
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
      }),
  },
  {
    slug: 'ldo',
    title: 'LDO 功耗与结温',
    summary: '线性稳压器的功耗、效率与结温估算。',
    notes: [
      'P = (Vin − Vout) × Iout + Vin × Iq',
      'Tj = Ta + P × θJA；效率 η = Vout·Iout / (Vin·(Iout + Iq))。结温应低于器件规格（常见 125 °C）。',
    ],
    fields: [
      { name: 'vin', label: '输入电压 Vin', unit: 'V', value: '5' },
      { name: 'vout', label: '输出电压 Vout', unit: 'V', value: '3.3' },
      { name: 'iout', label: '负载电流 Iout', unit: 'mA', value: '500' },
      { name: 'iq', label: '静态电流 Iq', unit: 'mA', value: '1' },
      { name: 'theta', label: '热阻 θJA', unit: '°C/W', value: '60' },
      { name: 'ta', label: '环境温度 Ta', unit: '°C', value: '25' },
    ],
    compute: (v) =>
      run(() => {
        const r = ldo(
          num(v, 'vin', 'Vin'),
          num(v, 'vout', 'Vout'),
          num(v, 'iout', 'Iout') / 1000,
          num(v, 'iq', 'Iq', true) / 1000,
          num(v, 'theta', 'θJA'),
          anyNum(v, 'ta', 'Ta'),
        );
        if ('error' in r) throw new Error(r.error);
        return [
          ['功耗', si(r.power, 'W')],
          ['结温 Tj', `${r.tj.toFixed(1)} °C`],
          ['效率', pct(r.efficiency)],
        ];
      }),
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
    compute: (v) =>
      run(() => {
        const r = buck(
          num(v, 'vin', 'Vin'),
          num(v, 'vout', 'Vout'),
          num(v, 'iout', 'Iout'),
          num(v, 'rds', 'Rds(on)', true) / 1000,
          num(v, 'fsw', 'fsw') * 1000,
          num(v, 'trf', 'tr + tf', true) * 1e-9,
          num(v, 'dcr', 'DCR', true) / 1000,
        );
        if ('error' in r) throw new Error(r.error);
        const ind = buckInductor(
          num(v, 'vin', 'Vin'),
          num(v, 'vout', 'Vout'),
          num(v, 'iout', 'Iout'),
          num(v, 'fsw', 'fsw') * 1000,
          num(v, 'ripple', '纹波比例') / 100,
        );
        return [
          ['占空比 D', pct(r.duty)],
          ['导通损耗', si(r.conduction, 'W')],
          ['开关损耗', si(r.switching, 'W')],
          ['电感损耗', si(r.inductor, 'W')],
          ['总损耗', si(r.losses, 'W')],
          ['效率', pct(r.efficiency)],
          ['电感量 L', si(ind.inductance, 'H')],
          ['电感峰值电流', si(ind.peak, 'A')],
        ];
      }),
  },
  {
    slug: 'trace-width',
    title: 'PCB 线宽计算',
    summary: '依据 IPC-2221 估算给定电流与温升下的走线宽度。',
    notes: [
      'IPC-2221：I = k × ΔT^0.44 × A^0.725，A 为截面积（mil²），外层 k = 0.048，内层 k = 0.024。',
      '1 oz 铜厚约 1.378 mil（35 µm）。结果为估算值，大电流请结合仿真与实测。',
    ],
    fields: [
      { name: 'i', label: '电流', unit: 'A', value: '1' },
      { name: 'dt', label: '允许温升 ΔT', unit: '°C', value: '10' },
      {
        name: 'oz',
        label: '铜厚',
        value: '1',
        options: [
          { value: '0.5', label: '0.5 oz' },
          { value: '1', label: '1 oz' },
          { value: '2', label: '2 oz' },
          { value: '3', label: '3 oz' },
        ],
      },
      {
        name: 'layer',
        label: '层',
        value: 'external',
        options: [
          { value: 'external', label: '外层' },
          { value: 'internal', label: '内层' },
        ],
      },
    ],
    compute: (v) =>
      run(() => {
        const t = traceWidth(
          num(v, 'i', '电流'),
          num(v, 'dt', '温升'),
          num(v, 'oz', '铜厚'),
          v.layer === 'internal' ? 'internal' : 'external',
        );
        return [
          ['最小线宽', `${t.mil.toFixed(1)} mil（${t.mm.toFixed(3)} mm）`],
          ['截面积', `${t.area.toFixed(1)} mil²`],
        ];
      }),
  },
  {
    slug: 'units',
    title: '单位换算',
    summary: 'dBm 与 mW、W、dBμV（50 Ω）换算，电压/功率 dB 比值，AWG 线径。',
    notes: [
      'P(mW) = 10^(dBm/10)；50 Ω 下 Vrms = √(P × 50)，dBμV = 20·log10(Vrms / 1 µV)。',
      '电压比 dB = 20·log10，功率比 dB = 10·log10；AWG 直径 d = 0.127 mm × 92^((36 − n)/39)。',
    ],
    fields: [
      { name: 'dbm', label: '功率', unit: 'dBm', value: '0' },
      { name: 'ratio', label: '比值（输出/输入）', value: '10' },
      { name: 'awg', label: '线规', unit: 'AWG', value: '24' },
    ],
    compute: (v) =>
      run(() => {
        const p = powerLevels(anyNum(v, 'dbm', '功率'));
        const ratio = num(v, 'ratio', '比值');
        const gauge = anyNum(v, 'awg', 'AWG');
        if (gauge < 0 || gauge > 40 || !Number.isInteger(gauge))
          throw new Error('AWG：请输入 0–40 的整数');
        const w = awg(gauge);
        return [
          ['功率', `${si(p.watts, 'W')}（${p.dbw.toFixed(2)} dBW）`],
          ['50 Ω 电压', `${si(p.vrms, 'V')} rms（${p.dbuv.toFixed(1)} dBμV）`],
          ['电压比', `${dbVoltage(ratio).toFixed(2)} dB`],
          ['功率比', `${dbPower(ratio).toFixed(2)} dB`],
          ['AWG 线径', `${w.diameter.toFixed(3)} mm，截面积 ${w.area.toFixed(3)} mm²`],
        ];
      }),
  },
  {
    slug: 'timer555',
    title: '555 定时器计算',
    summary: '555 无稳态多谐振荡器的频率、高低电平时间与占空比。',
    notes: [
      'f = 1.44 / ((R1 + 2R2) × C)',
      '高电平 t1 = 0.693 × (R1 + R2) × C，低电平 t2 = 0.693 × R2 × C，占空比 = (R1 + R2) / (R1 + 2R2)。',
    ],
    fields: [
      { name: 'r1', label: 'R1', unit: 'Ω', value: '1000' },
      { name: 'r2', label: 'R2', unit: 'Ω', value: '10000' },
      { name: 'c', label: '电容 C', unit: 'µF', value: '10' },
    ],
    compute: (v) =>
      run(() => {
        const t = timer555(num(v, 'r1', 'R1'), num(v, 'r2', 'R2'), num(v, 'c', 'C') * 1e-6);
        return [
          ['频率', si(t.frequency, 'Hz')],
          ['高电平时间', si(t.high, 's')],
          ['低电平时间', si(t.low, 's')],
          ['占空比', pct(t.duty)],
        ];
      }),
  },
  {
    slug: 'microstrip',
    title: '微带线阻抗计算',
    summary: '按 IPC-2141A 公式估算表层微带线的特性阻抗。',
    notes: [
      'Z0 = 87 / √(εr + 1.41) × ln(5.98h / (0.8w + t))',
      '适用于 0.1 < w/h < 2.0、1 < εr < 15；高速设计请以叠层厂商的场求解结果为准。',
    ],
    fields: [
      { name: 'w', label: '线宽 w', unit: 'mm', value: '0.3' },
      { name: 'h', label: '介质厚度 h', unit: 'mm', value: '0.2' },
      { name: 't', label: '铜厚 t', unit: 'mm', value: '0.035' },
      { name: 'er', label: '介电常数 εr', value: '4.3' },
    ],
    compute: (v) =>
      run(() => {
        const m = microstrip(
          num(v, 'w', 'w'),
          num(v, 'h', 'h'),
          num(v, 't', 't'),
          num(v, 'er', 'εr'),
        );
        if (!(m.z0 > 0)) throw new Error('线宽相对介质厚度过大，超出公式适用范围');
        return [
          ['特性阻抗 Z0', `${m.z0.toFixed(1)} Ω`],
          [
            '适用范围',
            m.valid ? '在公式适用范围内' : '超出 0.1 < w/h < 2.0 或 1 < εr < 15，结果仅供参考',
          ],
        ];
      }),
  },
];

export function findTool(slug: string): ToolDef | undefined {
  return TOOLS.find((t) => t.slug === slug);
}

/** A tool's values: its defaults, overridden by the query string's fields. */
export function toolValues(def: ToolDef, query: URLSearchParams): Record<string, string> {
  return Object.fromEntries(
    def.fields.map((f) => {
      const q = query.get(f.name);
      const ok =
        q !== null && q.length <= 32 && (!f.options || f.options.some((o) => o.value === q));
      return [f.name, ok ? q : f.value];
    }),
  );
}
