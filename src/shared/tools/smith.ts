/**
 * The Smith chart's arithmetic (issue 24): a load impedance Z = R + jX on a
 * line of characteristic impedance Z0 → the normalised z = Z / Z0, the
 * reflection coefficient Γ = (z − 1) / (z + 1), VSWR = (1 + |Γ|) / (1 − |Γ|)
 * and the return loss −20·log10|Γ|.
 * smith(100, 0, 50) → Γ 0.3333∠0°, VSWR 2, RL 9.54 dB
 * smith(25, 25, 50) → Γ −0.2 + j0.4 (0.4472∠116.57°), VSWR 2.618, RL 6.99 dB
 */
export interface SmithPoint {
  /** The normalised impedance z = r + jx. */
  r: number;
  x: number;
  /** Γ as real and imaginary parts, and as magnitude and angle (degrees, −180…180). */
  gammaRe: number;
  gammaIm: number;
  magnitude: number;
  angleDeg: number;
  /** Infinity for a lossless load (|Γ| = 1). */
  vswr: number;
  /** dB, Infinity for a matched load (Γ = 0). */
  returnLossDb: number;
}

export function smith(resistance: number, reactance: number, z0: number): SmithPoint {
  const r = resistance / z0;
  const x = reactance / z0;
  // Γ = (z − 1)/(z + 1) = ((r − 1) + jx) / ((r + 1) + jx)
  const d = (r + 1) ** 2 + x ** 2;
  const gammaRe = (r * r - 1 + x * x) / d;
  const gammaIm = (2 * x) / d;
  const magnitude = Math.min(1, Math.hypot(gammaRe, gammaIm));
  const angleDeg = magnitude === 0 ? 0 : (Math.atan2(gammaIm, gammaRe) * 180) / Math.PI;
  return {
    r,
    x,
    gammaRe,
    gammaIm,
    magnitude,
    angleDeg,
    vswr: magnitude >= 1 ? Number.POSITIVE_INFINITY : (1 + magnitude) / (1 - magnitude),
    returnLossDb: magnitude === 0 ? Number.POSITIVE_INFINITY : -20 * Math.log10(magnitude),
  };
}

/** The constant-resistance and constant-reactance values the chart draws. */
export const SMITH_R_CIRCLES = [0, 0.2, 0.5, 1, 2, 5] as const;
export const SMITH_X_ARCS = [0.2, 0.5, 1, 2, 5] as const;

/** A constant-r circle in the Γ plane: centre (r/(1+r), 0), radius 1/(1+r). */
export function rCircle(r: number): { cx: number; cy: number; radius: number } {
  return { cx: r / (1 + r), cy: 0, radius: 1 / (1 + r) };
}

/** A constant-x circle in the Γ plane: centre (1, 1/x), radius 1/|x|. */
export function xCircle(x: number): { cx: number; cy: number; radius: number } {
  return { cx: 1, cy: 1 / x, radius: 1 / Math.abs(x) };
}
