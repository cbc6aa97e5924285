/**
 * `npm run media` (also run by the build): generates the demo media the seed
 * lists (src/server/db/seed/content/media-manifest.ts) into MEDIA_DIR
 * (default data/media), served at /media/gen/. Each item is an HLS playlist
 * of fMP4 segments whose real length is the length the catalogue shows: a
 * slide in the item's colour with its heading, its title and a running clock,
 * at one frame per second (ten for vertical short videos), so a 20-minute
 * lesson is a few hundred kilobytes. Items already generated with the same
 * description are kept; the ffmpeg binary comes from @ffmpeg-installer
 * (npm) or the system.
 */
import { spawn, spawnSync } from 'node:child_process';
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
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { demoMediaList, type DemoMedia } from '../src/server/db/seed/content/media-manifest.ts';
import { coverSvg, demoCoverList, wrapTitle } from '../src/server/db/seed/content/covers.ts';
import { track } from './children.ts';

const OUT = resolve(process.env.MEDIA_DIR || 'data/media');
const FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';

export function ffmpegPath(): string | null {
  try {
    const require = createRequire(import.meta.url);
    const p = join(require.resolve('@ffmpeg-installer/linux-x64/package.json'), '..', 'ffmpeg');
    if (existsSync(p)) return p;
  } catch {
    // Not installed for this platform: try the system's.
  }
  const r = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  return r.status === 0 ? 'ffmpeg' : null;
}

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
    .update(JSON.stringify({ m, withFont, v: 3 }))
    .digest('hex');
}

function filters(m: DemoMedia, dir: string, fontFile: string | null): string {
  if (!fontFile) return 'null';
  const vertical = m.height > m.width;
  const size = vertical ? 20 : 24;
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
  return [
    `drawtext=${f}:textfile=${esc(join(dir, 'heading.txt'))}:fontsize=${vertical ? 14 : 16}:fontcolor=0xc8daf0:x=24:y=32`,
    `drawtext=${f}:textfile=${esc(join(dir, 'title.txt'))}:fontsize=${size}:line_spacing=10:fontcolor=white:x=24:y=${vertical ? 120 : 80}`,
    `drawtext=${f}:text='${elapsed} / ${total}':fontsize=16:fontcolor=white:x=24:y=h-44`,
    `drawbox=x=0:y=ih-8:w=iw:h=8:color=0xffffff@0.25:t=fill`,
  ].join(',');
}

/** Generates one item into `out`/<key>/ (written under a temporary name, then renamed). */
export function generate(
  ffmpeg: string,
  m: DemoMedia,
  fontFile: string | null,
  out = OUT,
): Promise<void> {
  const final = join(out, m.key);
  const tmp = join(dirname(final), `.${basename(final)}.tmp`);
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const fps = m.kind === 'short' ? 10 : 1;
  const segment = m.kind === 'short' ? 10 : 60;
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=${m.color}:s=${m.width}x${m.height}:r=${fps}:d=${m.seconds}`,
    '-vf',
    filters(m, tmp, fontFile),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'stillimage',
    '-g',
    String(fps * segment),
    '-keyint_min',
    String(fps * segment),
    '-sc_threshold',
    '0',
    '-pix_fmt',
    'yuv420p',
    '-f',
    'hls',
    '-hls_time',
    String(segment),
    '-hls_playlist_type',
    'vod',
    '-hls_segment_type',
    'fmp4',
    '-hls_fmp4_init_filename',
    'init.mp4',
    '-hls_segment_filename',
    join(tmp, 'seg-%03d.m4s'),
    join(tmp, 'index.m3u8'),
  ];
  return new Promise((done, fail) => {
    const p = track(spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] }));
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err += d.toString()));
    p.on('error', fail);
    p.on('close', (code) => {
      if (code !== 0) return fail(new Error(`ffmpeg failed for ${m.key}: ${err.trim()}`));
      for (const f of ['heading.txt', 'title.txt']) rmSync(join(tmp, f), { force: true });
      rmSync(final, { recursive: true, force: true });
      renameSync(tmp, final);
      done();
    });
  });
}

/** Writes every demo cover (SVG, a few kilobytes each) to MEDIA_DIR/covers/, replacing changed ones. */
export function writeDemoCovers(out = OUT): number {
  const dir = join(out, 'covers');
  mkdirSync(dir, { recursive: true });
  let written = 0;
  for (const [i, c] of demoCoverList().entries()) {
    const file = join(dir, `${c.key}.svg`);
    const svg = coverSvg(c, i);
    if (existsSync(file) && readFileSync(file, 'utf8') === svg) continue;
    writeFileSync(`${file}.tmp`, svg);
    renameSync(`${file}.tmp`, file);
    written++;
  }
  return written;
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
  const covers = writeDemoCovers();
  if (covers) process.stdout.write(`media: ${covers} covers written\n`);
  const list = demoMediaList();
  const ffmpeg = ffmpegPath();
  if (!ffmpeg) {
    process.stderr.write(
      'media: no ffmpeg (npm package @ffmpeg-installer/linux-x64 or a system ffmpeg): demo lessons and videos will not play\n',
    );
    return { made: 0, kept: 0 };
  }
  const fontFile = font();
  if (!fontFile)
    process.stderr.write(`media: ${FONT} missing: slides are generated without their titles\n`);
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
  const workers = Array.from(
    { length: Math.max(1, Math.min(4, availableParallelism())) },
    async () => {
      for (let m = queue.shift(); m; m = queue.shift()) {
        await generate(ffmpeg, m, fontFile);
        writeFileSync(join(OUT, m.key, '.fingerprint'), fingerprint(m, Boolean(fontFile)));
        made++;
        if (made % 20 === 0) process.stdout.write(`media: ${made}/${todo.length}\n`);
      }
    },
  );
  await Promise.all(workers);
  return { made, kept: list.length - todo.length };
}

if (import.meta.main) {
  const started = Date.now();
  const r = await generateDemoMedia();
  process.stdout.write(
    `media: ${r.made} generated, ${r.kept} up to date in ${OUT} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
}
