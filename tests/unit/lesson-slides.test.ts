/**
 * Demo lessons look like lessons (issue 24): a lesson's or broadcast's video
 * is a sequence of slides on its own subject, each with Chinese text and a
 * diagram that fits it, covering exactly the item's length, drawn inside the
 * frame at any size. One lesson is generated with the real generator and
 * its playlist measured.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoMediaList, type DemoMedia } from '../../src/server/db/seed/content/media-manifest.ts';
import { GENERAL_TOPIC } from '../../src/server/db/seed/content/lesson-slides.ts';
import { playlistSeconds, rungsFor } from '../../src/server/services/learning/index.ts';
import { ffmpegPath, font, generate } from '../../scripts/media.ts';
import {
  drawSlide,
  ems,
  framePeriod,
  slideLayout,
  slidePlan,
  slideSource,
} from '../../scripts/media-slides.ts';

const dir = mkdtempSync(join(tmpdir(), 'xxt-lesson-slides-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const list = demoMediaList();
const lesson = (words: string) => {
  const m = list.find((x) => x.kind === 'lesson' && x.title.includes(words));
  if (!m) throw new Error(`no lesson ${words}`);
  return m;
};
const TIMING = ['uart', 'spi', 'i2c', 'can'];
const CJK = /[\u4e00-\u9fff]/;

describe('the slides of a demo lesson', () => {
  const picks = [
    lesson('USART 串口'),
    lesson('Buck 拓扑'),
    lesson('LM317'),
    lesson('时钟树'),
    lesson('Smith'),
    list.find((x) => x.kind === 'live')!,
  ];

  it('cover the item from 0 to its length without a gap, changing on a frame', () => {
    for (const m of list.filter((x) => x.kind === 'lesson' || x.kind === 'live')) {
      const plan = slidePlan(m);
      const period = framePeriod(m.seconds);
      expect(m.seconds % period).toBe(0);
      expect(60 % period).toBe(0);
      expect(plan[0]!.start).toBe(0);
      expect(plan.at(-1)!.end).toBe(m.seconds);
      plan.forEach((s, i) => {
        expect(s.end).toBeGreaterThan(s.start);
        expect(s.start % period).toBe(0);
        if (i) expect(s.start).toBe(plan[i - 1]!.end);
        // A new slide every 45 to 120 s, the last one at least 30 s.
        expect(s.end - s.start).toBeGreaterThanOrEqual(i === plan.length - 1 ? 30 : 45);
        expect(s.end - s.start).toBeLessThanOrEqual(i === plan.length - 1 ? 150 : 120);
      });
    }
  });

  it('draw the diagram of the lesson’s subject', () => {
    const kinds = (m: DemoMedia) => slidePlan(m).map((s) => s.diagram.kind);
    const uart = slidePlan(lesson('USART 串口'));
    expect(uart[0]!.topic).toBe('uart');
    expect(TIMING).toContain(uart[0]!.diagram.kind);
    expect(kinds(lesson('USART 串口'))).toContain('uart');
    expect(kinds(lesson('Buck 拓扑'))).toContain('buck');
    expect(kinds(lesson('LM317'))).toContain('divider');
    expect(kinds(lesson('时钟树'))).toContain('blocks');
    expect(kinds(lesson('Smith'))).toContain('smith');
    expect(kinds(lesson('CAN 双机'))).toContain('can');
    expect(kinds(lesson('PWM'))).toContain('pwm');
    expect(kinds(lesson('ADC 多通道'))).toContain('adc');
    expect(kinds(lesson('环路测量'))).toContain('bode');
    expect(kinds(lesson('按键消抖'))).toContain('bounce');
  });

  it('write Chinese text about the subject, never the general slides for a seeded course', () => {
    const general = new Set(GENERAL_TOPIC.slides.map((s) => s.title));
    for (const m of list.filter((x) => x.kind === 'lesson' || x.kind === 'live')) {
      const plan = slidePlan(m);
      expect(plan[0]!.title).toBe(m.title);
      for (const s of plan) {
        expect(s.topic, m.title).not.toBe('general');
        expect(general.has(s.title)).toBe(false);
        expect(s.bullets.length).toBeGreaterThanOrEqual(2);
        expect(s.bullets.length).toBeLessThanOrEqual(4);
        expect(s.title).toMatch(CJK);
        // A formula may stand alone; most lines are Chinese.
        expect(s.bullets.filter((b) => CJK.test(b)).length).toBeGreaterThanOrEqual(2);
      }
    }
    const uart = slidePlan(lesson('USART 串口'))
      .flatMap((s) => s.bullets)
      .join('\n');
    expect(uart).toMatch(/波特率|起始位/);
    const buck = slidePlan(lesson('Buck 拓扑'))
      .flatMap((s) => s.bullets)
      .join('\n');
    expect(buck).toMatch(/VOUT = D × VIN/);
    expect(buck).toMatch(/伏秒/);
  });

  for (const [width, height] of [
    [480, 270],
    [1280, 720],
    [1920, 1080],
  ] as const)
    it(`keep every drawing and line of text inside the frame at ${width}×${height}`, () => {
      for (const base of picks) {
        const m = { ...base, width, height };
        const plan = slidePlan(m);
        plan.forEach((slide, k) => {
          const [x0, y0, x1, y1] = drawSlide(m, plan, k).extent;
          expect(x0).toBeGreaterThanOrEqual(0);
          expect(y0).toBeGreaterThanOrEqual(0);
          expect(x1).toBeLessThanOrEqual(width);
          expect(y1).toBeLessThanOrEqual(height);
          const { title, body, card, footer } = slideLayout(m, slide);
          const right = (b: typeof body) => b.x + Math.max(...b.lines.map((l) => ems(l))) * b.size;
          expect(right(title)).toBeLessThanOrEqual(width);
          // Bullets stay left of the diagram card and above the footer.
          expect(right(body)).toBeLessThanOrEqual(card.x);
          expect(body.y + body.lines.length * body.size * 1.6).toBeLessThanOrEqual(height * 0.9);
          expect(card.x + card.w).toBeLessThanOrEqual(width);
          expect(card.y + card.h).toBeLessThanOrEqual(height * 0.9);
          expect(body.size).toBeGreaterThanOrEqual(Math.floor(height * 0.035));
          expect(footer.y + footer.size).toBeLessThanOrEqual(height);
        });
      }
    });

  it('is one ffmpeg source: slide pictures and a text per slide shown only while it is up', () => {
    const m = lesson('USART 串口');
    const src = slideSource(m, join(dir, 'src'), '/fonts/font.ttc');
    const plan = slidePlan(m);
    expect(src.fps).toBe(`1/${framePeriod(m.seconds)}`);
    expect(src.input.slice(0, 3)).toEqual(['-f', 'lavfi', '-i']);
    expect(src.input[3]).toContain(`s=${m.width}x${m.height}`);
    expect(src.input[3]).toContain(`d=${m.seconds}`);
    expect(readdirSync(join(dir, 'src')).filter((f) => f.endsWith('.png'))).toHaveLength(
      plan.length,
    );
    expect(src.filter.match(/drawtext=/g)).toHaveLength(plan.length * 2 + 1);
    expect(src.filter).toContain(`enable='gte(t,${plan[1]!.start})*lt(t,${plan[1]!.end})'`);
    expect(src.filter).not.toMatch(/\[|;/);
    const texts = readdirSync(join(dir, 'src')).filter((f) => f.startsWith('body-'));
    expect(readFileSync(join(dir, 'src', texts[1]!), 'utf8')).toContain(
      plan[1]!.bullets[0]!.slice(0, 6),
    );
    expect(slideSource(m, join(dir, 'src2'), null).filter).toBe('null');
  });
});

/** The media time the init segment's edit list starts at (0 without one). */
function editListShift(init: Buffer): number {
  const at = init.indexOf('elst');
  if (at < 0) return 0;
  const version = init[at + 4]!;
  // size(4) 'elst'(4) version(1) flags(3) entry_count(4) segment_duration(4|8) media_time(4|8)
  return version === 1
    ? Number(init.readBigInt64BE(at + 4 + 4 + 4 + 8))
    : init.readInt32BE(at + 4 + 4 + 4 + 4);
}

describe('generating a lesson', () => {
  const ffmpeg = ffmpegPath();
  it.skipIf(!ffmpeg)(
    'makes an HLS playlist exactly as long as the lesson, at its size, slides and all',
    async () => {
      const base = lesson('USART 串口');
      // 485 s (one frame every five seconds) and 600 s (one frame every ten seconds).
      for (const seconds of [485, 600]) {
        const m: DemoMedia = { ...base, key: `unit-lesson-${seconds}`, seconds };
        const fontFile = existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc')
          ? font()
          : null;
        await generate(ffmpeg!, m, fontFile, dir);
        const out = join(dir, m.key);
        // A ladder: the master lists every rung the source allows, each exactly as long.
        const master = readFileSync(join(out, 'index.m3u8'), 'utf8');
        const rungs = rungsFor(m.width, m.height).map((r) => r.name);
        expect(rungs.length).toBeGreaterThan(1);
        for (const rung of rungs) {
          expect(master).toContain(`${rung}/index.m3u8`);
          const playlist = readFileSync(join(out, rung, 'index.m3u8'), 'utf8');
          expect(playlistSeconds(playlist)).toBe(seconds);
          expect(playlist).toContain('#EXT-X-ENDLIST');
          // The first picture is at 0: an edit list that shifts it (B-frame delay, 20 s at one
          // frame every 10 s) is ignored by hls.js, which then buffers from 20 s and stalls.
          expect(editListShift(readFileSync(join(out, rung, 'init.mp4')))).toBe(0);
        }
        expect(readdirSync(out).some((f) => f === 'slides' || f.endsWith('.png'))).toBe(false);
        const top = rungs.at(-1)!;
        const probe = spawnSync(ffmpeg!, ['-hide_banner', '-i', join(out, top, 'index.m3u8')], {
          encoding: 'utf8',
        });
        expect(probe.stderr).toContain(`${m.width}x${m.height}`);
        const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
        const ss = String(seconds % 60).padStart(2, '0');
        expect(probe.stderr).toContain(`Duration: 00:${mm}:${ss}.00`);
      }
    },
    // Real ffmpeg work: its length is the machine's, so no clock (CI's own limit guards a hang).
    0,
  );
});
