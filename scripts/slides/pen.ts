/**
 * The pen the slide diagrams draw with (scripts/slides/*.ts): a box on a Canvas
 * in fractions of its width and height (u, v from 0 to 1), line width and label
 * size from the box's size, and the parts of timing diagrams and schematics:
 * digital traces, IEC resistors, capacitors, grounds, terminals and wires.
 */
import { Canvas, rgb, type Rgb } from './raster.ts';

export const INK = rgb('#243447');
export const BLUE = rgb('#1c7ed6');
export const ORANGE = rgb('#e8590c');
export const GRID = rgb('#c9d3de');
export const FILL = rgb('#e7f0fa');

export type Pt = [number, number];

export type Pen = ReturnType<typeof pen>;

export function pen(c: Canvas, x: number, y: number, w: number, h: number) {
  const lw = Math.max(1.3, Math.min(w, h) / 95);
  const dd = Math.max(1, Math.round(Math.min(w, h) / 100));
  const X = (u: number) => x + u * w;
  const Y = (v: number) => y + v * h;
  /** A label centred on v; `fit` (a fraction of the width) shrinks its dots to fit. */
  const text = (
    s: string,
    u: number,
    v: number,
    col: Rgb = INK,
    align: 'l' | 'c' | 'r' = 'l',
    fit = 1,
  ) => {
    const most = (fit * w) / Math.max(1, Canvas.labelWidth(s, 1));
    const ds = most >= dd ? dd : most >= 1 ? Math.floor(most) : Math.max(0.6, most);
    const tw = Canvas.labelWidth(s, ds);
    const px = align === 'c' ? X(u) - tw / 2 : align === 'r' ? X(u) - tw : X(u);
    c.label(s, Math.max(x, Math.min(x + w - tw, px)), Y(v) - 3.5 * ds, ds, col);
  };
  /** A digital trace: one level (0 or 1, 0.5 = recessive/mid) per equal slot between u0 and u1. */
  const trace = (
    levels: number[],
    u0: number,
    u1: number,
    vHigh: number,
    vLow: number,
    col: Rgb,
  ) => {
    const pts: Pt[] = [];
    const step = (u1 - u0) / levels.length;
    levels.forEach((l, i) => {
      const v = vLow + (vHigh - vLow) * l;
      pts.push([X(u0 + i * step), Y(v)], [X(u0 + (i + 1) * step), Y(v)]);
    });
    c.path(pts, lw, col);
  };
  const resistor = (cx: number, cy: number, vertical: boolean, name: string) => {
    const [rw, rh] = vertical ? [0.05 * w, 0.2 * h] : [0.14 * w, 0.09 * h];
    const x0 = X(cx) - rw / 2;
    const y0 = Y(cy) - rh / 2;
    c.box(x0, y0, rw, rh, rgb('#ffffff'));
    c.path(
      [
        [x0, y0],
        [x0 + rw, y0],
        [x0 + rw, y0 + rh],
        [x0, y0 + rh],
        [x0, y0],
      ],
      lw,
      INK,
    );
    if (vertical) text(name, cx + 0.05, cy);
    else text(name, cx, cy - 0.12, INK, 'c');
  };
  const ground = (u: number, v: number) => {
    c.line(X(u), Y(v - 0.05), X(u), Y(v), lw, INK);
    for (let i = 0; i < 3; i++) {
      const half = 0.045 * w * (1 - i * 0.33);
      c.line(X(u) - half, Y(v) + i * 0.025 * h, X(u) + half, Y(v) + i * 0.025 * h, lw, INK);
    }
  };
  const capacitor = (u: number, v0: number, v1: number, name: string, left = false) => {
    const mid = (v0 + v1) / 2;
    c.line(X(u), Y(v0), X(u), Y(mid - 0.025), lw, INK);
    c.line(X(u), Y(mid + 0.025), X(u), Y(v1), lw, INK);
    c.line(X(u - 0.05), Y(mid - 0.025), X(u + 0.05), Y(mid - 0.025), lw * 1.6, INK);
    c.line(X(u - 0.05), Y(mid + 0.025), X(u + 0.05), Y(mid + 0.025), lw * 1.6, INK);
    if (left) text(name, u - 0.07, mid, INK, 'r');
    else text(name, u + 0.07, mid);
  };
  const terminal = (
    u: number,
    v: number,
    name: string,
    at: 'above' | 'below' | 'right' | 'left',
  ) => {
    c.dot(X(u), Y(v), lw * 2.2, INK);
    c.dot(X(u), Y(v), lw * 1.1, rgb('#ffffff'));
    if (at === 'right') text(name, u + 0.04, v, BLUE);
    else if (at === 'left') text(name, u - 0.04, v, BLUE, 'r');
    else text(name, u, at === 'above' ? v - 0.09 : v + 0.1, BLUE, u > 0.5 ? 'r' : 'l');
  };
  const wire = (pts: [number, number][]) =>
    c.path(
      pts.map(([u, v]) => [X(u), Y(v)]),
      lw,
      INK,
    );
  const junction = (u: number, v: number) => c.dot(X(u), Y(v), lw * 1.6, INK);
  const axes = (u0: number, v0: number, u1: number, v1: number) => {
    c.arrow(X(u0), Y(v1), X(u0), Y(v0), lw, INK);
    c.arrow(X(u0), Y(v1), X(u1), Y(v1), lw, INK);
  };
  return {
    c,
    x,
    y,
    w,
    h,
    lw,
    dd,
    X,
    Y,
    text,
    trace,
    resistor,
    ground,
    capacitor,
    terminal,
    wire,
    junction,
    axes,
  };
}
