/**
 * The learning tools' calculations against worked examples (issue 15). The
 * sources: IEC 60062 colour code tables, IPC-2221 §6.2 (and its usual
 * charts), textbook RC/LC formulas, datasheet-style LDO thermal examples.
 */
import { describe, expect, it } from 'vitest';
import {
  awg,
  buckInductor,
  microstrip,
  timer555,
  buck,
  dbPower,
  dbVoltage,
  dbmToMw,
  divider,
  e24Up,
  lcResonance,
  ldo,
  ledResistor,
  mwToDbm,
  powerLevels,
  rcCutoff,
  resistorValue,
  si,
  traceWidth,
} from '../../src/shared/tools/calc.ts';
import { findTool, toolValues } from '../../src/shared/tools/tools.ts';

describe('resistor colour code', () => {
  it('reads 4- and 5-band resistors', () => {
    expect(resistorValue(['黄', '紫'], '红', '金')).toEqual({ ohms: 4700, tolerance: 5 });
    expect(resistorValue(['棕', '黑'], '橙', '金')).toEqual({ ohms: 10_000, tolerance: 5 });
    expect(resistorValue(['棕', '黑', '黑'], '棕', '棕')).toEqual({ ohms: 1000, tolerance: 1 });
    expect(resistorValue(['红', '红'], '金', '银')).toEqual({ ohms: 2.2, tolerance: 10 });
    expect(resistorValue(['黑', '紫'], '红', '金')).toEqual({ error: '第一道色环不能是黑色' });
  });
});

describe('E24 and SI text', () => {
  it('rounds up to the series and prints prefixes', () => {
    expect(e24Up(150)).toBe(150);
    expect(e24Up(152)).toBe(160);
    expect(e24Up(9.2)).toBe(10);
    expect(e24Up(0.047)).toBe(0.047);
    expect(si(4700, 'Ω')).toBe('4.7 kΩ');
    expect(si(1591.549, 'Hz')).toBe('1.592 kHz');
    expect(si(0.06, 'W')).toBe('60 mW');
  });
});

describe('divider and LED', () => {
  it('divides 12 V by 10 kΩ / 3.3 kΩ', () => {
    const d = divider(12, 10e3, 3.3e3);
    expect(d.vout).toBeCloseTo(2.977, 3);
    expect(d.current).toBeCloseTo(902.26e-6, 8);
  });

  it('gives 150 Ω for 5 V, 2 V, 20 mA, and a 1/8 W part (2× margin over 60 mW)', () => {
    const r = ledResistor(5, 2, 0.02);
    expect(r).toMatchObject({ chosen: 150, rating: 0.125 });
    if ('power' in r) expect(r.power).toBeCloseTo(0.06, 6);
    expect(ledResistor(3, 3.2, 0.02)).toEqual({ error: '电源电压必须高于 LED 正向压降' });
    // 12 V, 3.1 V white LED at 20 mA: 445 Ω → 470 Ω, 18.9 mA.
    const w = ledResistor(12, 3.1, 0.02);
    if ('chosen' in w) {
      expect(w.chosen).toBe(470);
      expect(w.actual).toBeCloseTo(0.01894, 5);
    }
  });
});

describe('filters', () => {
  it('1 kΩ and 100 nF cut off at 1591.5 Hz; 10 µH and 100 nF resonate at 159.2 kHz', () => {
    expect(rcCutoff(1e3, 100e-9)).toBeCloseTo(1591.549, 2);
    const lc = lcResonance(10e-6, 100e-9, 1);
    expect(lc.f0).toBeCloseTo(159_154.9, 0);
    expect(lc.q).toBeCloseTo(10, 6);
  });
});

describe('regulators', () => {
  it('an LDO from 5 V to 3.3 V at 0.5 A in a 60 °C/W package', () => {
    const r = ldo(5, 3.3, 0.5, 0.001, 60, 25);
    if (!('power' in r)) throw new Error('expected a result');
    expect(r.power).toBeCloseTo(0.855, 6);
    expect(r.tj).toBeCloseTo(76.3, 6);
    expect(r.efficiency).toBeCloseTo(0.6587, 4);
  });

  it('a 12 V → 3.3 V, 2 A buck', () => {
    const b = buck(12, 3.3, 2, 0.02, 500e3, 20e-9, 0.015);
    if (!('efficiency' in b)) throw new Error('expected a result');
    expect(b.duty).toBeCloseTo(0.275, 6);
    expect(b.conduction).toBeCloseTo(0.08, 6);
    expect(b.switching).toBeCloseTo(0.12, 6);
    expect(b.inductor).toBeCloseTo(0.06, 6);
    expect(b.efficiency).toBeCloseTo(6.6 / 6.86, 6);
  });
});

describe('PCB trace width (IPC-2221)', () => {
  it('1 A, 10 °C rise, 1 oz outer layer: about 12 mil (0.30 mm)', () => {
    const t = traceWidth(1, 10, 1, 'external');
    expect(t.mil).toBeCloseTo(11.83, 1);
    expect(t.mm).toBeCloseTo(0.3, 2);
  });

  it('an inner layer needs about 2.6× the width', () => {
    const outer = traceWidth(2, 20, 1, 'external').mil;
    const inner = traceWidth(2, 20, 1, 'internal').mil;
    expect(inner / outer).toBeCloseTo(2 ** (1 / 0.725), 6);
  });
});

describe('units and decibels', () => {
  it('converts power levels at 50 Ω', () => {
    expect(dbmToMw(0)).toBe(1);
    expect(dbmToMw(30)).toBeCloseTo(1000, 9);
    expect(mwToDbm(2)).toBeCloseTo(3.0103, 4);
    const p = powerLevels(0);
    expect(p.vrms).toBeCloseTo(0.2236, 4);
    expect(p.dbuv).toBeCloseTo(107, 0);
    expect(p.dbw).toBe(-30);
  });

  it('dB ratios and AWG', () => {
    expect(dbVoltage(10)).toBeCloseTo(20, 9);
    expect(dbPower(2)).toBeCloseTo(3.0103, 4);
    expect(awg(24).diameter).toBeCloseTo(0.511, 3);
    expect(awg(24).area).toBeCloseTo(0.205, 3);
  });
});

describe('buck inductor, 555 and microstrip', () => {
  it('12 V → 3.3 V, 2 A, 500 kHz, 30 % ripple needs about 8 µH', () => {
    const b = buckInductor(12, 3.3, 2, 500e3, 0.3);
    expect(b.inductance).toBeCloseTo((3.3 * (1 - 0.275)) / (500e3 * 0.6), 12);
    expect(b.inductance * 1e6).toBeCloseTo(7.975, 3);
    expect(b.peak).toBeCloseTo(2.3, 9);
  });

  it('a 555 with 1 kΩ, 10 kΩ and 10 µF runs at about 6.86 Hz, 52.4 % duty', () => {
    const t = timer555(1e3, 10e3, 10e-6);
    expect(t.frequency).toBeCloseTo(6.857, 3);
    expect(t.duty).toBeCloseTo(0.5238, 4);
    expect(t.high).toBeCloseTo(0.07623, 5);
  });

  it('a 3 mm trace over 1.6 mm FR-4 (εr 4.5) is about 49 Ω', () => {
    const m = microstrip(3, 1.6, 0.035, 4.5);
    expect(m.z0).toBeCloseTo(48.98, 1);
    expect(m.valid).toBe(true); // w/h = 1.875 is within the formula's 0.1–2.0
    expect(microstrip(0.1, 1.6, 0.035, 4.5).valid).toBe(false);
  });
});

describe('results past a part’s limits warn (issue 24)', () => {
  const run = (slug: string, query: string) => {
    const def = findTool(slug)!;
    return def.compute(toolValues(def, new URLSearchParams(query)));
  };

  it('LDO: a junction past Tj(max) and a dropout not met are warned, in Chinese', () => {
    const hot = run('ldo', 'vin=12&vout=5&iout=500&iq=1&theta=60&ta=25');
    expect(hot).toMatchObject({
      warnings: [
        '结温 235.7 °C 超过器件最高结温 125 °C：功耗 3.512 W 超过此散热条件下允许的 1.667 W，器件会过热保护或损坏。请降低压差或负载电流、改善散热，或改用开关稳压器。',
      ],
    });
    expect('rows' in hot && hot.rows).toContainEqual(['结温 Tj', '235.7 °C']);
    // The part's own limit is an input: a 150 °C part at the same point is still over.
    const rated = run('ldo', 'vin=5&vout=3.3&iout=500&iq=1&theta=60&ta=25&tjmax=70');
    expect('warnings' in rated && rated.warnings[0]).toMatch(
      /^结温 76\.3 °C 超过器件最高结温 70 °C/,
    );
    const tight = run('ldo', 'vin=3.5&vout=3.3&iout=100&iq=1&theta=60&ta=25&vdo=0.3');
    expect(tight).toMatchObject({
      warnings: ['输入输出压差 0.20 V 小于器件压差 0.3 V：LDO 无法稳压，输出会低于 3.3 V。'],
    });
    // The default example is within limits: no warning.
    expect(run('ldo', '')).toMatchObject({ warnings: [] });
  });

  it('the other calculators warn instead of printing a silent out-of-range result', () => {
    const led = run('led', 'vs=48&vf=2&if=500');
    expect(led).toMatchObject({
      warnings: [expect.stringMatching(/^电阻功耗 .+ 过大/)],
    });
    expect('rows' in led && led.rows).toContainEqual(['建议额定功率', '超过 5 W']);
    expect(run('divider', 'vin=24&r1=100&r2=100')).toMatchObject({
      warnings: [
        expect.stringMatching(/^R1 功耗 1\.44 W 超过常用 1\/4 W 贴片电阻额定功率的一半/),
        expect.stringMatching(/^R2 /),
      ],
    });
    expect(run('trace-width', 'i=50&dt=10')).toMatchObject({
      warnings: [expect.stringMatching(/^电流 50 A 超出 IPC-2221/)],
    });
    expect(run('timer555', 'r1=100&r2=100&c=0.001')).toMatchObject({
      warnings: [expect.stringMatching(/^频率 .+ 超过 NE555/)],
    });
    expect(run('buck', 'vin=3.4&vout=3.3')).toMatchObject({
      warnings: [expect.stringMatching(/^占空比 97\.1 % 超过 90 %/)],
    });
    expect(run('microstrip', 'w=0.3&h=0.2&er=20')).toMatchObject({
      warnings: ['参数超出 0.1 < w/h < 2.0 或 1 < εr < 15 的公式适用范围，结果仅供参考。'],
    });
    for (const slug of ['led', 'divider', 'trace-width', 'timer555', 'buck', 'microstrip'])
      expect(run(slug, ''), slug).toMatchObject({ warnings: [] });
  });
});
