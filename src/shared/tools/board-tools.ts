/** The board and signal calculators of /learningtools: traces, units, the 555, microstrips. */
import {
  awg,
  dbPower,
  dbVoltage,
  microstrip,
  powerLevels,
  si,
  timer555,
  traceWidth,
} from './calc.ts';
import { anyNum, num, pct, tool, type ToolDef, type ToolSpec } from './tool-kit.ts';

const SPECS: readonly ToolSpec[] = [
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
    calc: (v) => {
      const t = traceWidth(
        num(v, 'i', '电流'),
        num(v, 'dt', '温升'),
        num(v, 'oz', '铜厚'),
        v.layer === 'internal' ? 'internal' : 'external',
      );
      const current = num(v, 'i', '电流');
      const rise = num(v, 'dt', '温升');
      const warnings: string[] = [];
      if (current > 35)
        warnings.push(
          `电流 ${current} A 超出 IPC-2221 曲线的范围（外层不超过 35 A、内层不超过 17.5 A），结果仅供参考，请用铜排、多层并联或热仿真。`,
        );
      else if (current > 17.5 && v.layer === 'internal')
        warnings.push(
          `电流 ${current} A 超出 IPC-2221 内层曲线的范围（不超过 17.5 A），结果仅供参考。`,
        );
      if (rise < 10 || rise > 100)
        warnings.push(`温升 ${rise} °C 超出 IPC-2221 曲线的 10–100 °C 范围，结果仅供参考。`);
      return {
        rows: [
          ['最小线宽', `${t.mil.toFixed(1)} mil（${t.mm.toFixed(3)} mm）`],
          ['截面积', `${t.area.toFixed(1)} mil²`],
        ],
        warnings,
      };
    },
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
    calc: (v) => {
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
    },
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
    calc: (v) => {
      const t = timer555(num(v, 'r1', 'R1'), num(v, 'r2', 'R2'), num(v, 'c', 'C') * 1e-6);
      return {
        rows: [
          ['频率', si(t.frequency, 'Hz')],
          ['高电平时间', si(t.high, 's')],
          ['低电平时间', si(t.low, 's')],
          ['占空比', pct(t.duty)],
        ],
        warnings:
          t.frequency > 500e3
            ? [
                `频率 ${si(t.frequency, 'Hz')} 超过 NE555 约 500 kHz 的最高工作频率：请加大 R 或 C，或改用 CMOS 型 555（如 TLC555）。`,
              ]
            : [],
      };
    },
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
    calc: (v) => {
      const m = microstrip(
        num(v, 'w', 'w'),
        num(v, 'h', 'h'),
        num(v, 't', 't'),
        num(v, 'er', 'εr'),
      );
      if (!(m.z0 > 0)) throw new Error('线宽相对介质厚度过大，超出公式适用范围');
      return {
        rows: [
          ['特性阻抗 Z0', `${m.z0.toFixed(1)} Ω`],
          ['适用范围', m.valid ? '在公式适用范围内' : '超出公式适用范围'],
        ],
        warnings: m.valid
          ? []
          : ['参数超出 0.1 < w/h < 2.0 或 1 < εr < 15 的公式适用范围，结果仅供参考。'],
      };
    },
  },
];

export const BOARD_TOOLS: readonly ToolDef[] = SPECS.map(tool);
