/** Schematics of the demo lesson slides with IEC resistors (divider, RC low-pass, Buck, inverting amplifier) and block diagrams. */
import type { Diagram } from '../../src/server/db/seed/content/lesson-slides.ts';
import { rgb } from './raster.ts';
import { BLUE, FILL, INK, ORANGE, type Pen, type Pt } from './pen.ts';

/** Draws `d` if it is one of this file's kinds; false if not. */
export function drawSchematics(p: Pen, d: Diagram): boolean {
  const { c, w, h, lw, X, Y, text, resistor, ground, capacitor, terminal, wire, junction } = p;
  const L = d.labels ?? [];
  switch (d.kind) {
    case 'divider': {
      terminal(0.3, 0.06, L[0] ?? 'VIN', 'right');
      wire([
        [0.3, 0.06],
        [0.3, 0.2],
      ]);
      resistor(0.3, 0.3, true, L[1] ?? 'R1');
      wire([
        [0.3, 0.4],
        [0.3, 0.6],
      ]);
      junction(0.3, 0.5);
      wire([
        [0.3, 0.5],
        [0.75, 0.5],
      ]);
      terminal(0.75, 0.5, L[3] ?? 'VOUT', 'right');
      resistor(0.3, 0.7, true, L[2] ?? 'R2');
      wire([
        [0.3, 0.8],
        [0.3, 0.9],
      ]);
      ground(0.3, 0.9);
      return true;
    }
    case 'rc': {
      terminal(0.06, 0.3, L[0] ?? 'VIN', 'below');
      wire([
        [0.06, 0.3],
        [0.23, 0.3],
      ]);
      resistor(0.3, 0.3, false, L[1] ?? 'R');
      wire([
        [0.37, 0.3],
        [0.9, 0.3],
      ]);
      junction(0.6, 0.3);
      capacitor(0.6, 0.3, 0.78, L[2] ?? 'C');
      ground(0.6, 0.83);
      terminal(0.9, 0.3, L[3] ?? 'VOUT', 'below');
      return true;
    }
    case 'buck': {
      terminal(0.04, 0.2, 'VIN', 'below');
      wire([
        [0.04, 0.2],
        [0.16, 0.2],
      ]);
      // The high-side switch: an open contact.
      c.dot(X(0.17), Y(0.2), lw * 1.4, INK);
      c.line(X(0.17), Y(0.2), X(0.28), Y(0.1), lw, INK);
      c.dot(X(0.3), Y(0.2), lw * 1.4, INK);
      text('Q1', 0.23, 0.03, INK, 'c');
      wire([
        [0.3, 0.2],
        [0.42, 0.2],
      ]);
      junction(0.38, 0.2);
      text('SW', 0.4, 0.32, ORANGE);
      // The freewheeling diode, cathode up.
      wire([
        [0.38, 0.2],
        [0.38, 0.45],
      ]);
      c.triangle(
        [
          [X(0.38), Y(0.45)],
          [X(0.34), Y(0.57)],
          [X(0.42), Y(0.57)],
        ],
        INK,
      );
      c.line(X(0.34), Y(0.45), X(0.42), Y(0.45), lw, INK);
      wire([
        [0.38, 0.57],
        [0.38, 0.85],
      ]);
      text('D1', 0.25, 0.51);
      // The inductor: four turns.
      const turns: Pt[] = [];
      for (let i = 0; i <= 80; i++) {
        const t = i / 80;
        const k = Math.floor(t * 4);
        const local = t * 4 - k;
        turns.push([X(0.42 + t * 0.2), Y(0.2) - Math.sin(local * Math.PI) * 0.08 * h]);
      }
      c.path(turns, lw, INK);
      text('L', 0.52, 0.03, INK, 'c');
      wire([
        [0.62, 0.2],
        [0.96, 0.2],
      ]);
      junction(0.72, 0.2);
      junction(0.86, 0.2);
      capacitor(0.72, 0.2, 0.85, 'C', true);
      resistor(0.86, 0.52, true, '');
      text('RL', 0.9, 0.52);
      wire([
        [0.86, 0.2],
        [0.86, 0.42],
      ]);
      wire([
        [0.86, 0.62],
        [0.86, 0.85],
      ]);
      wire([
        [0.38, 0.85],
        [0.86, 0.85],
      ]);
      junction(0.72, 0.85);
      ground(0.55, 0.9);
      wire([
        [0.55, 0.85],
        [0.55, 0.85],
      ]);
      terminal(0.96, 0.2, 'VOUT', 'above');
      return true;
    }
    case 'opamp': {
      const tri: Pt[] = [
        [X(0.5), Y(0.3)],
        [X(0.5), Y(0.8)],
        [X(0.72), Y(0.55)],
      ];
      c.path([...tri, tri[0]!], lw, INK);
      text('-', 0.52, 0.4);
      text('+', 0.52, 0.7);
      terminal(0.04, 0.4, L[0] ?? 'VIN', 'below');
      wire([
        [0.04, 0.4],
        [0.13, 0.4],
      ]);
      resistor(0.2, 0.4, false, L[1] ?? 'RIN');
      wire([
        [0.27, 0.4],
        [0.5, 0.4],
      ]);
      junction(0.4, 0.4);
      wire([
        [0.4, 0.4],
        [0.4, 0.12],
        [0.55, 0.12],
      ]);
      resistor(0.62, 0.12, false, '');
      text(L[2] ?? 'RF', 0.62, 0.24, INK, 'c');
      wire([
        [0.69, 0.12],
        [0.84, 0.12],
        [0.84, 0.55],
      ]);
      wire([
        [0.72, 0.55],
        [0.96, 0.55],
      ]);
      junction(0.84, 0.55);
      terminal(0.96, 0.55, 'VOUT', 'above');
      wire([
        [0.5, 0.7],
        [0.42, 0.7],
        [0.42, 0.85],
      ]);
      ground(0.42, 0.9);
      return true;
    }
    case 'blocks': {
      const names = L.length ? L : ['IN', 'MCU', 'OUT'];
      const perRow = names.length > 4 ? Math.ceil(names.length / 2) : names.length;
      const rows = Math.ceil(names.length / perRow);
      const bw = 0.8 / perRow;
      names.forEach((n, i) => {
        const r = Math.floor(i / perRow);
        const k = r % 2 ? perRow - 1 - (i % perRow) : i % perRow;
        const u = 0.02 + k * (bw + 0.18 / Math.max(1, perRow - 1));
        const v = rows === 1 ? 0.35 : 0.12 + r * 0.5;
        c.box(X(u), Y(v), bw * w, 0.3 * h, i % 3 === 1 ? rgb('#fff1e6') : FILL);
        c.path(
          [
            [X(u), Y(v)],
            [X(u + bw), Y(v)],
            [X(u + bw), Y(v + 0.3)],
            [X(u), Y(v + 0.3)],
            [X(u), Y(v)],
          ],
          lw,
          INK,
        );
        text(n, u + bw / 2, v + 0.15, INK, 'c', bw * 0.85);
        if (i + 1 < names.length) {
          const nextRow = Math.floor((i + 1) / perRow) !== r;
          if (nextRow) c.arrow(X(u + bw / 2), Y(v + 0.3), X(u + bw / 2), Y(v + 0.5), lw, BLUE);
          else if (r % 2)
            c.arrow(
              X(u),
              Y(v + 0.15),
              X(u - 0.18 / Math.max(1, perRow - 1)),
              Y(v + 0.15),
              lw,
              BLUE,
            );
          else
            c.arrow(
              X(u + bw),
              Y(v + 0.15),
              X(u + bw + 0.18 / Math.max(1, perRow - 1)),
              Y(v + 0.15),
              lw,
              BLUE,
            );
        }
      });
      return true;
    }
  }
  return false;
}
