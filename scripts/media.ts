/**
 * `npm run media` (also run by the build): generates the demo media the seed
 * lists (src/server/db/seed/content/media-manifest.ts) into MEDIA_DIR
 * (default data/media), served at /media/gen/ (lessons and broadcasts: sealed). Each item is
 * HLS of fMP4 segments whose real length is the length the catalogue shows. Lessons and
 * broadcast recordings are slides on their subject with drawn diagrams (scripts/media-slides.ts)
 * at a frame every 5 or 10 s, encoded as quality ladders (360p and 720p; 1080p too for the
 * STM32 course and the two ended broadcasts) in one ffmpeg run each. Featured videos are a slide
 * in the item's colour with its heading, its title and a running clock, one 480×270 rendition at
 * one frame per second; short videos the same, vertical at ten. Items already generated with the
 * same description are kept; the ffmpeg binary comes from @ffmpeg-installer (npm) or the system.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoMediaList, type DemoMedia } from '../src/server/db/seed/content/media-manifest.ts';
import sharp from 'sharp';
import {
  coverFileName,
  coverSvg,
  coverWidths,
  demoCoverList,
  wrapTitle,
  type DemoCover,
} from '../src/server/db/seed/content/covers.ts';
import {
  ffmpegPath,
  hlsOutputArgs,
  ladderArgs,
  ladderMaster,
  runFfmpeg,
  rungsFor,
} from '../src/server/services/learning/index.ts';
import { track } from './children.ts';
import { slidePlan, slideSource } from './media-slides.ts';

const OUT = resolve(process.env.MEDIA_DIR || 'data/media');
const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

export { ffmpegPath };

/** The CJK font the slides are drawn with; installed from Debian when missing and running as root. */
export function font(): string | null {
  if (existsSync(FONT)) return FONT;
  if (
    process.getuid?.() === 0 &&
    spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0
  ) {
    process.stdout.write('media: installing fonts-noto-cjk for the slide titles…\n');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-q'], { stdio: 'ignore', env });
    spawnSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'fonts-noto-cjk'], {
      stdio: 'ignore',
      env,
    });
  }
  return existsSync(FONT) ? FONT : null;
}

/** Lines of a slide title (shared with the covers). */
export const wrap = wrapTitle;

function clock(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** What makes an item: a change to any of it regenerates the item. */
function fingerprint(m: DemoMedia, withFont: boolean): string {
  return createHash('sha1')
    .update(
      JSON.stringify({
        m,
        withFont,
        v: 7,
        // The slides' text and diagrams: a change to the lesson slide tables regenerates.
        slides: m.kind === 'lesson' || m.kind === 'live' ? slidePlan(m) : null,
      }),
    )
    .digest('hex');
}

/**
 * The pictures of an item: ffmpeg input arguments, a filter chain turning input 0's video into
 * the frames at m.width×m.height, and their frame rate ('1/5': a frame every five seconds).
 */
export interface MediaSource {
  input: string[];
  filter: string;
  fps: string;
}

/** Frames per second of a title slide: ten for vertical shorts, one for featured videos. */
function rateOf(m: DemoMedia): string {
  return m.kind === 'short' ? '10' : '1';
}

/** A slide in the item's colour with its heading, its title and a running clock (videos, shorts). */
function titleSource(m: DemoMedia, dir: string, fontFile: string | null): MediaSource {
  const fps = rateOf(m);
  const input = [
    '-f',
    'lavfi',
    '-i',
    `color=c=${m.color}:s=${m.width}x${m.height}:r=${fps}:d=${m.seconds}`,
  ];
  if (!fontFile) return { input, filter: 'null', fps };
  const vertical = m.height > m.width;
  // Sizes drawn for 480×270 (270×480), scaled with the frame.
  const k = Math.min(m.width, m.height) / 270;
  const px = (n: number) => Math.round(n * k);
  writeFileSync(join(dir, 'heading.txt'), m.heading);
  writeFileSync(join(dir, 'title.txt'), wrap(m.title, vertical ? 11 : 17).join('\n'));
  const esc = (p: string) => p.replace(/\\/g, '/').replace(/:/g, '\\:');
  const total = clock(m.seconds).replace(/:/g, '\\:');
  // The elapsed time: hours only for items of an hour or more.
  const elapsed =
    m.seconds >= 3600
      ? '%{pts\\:gmtime\\:0\\:%H\\\\\\:%M\\\\\\:%S}'
      : '%{pts\\:gmtime\\:0\\:%M\\\\\\:%S}';
  const f = `fontfile=${esc(fontFile)}`;
  const filter = [
    `drawtext=${f}:textfile=${esc(join(dir, 'heading.txt'))}:fontsize=${px(vertical ? 14 : 16)}:fontcolor=0xc8daf0:x=${px(24)}:y=${px(32)}`,
    `drawtext=${f}:textfile=${esc(join(dir, 'title.txt'))}:fontsize=${px(vertical ? 20 : 24)}:line_spacing=${px(10)}:fontcolor=white:x=${px(24)}:y=${px(vertical ? 120 : 80)}`,
    `drawtext=${f}:text='${elapsed} / ${total}':fontsize=${px(16)}:fontcolor=white:x=${px(24)}:y=h-${px(44)}`,
    `drawbox=x=0:y=ih-${px(8)}:w=iw:h=${px(8)}:color=0xffffff@0.25:t=fill`,
  ].join(',');
  return { input, filter, fps };
}

/** One rendition (featured and short videos, open): the frames as they are. */
function renditionArgs(m: DemoMedia, src: MediaSource, out: string): string[] {
  const fps = Number(src.fps);
  const segment = m.kind === 'short' ? 10 : 60;
  return [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    ...src.input,
    '-vf',
    src.filter,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'stillimage',
    // No B-frames: their two-frame delay starts the picture late under hls.js (no edit lists).
    '-bf',
    '0',
    '-g',
    String(fps * segment),
    '-keyint_min',
    String(fps * segment),
    '-sc_threshold',
    '0',
    '-pix_fmt',
    'yuv420p',
    ...hlsOutputArgs(segment, out),
  ];
}

/**
 * Generates one item into `out`/<key>/ (written under a temporary name, then renamed): lessons
 * and broadcast recordings as a quality ladder (the services' media-ladder.ts, one ffmpeg run
 * for every rung), featured and short videos as one rendition.
 */
export async function generate(
  ffmpeg: string,
  m: DemoMedia,
  fontFile: string | null,
  out = OUT,
): Promise<void> {
  const final = join(out, m.key);
  const tmp = join(dirname(final), `.${basename(final)}.tmp`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const ladder = m.kind === 'lesson' || m.kind === 'live';
  // Lessons and broadcasts: slides of their subject (one frame every 5 or 10 s).
  const src = ladder
    ? slideSource(m, join(tmp, 'slides'), fontFile)
    : titleSource(m, tmp, fontFile);
  const rungs = rungsFor(m.width, m.height);
  if (ladder) for (const r of rungs) mkdirSync(join(tmp, r.name));
  const args = ladder
    ? ladderArgs({
        ...src,
        width: m.width,
        height: m.height,
        segment: 60,
        // Still slides: a fifth less work than veryfast for a tenth more bytes.
        preset: 'superfast',
        bframes: false,
        tune: 'stillimage',
        out: tmp,
        rungs,
      })
    : renditionArgs(m, src, tmp);
  try {
    await runFfmpeg(ffmpeg, args, track);
  } catch (err) {
    throw new Error(`ffmpeg failed for ${m.key}: ${(err as Error).message}`, { cause: err });
  }
  if (ladder) writeFileSync(join(tmp, 'index.m3u8'), await ladderMaster(tmp, m, rungs));
  for (const f of ['heading.txt', 'title.txt', 'slides'])
    rmSync(join(tmp, f), { recursive: true, force: true });
  rmSync(final, { recursive: true, force: true });
  renameSync(tmp, final);
}

/**
 * Writes every demo cover to MEDIA_DIR/covers/: its SVG (the drawing, kept as the record of
 * what the images show) and two WebP images from it, at the cover's width and half
 * (`<key>-640.webp`, `<key>-320.webp`; 360 and 180 for short videos), drawn with the CJK font.
 * A cover whose SVG is unchanged and whose images are there is kept. Answers how many were drawn.
 */
export async function writeDemoCovers(
  out = OUT,
  list: DemoCover[] = demoCoverList(),
): Promise<number> {
  const dir = join(out, 'covers');
  mkdirSync(dir, { recursive: true });
  // A cover's backdrop follows its place in the whole list.
  const place = new Map(demoCoverList().map((c, i) => [c.key, i]));
  const todo = list
    .map((c) => ({ c, svg: coverSvg(c, place.get(c.key)) }))
    .filter(({ c, svg }) => {
      const file = join(dir, `${c.key}.svg`);
      const fresh =
        existsSync(file) &&
        readFileSync(file, 'utf8') === svg &&
        coverWidths(c.tall).every((w) => existsSync(join(dir, coverFileName(c.key, w))));
      return !fresh;
    });
  if (todo.length > 10) process.stdout.write(`media: drawing ${todo.length} covers (WebP)…\n`);
  const queue = [...todo];
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(4, availableParallelism())) }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const { c, svg } = next;
        for (const w of coverWidths(c.tall)) {
          const file = join(dir, coverFileName(c.key, w));
          await sharp(Buffer.from(svg))
            .resize({ width: w })
            .webp({ quality: 78 })
            .toFile(`${file}.tmp`);
          renameSync(`${file}.tmp`, file);
        }
        // The SVG last: it marks the images as drawn from it (not without the font, so that
        // they are drawn again once it is installed).
        if (!existsSync(FONT)) continue;
        const file = join(dir, `${c.key}.svg`);
        writeFileSync(`${file}.tmp`, svg);
        renameSync(`${file}.tmp`, file);
      }
    }),
  );
  return todo.length;
}

/** The demo ad creatives, drawn as SVG (public/ads/), and where their WebP images go. */
const AD_SOURCES = fileURLToPath(new URL('../public/ads/', import.meta.url));

/**
 * Draws every demo ad creative (public/ads/*.svg) to MEDIA_DIR/ads/<name>.webp, which the
 * seed's ads show (/media/gen/ads/…): an advertiser uploads a picture, and on a phone every SVG
 * image is a document of its own to lay out and paint on the main thread (issue 30: the home's
 * three SVG creatives were about two thirds of its layout time in Lighthouse's trace). A
 * creative narrower than 1,000 px is drawn at twice its size, for phone screens. One whose SVG
 * is unchanged (a copy is kept beside it, once drawn with the CJK font) is kept. Answers how
 * many were drawn.
 */
export async function writeDemoAds(out = OUT, from = AD_SOURCES): Promise<number> {
  const dir = join(out, 'ads');
  mkdirSync(dir, { recursive: true });
  let drawn = 0;
  for (const name of readdirSync(from).filter((f) => f.endsWith('.svg'))) {
    const svg = readFileSync(join(from, name), 'utf8');
    const mark = join(dir, name);
    const file = join(dir, name.replace(/\.svg$/, '.webp'));
    if (existsSync(file) && existsSync(mark) && readFileSync(mark, 'utf8') === svg) continue;
    const width = Number(/viewBox="[\d.]+ [\d.]+ ([\d.]+)/.exec(svg)?.[1] ?? 0);
    const image = sharp(Buffer.from(svg), { density: width && width < 1000 ? 144 : 72 });
    await image.webp({ quality: 82 }).toFile(`${file}.tmp`);
    renameSync(`${file}.tmp`, file);
    drawn++;
    if (!existsSync(FONT)) continue;
    writeFileSync(`${mark}.tmp`, svg);
    renameSync(`${mark}.tmp`, mark);
  }
  return drawn;
}

/**
 * Removes lesson and broadcast media an older build wrote under their open names
 * (MEDIA_DIR/lesson-1-1/, MEDIA_DIR/live-1/): they are sealed now (issue 23), and the media
 * store would not serve those folders anyway; this keeps them off the disk and out of a bucket.
 */
function removeUnsealed(out: string): void {
  for (const name of readdirSync(out))
    if (/^(?:lesson-\d+-\d+|live-\d+)$/.test(name))
      rmSync(join(out, name), { recursive: true, force: true });
}

export async function generateDemoMedia(): Promise<{ made: number; kept: number }> {
  const fontFile = font();
  if (!fontFile)
    process.stderr.write(
      `media: ${FONT} missing: covers and slides are drawn without their titles\n`,
    );
  await writeDemoCovers();
  await writeDemoAds();
  const list = demoMediaList();
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) {
    process.stderr.write(
      'media: no ffmpeg (npm package @ffmpeg-installer/linux-x64 or a system ffmpeg): demo lessons and videos will not play\n',
    );
    return { made: 0, kept: 0 };
  }
  mkdirSync(OUT, { recursive: true });
  removeUnsealed(OUT);
  const todo = list.filter((m) => {
    const stamp = join(OUT, m.key, '.fingerprint');
    return !existsSync(stamp) || readFileSync(stamp, 'utf8') !== fingerprint(m, Boolean(fontFile));
  });
  if (todo.length)
    process.stdout.write(`media: generating ${todo.length} of ${list.length} demo media…\n`);
  const queue = [...todo];
  let made = 0;
  // The slide videos take tens of seconds each: say which are still being made.
  const making = new Set<string>();
  const progress = setInterval(() => {
    if (making.size)
      process.stdout.write(`media: ${made}/${todo.length}, making ${[...making].join(', ')}…\n`);
  }, 5000);
  progress.unref();
  const workers = Array.from(
    { length: Math.max(1, Math.min(4, availableParallelism())) },
    async () => {
      for (let m = queue.shift(); m; m = queue.shift()) {
        making.add(m.key);
        await generate(ffmpeg, m, fontFile);
        making.delete(m.key);
        writeFileSync(join(OUT, m.key, '.fingerprint'), fingerprint(m, Boolean(fontFile)));
        made++;
        if (made % 20 === 0) process.stdout.write(`media: ${made}/${todo.length}\n`);
      }
    },
  );
  await Promise.all(workers).finally(() => clearInterval(progress));
  return { made, kept: list.length - todo.length };
}

if (import.meta.main) {
  const started = Date.now();
  const r = await generateDemoMedia();
  process.stdout.write(
    `media: ${r.made} generated, ${r.kept} up to date in ${OUT} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
}
