/** Charts of the demo lesson slides: an ADC staircase, a Bode plot, sines and standing waves, bars and a Smith chart. */
import type { Diagram } from '../../src/server/db/seed/content/lesson-slides.ts';
import { rgb, type Rgb } from './raster.ts';
import { BLUE, GRID, INK, ORANGE, type Pen, type Pt } from './pen.ts';

/** Draws `d` if it is one of this file's kinds; false if not. */
export function drawCharts(p: Pen, d: Diagram): boolean {
  const { c, w, h, lw, X, Y, text, axes } = p;
  const L = d.labels ?? [];
  const V = d.values ?? [];
  switch (d.kind) {
    case 'adc': {
      axes(0.08, 0.05, 0.98, 0.92);
      const f = (t: number) => 0.5 - 0.38 * Math.sin(t * Math.PI * 2);
      const curve: Pt[] = [];
      for (let i = 0; i <= 100; i++) curve.push([X(0.1 + i * 0.0085), Y(f(i / 100))]);
      const stairs: Pt[] = [];
      const n = 16;
      for (let k = 0; k < n; k++) {
        const q = Math.round((1 - f(k / n)) * 8) / 8;
        const v = 1 - q;
        stairs.push([X(0.1 + (k / n) * 0.85), Y(v)], [X(0.1 + ((k + 1) / n) * 0.85), Y(v)]);
        c.dot(X(0.1 + (k / n) * 0.85), Y(f(k / n)), lw * 1.3, ORANGE);
      }
      c.path(curve, lw, BLUE);
      c.path(stairs, lw, ORANGE);
      text(L[0] ?? 'CODE', 0.1, 0.03);
      text('T', 0.98, 0.84, INK, 'r');
      return true;
    }
    case 'bode': {
      axes(0.1, 0.04, 0.98, 0.94);
      for (let k = 1; k < 4; k++)
        c.dashed(X(0.1 + k * 0.22), Y(0.06), X(0.1 + k * 0.22), Y(0.92), lw / 2, lw * 2, GRID);
      c.dashed(X(0.1), Y(0.45), X(0.96), Y(0.45), lw / 2, lw * 2, GRID);
      const mag: Pt[] = [];
      const ph: Pt[] = [];
      const fc = V[0] ?? 0.45;
      for (let i = 0; i <= 120; i++) {
        const u = i / 120;
        const dec = (u - fc) * 4;
        const gain = 0.2 + Math.max(0, dec) * 0.22 + Math.log10(1 + 10 ** (dec * 2)) * 0.02;
        mag.push([X(0.1 + u * 0.86), Y(Math.min(0.9, gain))]);
        const phase =
          0.5 +
          0.35 * (Math.atan(10 ** (dec * 1.2)) / (Math.PI / 2)) -
          0.1 * Math.exp(-((dec - 0.6) ** 2) * 3);
        ph.push([X(0.1 + u * 0.86), Y(Math.min(0.9, phase))]);
      }
      c.path(mag, lw * 1.2, BLUE);
      c.path(ph, lw, ORANGE);
      text(L[0] ?? 'GAIN DB', 0.12, 0.12, BLUE);
      text(L[1] ?? 'PHASE', 0.98, 0.62, ORANGE, 'r');
      text('0DB', 0.085, 0.45, INK, 'r', 0.085);
      text('LOG F', 0.98, 0.98, INK, 'r');
      return true;
    }
    case 'sine': {
      const n = Math.max(1, L.length);
      const cols = [BLUE, ORANGE, rgb('#2f9e44')];
      c.dashed(X(0.06), Y(0.5), X(0.98), Y(0.5), lw / 2, lw * 2, GRID);
      // values [cycles, 1]: a standing wave on a mismatched line, its envelope dashed.
      const envelope = (t: number) => 0.14 + 0.24 * Math.abs(Math.cos(t * Math.PI * 2));
      if (V[1])
        for (const sign of [1, -1]) {
          const env: Pt[] = [];
          for (let i = 0; i <= 160; i++)
            env.push([X(0.06 + (i / 160) * 0.92), Y(0.5 - sign * envelope(i / 160))]);
          for (let i = 0; i + 2 < env.length; i += 4) c.path(env.slice(i, i + 3), lw, ORANGE);
        }
      if (V[1]) text('VMAX', 0.06, 0.04, ORANGE);
      for (let p = 0; p < n; p++) {
        const pts: Pt[] = [];
        for (let i = 0; i <= 160; i++) {
          const t = i / 160;
          const a = V[1] ? envelope(t) * 0.8 : 0.38;
          pts.push([
            X(0.06 + t * 0.92),
            Y(
              0.5 -
                a *
                  Math.sin(t * Math.PI * 2 * (V[0] ?? 2) * (V[1] ? 3 : 1) - (p * 2 * Math.PI) / n),
            ),
          ]);
        }
        c.path(pts, lw, cols[p % 3]!);
        if (L[p]) text(L[p]!, 0.06 + p * 0.16, 0.04, cols[p % 3]!);
      }
      return true;
    }
    case 'bars': {
      const vals = V.length ? V : [3, 5, 4, 7];
      const max = Math.max(...vals);
      axes(0.06, 0.04, 0.98, 0.84);
      const bw = 0.86 / vals.length;
      vals.forEach((v, i) => {
        const bh = (v / max) * 0.7;
        c.box(
          X(0.09 + i * bw + bw * 0.15),
          Y(0.84 - bh),
          bw * 0.7 * w,
          bh * h,
          i % 2 ? ORANGE : BLUE,
        );
        if (L[i]) text(L[i]!, 0.09 + i * bw + bw / 2, 0.93, INK, 'c', bw * 0.9);
      });
      return true;
    }
    case 'smith': {
      const R = Math.min(w, h) * 0.46;
      const cx = X(0.5);
      const cy = Y(0.5);
      const circle = (ox: number, oy: number, r: number, col: Rgb, width: number) => {
        const pts: Pt[] = [];
        for (let i = 0; i <= 160; i++) {
          const a = (i / 160) * Math.PI * 2;
          const gx = ox + r * Math.cos(a);
          const gy = oy + r * Math.sin(a);
          if (gx * gx + gy * gy <= 1.0001) pts.push([cx + gx * R, cy - gy * R]);
          else {
            // Outside the chart: end the arc drawn so far.
            if (pts.length > 1) c.path(pts, width, col);
            pts.length = 0;
          }
        }
        if (pts.length > 1) c.path(pts, width, col);
      };
      for (const r of [0.2, 0.5, 1, 2, 5]) circle(r / (1 + r), 0, 1 / (1 + r), GRID, lw * 0.8);
      for (const x of [0.5, 1, 2, -0.5, -1, -2]) circle(1, 1 / x, Math.abs(1 / x), GRID, lw * 0.8);
      c.line(cx - R, cy, cx + R, cy, lw * 0.8, GRID);
      circle(0, 0, 1, INK, lw);
      c.dot(cx + 0.45 * R, cy - 0.35 * R, lw * 2, ORANGE);
      c.dot(cx, cy, lw * 2, BLUE);
      c.arrow(cx + 0.45 * R, cy - 0.35 * R, cx + 0.02 * R, cy - 0.02 * R, lw, ORANGE);
      text('ZL', 0.5 + (0.5 * R) / w, 0.5 - (0.45 * R) / h, ORANGE);
      text('50', 0.5 + (0.06 * R) / w, 0.5 + (0.12 * R) / h, BLUE);
      return true;
    }
  }
  return false;
}
