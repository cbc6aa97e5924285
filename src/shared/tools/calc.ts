/**
 * The calculations behind the learning tools (issue 15), pure and shared by
 * the tool islands (which run them offline in the browser) and the pages
 * (which render the default example on the server). Units are SI unless a
 * name says otherwise; each function states its formula and source.
 */

/** E24 series mantissas (IEC 60063). */
export const E24 = [
  1.0, 1.1, 1.2, 1.3, 1.5, 1.6, 1.8, 2.0, 2.2, 2.4, 2.7, 3.0, 3.3, 3.6, 3.9, 4.3, 4.7, 5.1, 5.6,
  6.2, 6.8, 7.5, 8.2, 9.1,
];

/** The smallest E24 value ≥ x: e24Up(150) → 150, e24Up(152) → 160 */
export function e24Up(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return Number.NaN;
  const decade = 10 ** Math.floor(Math.log10(x));
  for (const m of [...E24, 10]) {
    const v = Number((m * decade).toPrecision(3));
    if (v >= x * (1 - 1e-9)) return v;
  }
  return Number.NaN;
}

/** Engineering text with an SI prefix: si(4700, 'Ω') → '4.7 kΩ', si(0.0001592, 's') → '159.2 µs' */
export function si(value: number, unit: string, digits = 4): string {
  if (!Number.isFinite(value)) return '—';
  if (value === 0) return `0 ${unit}`;
  const prefixes: [number, string][] = [
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
    [1, ''],
    [1e-3, 'm'],
    [1e-6, 'µ'],
    [1e-9, 'n'],
    [1e-12, 'p'],
  ];
  const abs = Math.abs(value);
  const [scale, prefix] = prefixes.find(([s]) => abs >= s * 0.9995) ?? prefixes.at(-1)!;
  const n = Number((value / scale).toPrecision(digits));
  return `${n} ${prefix}${unit}`;
}

// ——— Resistor colour code (IEC 60062) ———

export const COLOURS = ['黑', '棕', '红', '橙', '黄', '绿', '蓝', '紫', '灰', '白'] as const;
export const MULTIPLIERS: Record<string, number> = {
  ...Object.fromEntries(COLOURS.map((c, i) => [c, 10 ** i])),
  金: 0.1,
  银: 0.01,
};
export const TOLERANCES: Record<string, number> = {
  棕: 1,
  红: 2,
  绿: 0.5,
  蓝: 0.25,
  紫: 0.1,
  灰: 0.05,
  金: 5,
  银: 10,
};

/**
 * A resistor's value from its bands: 2 (4-band) or 3 (5-band) digit colours,
 * a multiplier colour and a tolerance colour.
 * resistorValue(['黄', '紫'], '红', '金') → { ohms: 4700, tolerance: 5 }
 */
export function resistorValue(
  digits: readonly string[],
  multiplier: string,
  tolerance: string,
): { ohms: number; tolerance: number } | { error: string } {
  const d = digits.map((c) => COLOURS.indexOf(c as (typeof COLOURS)[number]));
  if (d.some((n) => n < 0))
    return { error: '数字色环只能是黑、棕、红、橙、黄、绿、蓝、紫、灰、白' };
  if (d[0] === 0) return { error: '第一道色环不能是黑色' };
  const m = MULTIPLIERS[multiplier];
  const t = TOLERANCES[tolerance];
  if (m === undefined) return { error: '倍率色环无效' };
  if (t === undefined) return { error: '误差色环无效' };
  const base = d.reduce((n, x) => n * 10 + x, 0);
  return { ohms: Number((base * m).toPrecision(6)), tolerance: t };
}

// ——— Voltage divider ———

/** Vout = Vin · R2 / (R1 + R2); divider(12, 10e3, 3.3e3).vout → 2.977 V */
export function divider(vin: number, r1: number, r2: number) {
  const i = vin / (r1 + r2);
  return { vout: vin * (r2 / (r1 + r2)), current: i, p1: i * i * r1, p2: i * i * r2 };
}

// ——— LED series resistor ———

const WATTAGES = [0.125, 0.25, 0.5, 1, 2, 3, 5];

/**
 * R = (Vs − Vf) / If, rounded up to E24; the resistor's power and a rating
 * with at least 2× margin. led(5, 2, 0.02) → R 150 Ω, P 60 mW, 1/8 W
 */
export function ledResistor(vs: number, vf: number, current: number) {
  if (vs <= vf) return { error: '电源电压必须高于 LED 正向压降' } as const;
  const exact = (vs - vf) / current;
  const chosen = e24Up(exact);
  const actual = (vs - vf) / chosen;
  const power = actual * actual * chosen;
  const rating = WATTAGES.find((w) => w >= power * 2) ?? Number.NaN;
  return { exact, chosen, actual, power, rating } as const;
}

// ——— Filters ———

/** fc = 1 / (2πRC); rcCutoff(1e3, 100e-9) → 1591.5 Hz */
export function rcCutoff(r: number, c: number): number {
  return 1 / (2 * Math.PI * r * c);
}

/** f0 = 1 / (2π√(LC)), and Q = (1/R)·√(L/C) of a series RLC; lcResonance(10e-6, 100e-9, 1) */
export function lcResonance(l: number, c: number, r: number) {
  return { f0: 1 / (2 * Math.PI * Math.sqrt(l * c)), q: r > 0 ? Math.sqrt(l / c) / r : Number.NaN };
}

// ——— Linear regulator (LDO) ———

/**
 * P = (Vin − Vout)·Iout + Vin·Iq; Tj = Ta + P·θJA; η = Vout·Iout / (Vin·(Iout + Iq)).
 * ldo(5, 3.3, 0.5, 0.001, 60, 25) → P 0.855 W, Tj 76.3 °C, η 65.9 %
 */
export function ldo(
  vin: number,
  vout: number,
  iout: number,
  iq: number,
  thetaJa: number,
  ta: number,
) {
  if (vin <= vout) return { error: '输入电压必须高于输出电压' } as const;
  const power = (vin - vout) * iout + vin * iq;
  return {
    power,
    tj: ta + power * thetaJa,
    efficiency: (vout * iout) / (vin * (iout + iq)),
  } as const;
}

/**
 * The most power a package may dissipate before Tj reaches tjMax:
 * (tjMax − Ta) / θJA; ldoPowerLimit(125, 25, 60) → 1.667 W (0 when Ta ≥ tjMax).
 */
export function ldoPowerLimit(tjMax: number, ta: number, thetaJa: number): number {
  return Math.max(0, (tjMax - ta) / thetaJa);
}

// ——— Synchronous buck converter losses (first-order estimate) ———

/**
 * D = Vout/Vin; conduction = Iout²·Rds(on) (high side for D, low side for 1−D,
 * same Rds(on) here); switching = ½·Vin·Iout·(tr + tf)·fsw; inductor = Iout²·DCR;
 * η = Pout / (Pout + losses). buck(12, 3.3, 2, 0.02, 500e3, 20e-9, 0.015)
 */
export function buck(
  vin: number,
  vout: number,
  iout: number,
  rds: number,
  fsw: number,
  trf: number,
  dcr: number,
) {
  if (vin <= vout) return { error: '降压电路的输入电压必须高于输出电压' } as const;
  const duty = vout / vin;
  const conduction = iout * iout * rds;
  const switching = 0.5 * vin * iout * trf * fsw;
  const inductor = iout * iout * dcr;
  const pout = vout * iout;
  const losses = conduction + switching + inductor;
  return {
    duty,
    conduction,
    switching,
    inductor,
    losses,
    efficiency: pout / (pout + losses),
  } as const;
}

// ——— PCB trace width (IPC-2221) ———

/** 1 oz/ft² copper is 1.378 mil (34.8 µm) thick. */
export const MIL_PER_OZ = 1.378;

/**
 * IPC-2221: I = k·ΔT^0.44·A^0.725 (A in mil², k 0.048 outer / 0.024 inner),
 * so A = (I / (k·ΔT^0.44))^(1/0.725), width = A / thickness.
 * traceWidth(1, 10, 1, 'external').mil → 11.8
 */
export function traceWidth(
  current: number,
  rise: number,
  oz: number,
  layer: 'external' | 'internal',
) {
  const k = layer === 'external' ? 0.048 : 0.024;
  const area = (current / (k * rise ** 0.44)) ** (1 / 0.725);
  const mil = area / (oz * MIL_PER_OZ);
  return { area, mil, mm: mil * 0.0254 };
}

// ——— Units and decibels ———

/** dBm → mW: 10^(dBm/10); 0 dBm = 1 mW, 30 dBm = 1 W */
export const dbmToMw = (dbm: number) => 10 ** (dbm / 10);
/** mW → dBm */
export const mwToDbm = (mw: number) => 10 * Math.log10(mw);

/** A power level in every usual form, at `ohms` (50 Ω by default). */
export function powerLevels(dbm: number, ohms = 50) {
  const watts = dbmToMw(dbm) / 1000;
  const vrms = Math.sqrt(watts * ohms);
  return { mw: watts * 1000, watts, dbw: dbm - 30, vrms, dbuv: 20 * Math.log10(vrms / 1e-6) };
}

/** Voltage and power ratios in dB: 20·log10 and 10·log10. */
export const dbVoltage = (ratio: number) => 20 * Math.log10(ratio);
export const dbPower = (ratio: number) => 10 * Math.log10(ratio);

/** AWG → diameter (mm) and cross-section (mm²): d = 0.127 mm · 92^((36 − n)/39) */
export function awg(n: number) {
  const d = 0.127 * 92 ** ((36 - n) / 39);
  return { diameter: d, area: (Math.PI / 4) * d * d };
}

// ——— Buck inductor ———

/** L = Vout·(1 − D) / (fsw·ΔI), ΔI = ripple × Iout; buckInductor(12, 3.3, 2, 500e3, 0.3) → 8.0 µH */
export function buckInductor(vin: number, vout: number, iout: number, fsw: number, ripple: number) {
  const duty = vout / vin;
  const deltaI = ripple * iout;
  return { inductance: (vout * (1 - duty)) / (fsw * deltaI), deltaI, peak: iout + deltaI / 2 };
}

// ——— 555 astable ———

/** f = 1.44 / ((R1 + 2R2)·C); high 0.693·(R1 + R2)·C, low 0.693·R2·C. */
export function timer555(r1: number, r2: number, c: number) {
  const high = 0.693 * (r1 + r2) * c;
  const low = 0.693 * r2 * c;
  return { frequency: 1.44 / ((r1 + 2 * r2) * c), high, low, duty: (r1 + r2) / (r1 + 2 * r2) };
}

// ——— Microstrip impedance (IPC-2141A) ———

/**
 * Z0 = 87 / √(εr + 1.41) · ln(5.98h / (0.8w + t)), valid for 0.1 < w/h < 2.0
 * and 1 < εr < 15. microstrip(3, 1.6, 0.035, 4.5) → about 49 Ω
 */
export function microstrip(w: number, h: number, t: number, er: number) {
  const z0 = (87 / Math.sqrt(er + 1.41)) * Math.log((5.98 * h) / (0.8 * w + t));
  return { z0, valid: w / h > 0.1 && w / h < 2 && er > 1 && er < 15 };
}
