/**
 * A small RGB canvas for the demo lesson slides (scripts/media-slides.ts):
 * anti-aliased lines, boxes, dots and triangles, a 5×7 dot font for the
 * Latin labels of diagrams, and a PNG encoder (node:zlib). Every primitive
 * records the extent it drew, so a test can check a slide stays inside its
 * frame at any size.
 */
import { crc32, deflateSync } from 'node:zlib';

export type Rgb = readonly [number, number, number];

/** 0xRRGGBB or #RRGGBB → [r, g, b] */
export function rgb(hex: string): Rgb {
  const n = parseInt(hex.replace(/^(0x|#)/, ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Rows of each glyph, 5 bits each (bit 4 = left column), 7 rows as 14 hex digits. */
const GLYPHS: Record<string, string> = {
  '0': '0E11131519110E',
  '1': '040C040404040E',
  '2': '0E11010204081F',
  '3': '1F02040201110E',
  '4': '02060A121F0202',
  '5': '1F101E0101110E',
  '6': '0608101E11110E',
  '7': '1F010204080808',
  '8': '0E11110E11110E',
  '9': '0E11110F01020C',
  A: '0E11111F111111',
  B: '1E11111E11111E',
  C: '0E11101010110E',
  D: '1C12111111121C',
  E: '1F10101E10101F',
  F: '1F10101E101010',
  G: '0E11101711110F',
  H: '1111111F111111',
  I: '0E04040404040E',
  J: '0702020202120C',
  K: '11121418141211',
  L: '1010101010101F',
  M: '111B1515111111',
  N: '11111915131111',
  O: '0E11111111110E',
  P: '1E11111E101010',
  Q: '0E11111115120D',
  R: '1E11111E141211',
  S: '0F10100E01011E',
  T: '1F040404040404',
  U: '1111111111110E',
  V: '11111111110A04',
  W: '1111111515150A',
  X: '11110A040A1111',
  Y: '1111110A040404',
  Z: '1F01020408101F',
  '/': '01010204081010',
  '-': '0000001F000000',
  '+': '0004041F040400',
  '.': '00000000000C0C',
  '=': '00001F001F0000',
  '%': '18190204081303',
  ':': '000C0C000C0C00',
  '(': '02040808080402',
  ')': '08040202020408',
  x: '0000110A040A11',
  ',': '0000000000040800'.slice(0, 14),
  ' ': '00000000000000',
  '<': '02040810080402',
  '>': '08040201020408',
};

export class Canvas {
  readonly px: Uint8Array;
  /** The extent every primitive drew, for the tests: [minX, minY, maxX, maxY]. */
  readonly extent = [Infinity, Infinity, -Infinity, -Infinity];
  readonly w: number;
  readonly h: number;
  constructor(w: number, h: number, bg: Rgb) {
    this.w = w;
    this.h = h;
    this.px = new Uint8Array(w * h * 3);
    this.px.set(bg);
    for (let n = 3; n < this.px.length; n *= 2) this.px.copyWithin(n, 0, n);
  }

  private mark(x0: number, y0: number, x1: number, y1: number): void {
    const e = this.extent;
    e[0] = Math.min(e[0]!, x0);
    e[1] = Math.min(e[1]!, y0);
    e[2] = Math.max(e[2]!, x1);
    e[3] = Math.max(e[3]!, y1);
  }

  private blend(x: number, y: number, c: Rgb, a: number): void {
    if (a <= 0 || x < 0 || y < 0 || x >= this.w || y >= this.h) return;
    const i = (y * this.w + x) * 3;
    const k = Math.min(1, a);
    for (let j = 0; j < 3; j++) this.px[i + j] = Math.round(this.px[i + j]! * (1 - k) + c[j]! * k);
  }

  /** A filled box with anti-aliased edges. */
  box(x: number, y: number, w: number, h: number, c: Rgb, a = 1): void {
    this.mark(x, y, x + w, y + h);
    for (let py = Math.floor(y); py < Math.ceil(y + h); py++) {
      const cy = Math.min(py + 1, y + h) - Math.max(py, y);
      const x0 = Math.floor(x);
      const x1 = Math.ceil(x + w);
      if (cy === 1 && a === 1 && py >= 0 && py < this.h && x1 - x0 > 4) {
        // Whole pixels of an opaque row: copied, not blended.
        const from = Math.max(0, Math.ceil(x));
        const to = Math.min(this.w, Math.floor(x + w));
        const row = py * this.w * 3;
        if (to > from) {
          this.px.set(c, row + from * 3);
          for (let n = 3; n < (to - from) * 3; n *= 2)
            this.px.copyWithin(
              row + from * 3 + n,
              row + from * 3,
              row + from * 3 + Math.min(n, (to - from) * 3 - n),
            );
        }
        this.blend(x0, py, c, Math.min(x0 + 1, x + w) - x);
        if (x1 - 1 > x0 && x1 - 1 >= to) this.blend(x1 - 1, py, c, x + w - (x1 - 1));
        continue;
      }
      for (let px = x0; px < x1; px++) {
        const cx = Math.min(px + 1, x + w) - Math.max(px, x);
        this.blend(px, py, c, cx * cy * a);
      }
    }
  }

  /** A line of width `lw` with round ends, anti-aliased by distance. */
  line(x0: number, y0: number, x1: number, y1: number, lw: number, c: Rgb): void {
    const r = lw / 2;
    this.mark(
      Math.min(x0, x1) - r,
      Math.min(y0, y1) - r,
      Math.max(x0, x1) + r,
      Math.max(y0, y1) + r,
    );
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len2 = dx * dx + dy * dy || 1;
    const minX = Math.floor(Math.min(x0, x1) - r - 1);
    const maxX = Math.ceil(Math.max(x0, x1) + r + 1);
    const minY = Math.floor(Math.min(y0, y1) - r - 1);
    const maxY = Math.ceil(Math.max(y0, y1) + r + 1);
    for (let py = minY; py <= maxY; py++)
      for (let px = minX; px <= maxX; px++) {
        const qx = px + 0.5;
        const qy = py + 0.5;
        const t = Math.max(0, Math.min(1, ((qx - x0) * dx + (qy - y0) * dy) / len2));
        const d = Math.hypot(qx - x0 - t * dx, qy - y0 - t * dy);
        this.blend(px, py, c, r + 0.5 - d);
      }
  }

  /** A polyline through points [[x, y], …]. */
  path(points: [number, number][], lw: number, c: Rgb): void {
    for (let i = 1; i < points.length; i++)
      this.line(points[i - 1]![0], points[i - 1]![1], points[i]![0], points[i]![1], lw, c);
  }

  /** A dashed straight line. */
  dashed(x0: number, y0: number, x1: number, y1: number, lw: number, dash: number, c: Rgb): void {
    const len = Math.hypot(x1 - x0, y1 - y0);
    for (let s = 0; s < len; s += dash * 2) {
      const e = Math.min(len, s + dash);
      this.line(
        x0 + ((x1 - x0) * s) / len,
        y0 + ((y1 - y0) * s) / len,
        x0 + ((x1 - x0) * e) / len,
        y0 + ((y1 - y0) * e) / len,
        lw,
        c,
      );
    }
  }

  dot(cx: number, cy: number, r: number, c: Rgb): void {
    this.mark(cx - r, cy - r, cx + r, cy + r);
    for (let py = Math.floor(cy - r - 1); py <= cy + r + 1; py++)
      for (let px = Math.floor(cx - r - 1); px <= cx + r + 1; px++)
        this.blend(px, py, c, r + 0.5 - Math.hypot(px + 0.5 - cx, py + 0.5 - cy));
  }

  /** A filled triangle (arrow heads), 4×4 samples a pixel. */
  triangle(p: [number, number][], c: Rgb): void {
    const xs = p.map((q) => q[0]);
    const ys = p.map((q) => q[1]);
    this.mark(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys));
    const side = (a: [number, number], b: [number, number], x: number, y: number) =>
      (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
    for (let py = Math.floor(Math.min(...ys)); py <= Math.max(...ys); py++)
      for (let px = Math.floor(Math.min(...xs)); px <= Math.max(...xs); px++) {
        let n = 0;
        for (let s = 0; s < 16; s++) {
          const x = px + ((s % 4) + 0.5) / 4;
          const y = py + (Math.floor(s / 4) + 0.5) / 4;
          const a = side(p[0]!, p[1]!, x, y);
          const b = side(p[1]!, p[2]!, x, y);
          const d = side(p[2]!, p[0]!, x, y);
          if ((a >= 0 && b >= 0 && d >= 0) || (a <= 0 && b <= 0 && d <= 0)) n++;
        }
        this.blend(px, py, c, n / 16);
      }
  }

  /** A line ending in an arrow head. */
  arrow(x0: number, y0: number, x1: number, y1: number, lw: number, c: Rgb): void {
    const a = Math.atan2(y1 - y0, x1 - x0);
    const s = lw * 4;
    this.line(x0, y0, x1 - Math.cos(a) * s * 0.8, y1 - Math.sin(a) * s * 0.8, lw, c);
    this.triangle(
      [
        [x1, y1],
        [x1 - Math.cos(a - 0.45) * s, y1 - Math.sin(a - 0.45) * s],
        [x1 - Math.cos(a + 0.45) * s, y1 - Math.sin(a + 0.45) * s],
      ],
      c,
    );
  }

  /** Width of a label in the dot font at dot size `d`. */
  static labelWidth(text: string, d: number): number {
    return text.length ? (text.length * 6 - 1) * d : 0;
  }

  /** A Latin label in the 5×7 dot font (lower case drawn as capitals but x), top left at (x, y). */
  label(text: string, x: number, y: number, d: number, c: Rgb): void {
    const dd = Math.max(1, d);
    [...text].forEach((ch, i) => {
      const g = GLYPHS[ch] ?? GLYPHS[ch.toUpperCase()] ?? GLYPHS[' ']!;
      for (let row = 0; row < 7; row++) {
        const bits = parseInt(g.slice(row * 2, row * 2 + 2), 16);
        for (let col = 0; col < 5; col++)
          if (bits & (16 >> col)) this.box(x + (i * 6 + col) * dd, y + row * dd, dd, dd, c);
      }
    });
    this.mark(x, y, x + Canvas.labelWidth(text, dd), y + 7 * dd);
  }

  png(): Buffer {
    const { w, h } = this;
    const raw = Buffer.alloc((w * 3 + 1) * h);
    for (let y = 0; y < h; y++)
      raw.set(this.px.subarray(y * w * 3, (y + 1) * w * 3), y * (w * 3 + 1) + 1);
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(td) >>> 0);
      return Buffer.concat([len, td, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(w, 0);
    ihdr.writeUInt32BE(h, 4);
    ihdr.set([8, 2, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(raw, { level: 3 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }
}
