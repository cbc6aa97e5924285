/** Timing diagrams of the demo lesson slides: PWM, UART, SPI, I²C, CAN, a bouncing key and an RTOS timeline. */
import type { Diagram } from '../../src/server/db/seed/content/lesson-slides.ts';

import { BLUE, GRID, INK, ORANGE, type Pen } from './pen.ts';

/** Draws `d` if it is one of this file's kinds; false if not. */
export function drawWaves(p: Pen, d: Diagram): boolean {
  const { c, w, h, lw, X, Y, text, trace } = p;
  const L = d.labels ?? [];
  const V = d.values ?? [];
  switch (d.kind) {
    case 'pwm': {
      const duties = V.length ? V : [25, 50, 75];
      const rowH = Math.min(0.3, 0.85 / duties.length);
      duties.forEach((duty, r) => {
        const top = 0.5 - (duties.length * rowH) / 2 + r * rowH + 0.05;
        const levels: number[] = [];
        for (let p = 0; p < 4; p++)
          for (let s = 0; s < 20; s++) levels.push(s < (duty / 100) * 20 ? 1 : 0);
        trace(levels, 0.25, 0.98, top, top + 0.17, r % 2 ? ORANGE : BLUE);
        text(`D=${duty}%`, 0, top + 0.09);
      });
      return true;
    }
    case 'uart': {
      const byte = V[0] ?? 0x41;
      const bits = [1, 0, ...Array.from({ length: 8 }, (_, i) => (byte >> i) & 1), 1, 1];
      trace(bits, 0.12, 0.98, 0.3, 0.55, BLUE);
      // Start, the data bits LSB first, the stop bit (8N1 has no parity bit).
      const names = ['', 'S', '0', '1', '2', '3', '4', '5', '6', '7', '', ''];
      const step = 0.86 / bits.length;
      names.forEach((n, i) => {
        if (i > 0 && i < 11)
          c.dashed(X(0.12 + i * step), Y(0.2), X(0.12 + i * step), Y(0.7), lw / 2, lw * 2, GRID);
        if (n) text(n, 0.12 + (i + 0.5) * step, 0.8, INK, 'c');
      });
      text('STOP', 0.12 + 10.5 * step, 0.93, INK, 'c');
      text(L[0] ?? 'TX', 0, 0.42);
      text(`0x${byte.toString(16).toUpperCase()} 8N1`, 0.98, 0.08, ORANGE, 'r');
      return true;
    }
    case 'spi': {
      const rows: [string, number[]][] = [
        ['CS', [1, ...Array(16).fill(0), 1]],
        ['SCK', [0, ...Array.from({ length: 16 }, (_, i) => i % 2), 0]],
        ['MOSI', [0, ...[1, 0, 1, 1, 0, 0, 1, 0].flatMap((b) => [b, b]), 0]],
        ['MISO', [0, ...[0, 1, 1, 0, 1, 0, 0, 1].flatMap((b) => [b, b]), 0]],
      ];
      rows.forEach(([n, lv], r) => {
        const top = 0.08 + r * 0.23;
        trace(lv, 0.22, 0.98, top, top + 0.14, r === 1 ? ORANGE : BLUE);
        text(n, 0, top + 0.07);
      });
      return true;
    }
    case 'i2c': {
      const scl = [1, 1, ...Array.from({ length: 18 }, (_, i) => (i % 2 ? 1 : 0)), 1, 1];
      const data = [1, 0, 1, 1, 0, 1, 0, 0, 0];
      const sda = [1, 0, ...data.flatMap((b, i) => (i === 8 ? [0, 0] : [b, b])), 0, 1];
      trace(scl, 0.18, 0.98, 0.12, 0.3, ORANGE);
      trace(sda, 0.18, 0.98, 0.5, 0.68, BLUE);
      text('SCL', 0, 0.21);
      text('SDA', 0, 0.59);
      const step = 0.8 / scl.length;
      text('S', 0.18 + 1.5 * step, 0.84, INK, 'c');
      text('A', 0.18 + 18.5 * step, 0.84, INK, 'c');
      text('P', 0.18 + 20.5 * step, 0.84, INK, 'c');
      text(L[0] ?? 'ADDR+W', 0.18 + 9 * step, 0.84, BLUE, 'c');
      return true;
    }
    case 'can': {
      const bits = [0, 1, 0, 0, 1, 1, 0, 1, 0, 0, 0, 1, 0];
      trace(
        bits.map((b) => (b ? 0.5 : 1)),
        0.2,
        0.98,
        0.15,
        0.55,
        BLUE,
      );
      trace(
        bits.map((b) => (b ? 0.5 : 0)),
        0.2,
        0.98,
        0.55,
        0.95,
        ORANGE,
      );
      text('CANH', 0, 0.2, BLUE);
      text('CANL', 0, 0.9, ORANGE);
      text('2.5V', 0, 0.55);
      return true;
    }
    case 'bounce': {
      const raw = [1, 1, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 1, 1, 1, 1];
      const clean = [1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1];
      trace(raw, 0.16, 0.98, 0.1, 0.38, BLUE);
      trace(clean, 0.16, 0.98, 0.58, 0.86, ORANGE);
      text(L[0] ?? 'KEY', 0, 0.24, BLUE);
      text(L[1] ?? 'OUT', 0, 0.72, ORANGE);
      text('10-20MS', 0.54, 0.96, INK, 'c');
      return true;
    }
    case 'gantt': {
      const tasks = L.length ? L : ['T1', 'T2', 'T3', 'IDLE'];
      const plan = [0, 1, 1, 3, 2, 0, 3, 1, 2, 2, 3, 0, 1, 3];
      const rowH = 0.8 / tasks.length;
      tasks.forEach((t, r) => {
        text(t, 0, 0.08 + r * rowH + rowH / 2);
        c.dashed(
          X(0.18),
          Y(0.08 + (r + 1) * rowH),
          X(0.98),
          Y(0.08 + (r + 1) * rowH),
          lw / 2,
          lw * 2,
          GRID,
        );
      });
      const sw = 0.8 / plan.length;
      plan.forEach((r, i) => {
        if (r >= tasks.length) return;
        c.box(
          X(0.18 + i * sw),
          Y(0.08 + r * rowH + rowH * 0.2),
          sw * w,
          rowH * 0.6 * h,
          r === tasks.length - 1 ? GRID : r % 2 ? ORANGE : BLUE,
        );
      });
      text('TICK', 0.98, 0.96, INK, 'r');
      return true;
    }
  }
  return false;
}
