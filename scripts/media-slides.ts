/**
 * The picture of a demo lesson or live recording: a sequence of slides over
 * the item's length, a new one every 90 s (120 s for broadcasts), each with a
 * title, bullet lines about the lesson's subject (src/server/db/seed/content/
 * lesson-slides.ts) and a diagram drawn here (scripts/slides/),
 * with the course and speaker, "n / N" and a progress bar in the footer.
 *
 * Each slide's background and diagram is a PNG drawn in JS; ffmpeg overlays
 * them on a clock of one frame every few seconds (framePeriod) and drawtext
 * writes each slide's Chinese text while its slide is shown.
 * Every coordinate and size comes from the item's width and height.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DemoMedia } from '../src/server/db/seed/content/media-manifest.ts';
import { topicsFor, type SlideText } from '../src/server/db/seed/content/lesson-slides.ts';
import { drawDiagram } from './slides/diagrams.ts';
import { Canvas, rgb } from './slides/raster.ts';

export interface SlideSource {
  input: string[];
  filter: string;
  fps: string;
}

/**
 * Seconds between frames: the player only needs a frame when a slide changes, but every frame
 * of a constant-rate stream counts the same length in the playlist, so the period divides the
 * item's length (and 60, so each 60 s segment starts on a frame): 10 s for a two-hour
 * broadcast, down to 1 s for a lesson of a prime number of seconds.
 */
export function framePeriod(seconds: number): number {
  return [10, 6, 5, 4, 3, 2].find((p) => seconds % p === 0) ?? 1;
}

export interface PlannedSlide extends SlideText {
  start: number;
  end: number;
  topic: string;
}

/** A text box drawn by ffmpeg: top left, font size, and its lines. */
export interface TextBox {
  x: number;
  y: number;
  size: number;
  lines: string[];
}

const BG = '#f4f6f9';

/** Display width of text in ems: CJK and full-width characters 1, the rest 0.62. */
export function ems(text: string): number {
  let n = 0;
  for (const ch of text) n += /[\u2e80-\uffef•]/.test(ch) ? 1 : 0.62;
  return n;
}

/** Wraps text to lines of at most `max` ems, never inside a Latin word or number. */
function wrapEms(text: string, max: number): string[] {
  const tokens = text.match(/[A-Za-z0-9.+\-/=×()%°µΩ√Σ−_→]+|\s+|./gu) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const t of tokens) {
    if (line && ems(line + t) > max && !/^\s+$/.test(t)) {
      lines.push(line.trimEnd());
      line = '';
    }
    if (!(line === '' && /^\s+$/.test(t))) line += t;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** The slides of an item: cover [0, seconds) without a gap, each with its subject's text and diagram. */
export function slidePlan(m: DemoMedia): PlannedSlide[] {
  const courseTitle = m.heading;
  const lessonTitle = m.title.replace(/^第\d+讲\s*/, '');
  const topics = topicsFor(lessonTitle, courseTitle, m.kind === 'live');
  const target = m.kind === 'live' ? 120 : 90;
  // Slides change on a frame.
  const period = framePeriod(m.seconds);
  const step = Math.max(period, Math.round(target / period) * period);
  let n = Math.ceil(m.seconds / step);
  // A last slide shorter than 30 s joins the one before it.
  if (m.seconds - (n - 1) * step < 30 && n > 1) n--;
  const body = topics.flatMap((t) => t.slides.map((sl) => ({ ...sl, topic: t.key })));
  const first = topics[0]!;
  const slides: PlannedSlide[] = [];
  for (let k = 0; k < n; k++) {
    const start = k * step;
    const end = k === n - 1 ? m.seconds : (k + 1) * step;
    if (k === 0)
      slides.push({
        start,
        end,
        topic: first.key,
        title: m.title,
        bullets: first.slides.slice(0, 4).map((sl) => sl.title),
        diagram: first.slides[0]!.diagram,
      });
    else if (k === n - 1)
      slides.push({
        start,
        end,
        topic: first.key,
        title: '小结',
        bullets: first.slides.slice(0, 3).map((sl) => sl.bullets[0]!),
        diagram: first.slides[first.slides.length - 1]!.diagram,
      });
    else {
      const round = Math.floor((k - 1) / body.length);
      const sl = body[(k - 1) % body.length]!;
      slides.push({ ...sl, start, end, title: round ? `${sl.title}（回顾）` : sl.title });
    }
  }
  return slides;
}

/** Where a slide's parts go at this size. */
export function slideLayout(m: DemoMedia, slide: SlideText) {
  const { width: W, height: H } = m;
  const head = Math.round(H * 0.19);
  const titleSize = Math.max(
    8,
    Math.floor(Math.min(H * 0.075, (W * 0.9) / Math.max(1, ems(slide.title)))),
  );
  const title: TextBox = {
    x: Math.round(W * 0.05),
    y: Math.round((head - titleSize) / 2),
    size: titleSize,
    lines: [slide.title],
  };
  const colWidth = W * 0.41;
  const top = H * 0.27;
  const room = H * 0.86 - top;
  let size = Math.round(H * 0.05);
  let lines: string[] = [];
  for (; size > 6; size = Math.floor(size * 0.9)) {
    lines = slide.bullets.flatMap((b) =>
      wrapEms(`• ${b}`, colWidth / size).map((l, i) => (i ? `   ${l}` : l)),
    );
    if (lines.length * size * 1.6 <= room) break;
  }
  const body: TextBox = { x: Math.round(W * 0.05), y: Math.round(top), size, lines };
  const card = {
    x: Math.round(W * 0.5),
    y: Math.round(H * 0.25),
    w: Math.round(W * 0.46),
    h: Math.round(H * 0.6),
  };
  const footer: TextBox = {
    x: Math.round(W * 0.05),
    y: Math.round(H * 0.915),
    size: Math.max(7, Math.round(H * 0.038)),
    lines: [m.heading],
  };
  return { head, title, body, card, footer };
}

/** Draws a slide's picture: the header band, the diagram card, the footer with n / N and progress. */
export function drawSlide(m: DemoMedia, plan: PlannedSlide[], k: number): Canvas {
  const { width: W, height: H } = m;
  const slide = plan[k]!;
  const lay = slideLayout(m, slide);
  const c = new Canvas(W, H, rgb(BG));
  const band = rgb(m.color);
  c.box(0, 0, W, lay.head, band);
  c.box(0, lay.head, W, Math.max(1, H * 0.008), rgb('#e8590c'));
  const { card } = lay;
  c.box(card.x + H * 0.006, card.y + H * 0.006, card.w, card.h, rgb('#dde3ea'));
  c.box(card.x, card.y, card.w, card.h, rgb('#ffffff'));
  const pad = Math.round(Math.min(card.w, card.h) * 0.07);
  drawDiagram(c, slide.diagram, card.x + pad, card.y + pad, card.w - 2 * pad, card.h - 2 * pad);
  const foot = Math.round(H * 0.9);
  c.box(0, foot, W, H - foot, band);
  const d = Math.max(1, Math.round(H / 220));
  const page = `${k + 1} / ${plan.length}`;
  c.label(
    page,
    W * 0.95 - Canvas.labelWidth(page, d),
    foot + (H - foot - 7 * d) / 2,
    d,
    rgb('#dbe4ee'),
  );
  const bar = Math.max(2, Math.round(H * 0.012));
  c.box(0, H - bar, W, bar, rgb('#ffffff'), 0.2);
  c.box(0, H - bar, (W * (k + 1)) / plan.length, bar, rgb('#e8590c'));
  return c;
}

const esc = (p: string) => p.replace(/\\/g, '/').replace(/:/g, '\\:').replace(/'/g, '');

export function slideSource(m: DemoMedia, dir: string, fontFile: string | null): SlideSource {
  mkdirSync(dir, { recursive: true });
  const plan = slidePlan(m);
  plan.forEach((_, k) =>
    writeFileSync(
      join(dir, `slide-${String(k).padStart(3, '0')}.png`),
      drawSlide(m, plan, k).png(),
    ),
  );
  const step = plan[1]?.start ?? m.seconds;
  const fps = `1/${framePeriod(m.seconds)}`;
  const input = [
    '-f',
    'lavfi',
    '-i',
    `color=c=${BG.replace('#', '0x')}:s=${m.width}x${m.height}:r=${fps}:d=${m.seconds}[bg];` +
      `movie=filename=${esc(join(dir, 'slide-%03d.png'))}:f=image2,setpts=N*${step}/TB[sl];` +
      `[bg][sl]overlay=eof_action=repeat[out0]`,
  ];
  if (!fontFile) return { input, filter: 'null', fps };
  const f = `fontfile=${esc(fontFile)}:expansion=none`;
  const draws: string[] = [];
  const text = (name: string, box: TextBox, color: string, when: string) => {
    writeFileSync(join(dir, name), box.lines.join('\n'));
    draws.push(
      `drawtext=${f}:textfile=${esc(join(dir, name))}:fontsize=${box.size}:line_spacing=${Math.round(box.size * 0.6)}:fontcolor=${color}:x=${box.x}:y=${box.y}${when}`,
    );
  };
  plan.forEach((slide, k) => {
    const lay = slideLayout(m, slide);
    const when = `:enable='gte(t,${slide.start})*lt(t,${slide.end})'`;
    const id = String(k).padStart(3, '0');
    text(`title-${id}.txt`, lay.title, 'white', when);
    text(`body-${id}.txt`, lay.body, '0x1f2a37', when);
    if (k === 0) text('footer.txt', lay.footer, '0xdbe4ee', '');
  });
  return { input, filter: draws.join(','), fps };
}
