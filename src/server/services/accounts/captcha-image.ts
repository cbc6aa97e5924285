/**
 * Draws the graphic captcha (spec 3: captcha image): each character is a
 * font outline turned into an SVG path (no text to copy out of the SVG),
 * rotated, sized and placed at random, with crossing curves and dots as
 * noise. Glyph outlines come from svg-captcha's bundled font.
 */
import { randomInt } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface GlyphOptions {
  x: number;
  y: number;
  fontSize: number;
  font: unknown;
  ascender: number;
  descender: number;
}
// svg-captcha ships no types for these internals; it has had no release since 1.4.0, so they are stable.
const chToPath = require('svg-captcha/lib/ch-to-path.js') as (
  ch: string,
  opts: GlyphOptions,
) => string;
const fontOptions = (
  require('svg-captcha') as { options: Omit<GlyphOptions, 'x' | 'y' | 'fontSize'> }
).options;

/** Characters a member can read without doubt: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G. */
export const CAPTCHA_CHARS = 'ACDEFHJKMNPQRTUVWXY3479';
export const CAPTCHA_LENGTH = 4;
const WIDTH = 120;
const HEIGHT = 40;

/** A random answer from CAPTCHA_CHARS (crypto-random). */
export function captchaText(length = CAPTCHA_LENGTH): string {
  let s = '';
  for (let i = 0; i < length; i++) s += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
  return s;
}

/** How answers compare: trimmed, case-insensitive. normalizeAnswer(' ab3d ') → 'AB3D' */
export function normalizeAnswer(answer: string): string {
  return answer.trim().toUpperCase();
}

function color(min: number, max: number): string {
  const c = () => randomInt(min, max).toString(16).padStart(2, '0');
  return `#${c()}${c()}${c()}`;
}

function noiseCurve(): string {
  const y = () => randomInt(4, HEIGHT - 4);
  const d = `M${randomInt(0, 15)} ${y()} C${randomInt(25, 55)} ${y()},${randomInt(65, 95)} ${y()},${randomInt(105, WIDTH)} ${y()}`;
  return `<path d="${d}" stroke="${color(60, 170)}" stroke-width="${(1 + randomInt(0, 15) / 10).toFixed(1)}" fill="none"/>`;
}

/** captchaSvg('AC3D') → '<svg …><path d="M…"/>…</svg>' (width 120, height 40). */
export function captchaSvg(text: string): string {
  const parts: string[] = [];
  const step = (WIDTH - 16) / text.length;
  [...text].forEach((ch, i) => {
    const x = 8 + step * (i + 0.5) + randomInt(-4, 5);
    const y = HEIGHT / 2 + randomInt(-3, 4);
    const d = chToPath(ch, { ...fontOptions, x, y, fontSize: randomInt(34, 44) });
    const angle = randomInt(-22, 23);
    parts.push(
      `<path fill="${color(20, 120)}" transform="rotate(${angle} ${x.toFixed(1)} ${y})" d="${d}"/>`,
    );
  });
  for (let i = 0; i < 3; i++) parts.push(noiseCurve());
  for (let i = 0; i < 24; i++) {
    parts.push(
      `<circle cx="${randomInt(0, WIDTH)}" cy="${randomInt(0, HEIGHT)}" r="${randomInt(1, 3)}" fill="${color(100, 220)}"/>`,
    );
  }
  // Shuffled so the characters' order cannot be read from the document order.
  for (let i = parts.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [parts[i], parts[j]] = [parts[j]!, parts[i]!];
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="${color(225, 250)}"/>${parts.join('')}</svg>`
  );
}

/** The image as the `data:image/svg+xml;base64,…` URL the login dialog shows. */
export function captchaDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
