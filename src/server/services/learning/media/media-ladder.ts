/**
 * The quality ladder of lesson and broadcast media (issue 23): one ffmpeg run decodes the
 * source once and encodes every rung (split, then scale), each an HLS VOD rendition of fMP4
 * segments in its own folder, with keyframes forced at the same media times in every rung so
 * segments line up and a player can change rung at any segment:
 *
 *   sealed/<name>/index.m3u8        the master playlist (masterPlaylist): one
 *                                   #EXT-X-STREAM-INF per rung, BANDWIDTH, RESOLUTION,
 *                                   CODECS and NAME, pointing at <rung>/index.m3u8
 *   sealed/<name>/720p/index.m3u8   a rendition: init.mp4, seg-000.m4s, seg-001.m4s, …
 *
 * The rungs follow the source's short side, never above it: 1080 and up gets 360p, 720p and
 * 1080p; 720 and up 360p and 720p; anything smaller one 360p rung at most its own size.
 * Used by the upload job (media-ladder-job.ts), the demo media (scripts/media.ts) and the
 * media benchmark. The ffmpeg binary is the bundled one (@ffmpeg-installer), else the system's.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { playlistSeconds } from './media-length.ts';

/** The bundled ffmpeg (npm @ffmpeg-installer/linux-x64), else a system one, else null. */
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

export interface Rung {
  /** The folder and the player's label: '720p' → 720P. */
  name: '360p' | '720p' | '1080p';
  /** The short side in pixels. */
  size: number;
  /** H.264 profile and level, and the CODECS string they make. */
  profile: 'main' | 'high';
  level: string;
  codec: string;
  /** The ceiling of the video bitrate (kbit/s) for camera footage; slides stay far below. */
  maxKbps: number;
}

export const RUNGS: readonly Rung[] = [
  { name: '360p', size: 360, profile: 'main', level: '3.0', codec: 'avc1.4d401e', maxKbps: 900 },
  { name: '720p', size: 720, profile: 'main', level: '3.1', codec: 'avc1.4d401f', maxKbps: 3000 },
  {
    name: '1080p',
    size: 1080,
    profile: 'high',
    level: '4.0',
    codec: 'avc1.640028',
    maxKbps: 6000,
  },
];

/** rungsFor(1920, 1080) → 360p, 720p, 1080p; rungsFor(1280, 720) → 360p, 720p; smaller: 360p. */
export function rungsFor(width: number, height: number): Rung[] {
  const short = Math.min(width, height);
  if (short >= 1080) return [...RUNGS];
  if (short >= 720) return RUNGS.slice(0, 2);
  return RUNGS.slice(0, 1);
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** A rung's frame size for a source: the short side the rung's (never above the source's). */
export function rungSize(rung: Rung, width: number, height: number): [number, number] {
  const short = Math.min(rung.size, Math.min(width, height));
  return width >= height
    ? [even((width * short) / height), even(short)]
    : [even(short), even((height * short) / width)];
}

export interface LadderInput {
  /** ffmpeg's input arguments (['-i', file], or a lavfi source). */
  input: string[];
  /** A filter chain on input 0's video before the split ('null' for none). */
  filter: string;
  /** The source's frame size. */
  width: number;
  height: number;
  /** The frame rate when known ('1/5', '25'): keyframe spacing in frames follows it. */
  fps?: string;
  /** Map input 0's first audio stream, when it has one. */
  audio?: boolean;
  /** Seconds per segment, 6–60. */
  segment: number;
  /** x264's speed and tuning: 'ultrafast' and 'stillimage' for slides (default veryfast). */
  preset?: string;
  tune?: string;
  /**
   * B-frames (default on). Off for slides: x264 delays the first picture by two frames, which
   * at a frame every few seconds starts every rendition that many seconds late.
   */
  bframes?: boolean;
  /** Where the rung folders go (each must exist). */
  out: string;
  rungs: readonly Rung[];
}

/** The arguments of one ffmpeg run that writes every rung of `x` into x.out/<rung>/. */
export function ladderArgs(x: LadderInput): string[] {
  const segment = Math.min(60, Math.max(6, x.segment));
  const labels = x.rungs.map((_, i) => `[s${i}]`).join('');
  const scaled = x.rungs.map((r, i) => {
    const [w, h] = rungSize(r, x.width, x.height);
    return `[s${i}]scale=${w}:${h}[v${i}]`;
  });
  const graph = [`[0:v]${x.filter},split=${x.rungs.length}${labels}`, ...scaled].join(';');
  const [num, den = '1'] = (x.fps ?? '').split('/');
  const fps = x.fps ? Number(num) / Number(den) : null;
  const gop = fps ? Math.max(1, Math.round(fps * segment)) : null;
  const args = ['-hide_banner', '-loglevel', 'error', '-y', ...x.input, '-filter_complex', graph];
  x.rungs.forEach((r, i) => {
    const dir = join(x.out, r.name);
    args.push('-map', `[v${i}]`);
    if (x.audio) args.push('-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ac', '2');
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      x.preset ?? 'veryfast',
      ...(x.tune ? ['-tune', x.tune] : []),
      ...(x.bframes === false ? ['-bf', '0'] : []),
      '-profile:v',
      r.profile,
      '-level:v',
      r.level,
      '-crf',
      '23',
      '-maxrate',
      `${r.maxKbps}k`,
      '-bufsize',
      `${r.maxKbps * 2}k`,
      '-pix_fmt',
      'yuv420p',
      // The same keyframes in every rung: a segment starts at each multiple of `segment`.
      '-force_key_frames',
      `expr:gte(t,n_forced*${segment})`,
      ...(gop ? ['-g', String(gop), '-keyint_min', String(gop)] : []),
      '-sc_threshold',
      '0',
      ...hlsOutputArgs(segment, dir),
    );
  });
  return args;
}

/** ffmpeg's output arguments for one VOD rendition of fMP4 segments in `dir` (index.m3u8, init.mp4, seg-NNN.m4s). */
export function hlsOutputArgs(segment: number, dir: string): string[] {
  return [
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
    join(dir, 'seg-%03d.m4s'),
    join(dir, 'index.m3u8'),
  ];
}

export interface Variant {
  rung: Rung;
  width: number;
  height: number;
  /** Peak and average bits per second over the rendition's segments. */
  bandwidth: number;
  average: number;
  audio: boolean;
  /** The stream's CODECS name when known (avcCodec), else the rung's. */
  codec?: string;
}

/** The master playlist of a ladder: one entry per rung, lowest first, relative addresses. */
export function masterPlaylist(variants: readonly Variant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const v of [...variants].sort((a, b) => a.rung.size - b.rung.size)) {
    const video = v.codec ?? v.rung.codec;
    const codecs = v.audio ? `${video},mp4a.40.2` : video;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${Math.ceil(v.bandwidth)},AVERAGE-BANDWIDTH=${Math.ceil(v.average)},` +
        `RESOLUTION=${v.width}x${v.height},CODECS="${codecs}",NAME="${v.rung.name}"`,
      `${v.rung.name}/index.m3u8`,
    );
  }
  return lines.join('\n') + '\n';
}

/** A rendition's bit rates from its playlist and segment files (init included in the first). */
export async function measureRendition(dir: string): Promise<{ peak: number; average: number }> {
  const text = await readFile(join(dir, 'index.m3u8'), 'utf8');
  const segs = [...text.matchAll(/^#EXTINF:([0-9.]+),?\s*\n(seg-\d{3}\.m4s)$/gm)];
  let peak = 0;
  let bytes = 0;
  for (const [, secs, file] of segs) {
    const size = (await stat(join(dir, file!))).size;
    bytes += size;
    peak = Math.max(peak, (size * 8) / Math.max(0.5, Number(secs)));
  }
  const total = playlistSeconds(text);
  return { peak, average: total > 0 ? (bytes * 8) / total : peak };
}

/**
 * The CODECS name of the H.264 stream in an init segment, from its avcC box (profile,
 * constraints, level): 'avc1.4d401f'; null when there is none.
 */
export function avcCodec(init: Buffer): string | null {
  const at = init.indexOf('avcC', 0, 'latin1');
  if (at < 0 || at + 8 > init.length) return null;
  return `avc1.${init.subarray(at + 5, at + 8).toString('hex')}`;
}

/** Writes nothing: answers the master playlist of the rungs ffmpeg wrote into `out`. */
export async function ladderMaster(
  out: string,
  source: { width: number; height: number; audio?: boolean },
  rungs: readonly Rung[],
): Promise<string> {
  const variants: Variant[] = [];
  for (const rung of rungs) {
    const { peak, average } = await measureRendition(join(out, rung.name));
    const [width, height] = rungSize(rung, source.width, source.height);
    // What x264 really wrote (a faster preset may use less than the rung's profile allows).
    const codec = avcCodec(await readFile(join(out, rung.name, 'init.mp4'))) ?? rung.codec;
    variants.push({
      rung,
      width,
      height,
      bandwidth: peak,
      average,
      audio: !!source.audio,
      codec,
    });
  }
  return masterPlaylist(variants);
}

/** The files of a written ladder, as paths under `out` (the master last). */
export async function ladderFiles(out: string, rungs: readonly Rung[]): Promise<string[]> {
  const files: string[] = [];
  for (const r of rungs)
    for (const f of (await readdir(join(out, r.name))).sort())
      if (/^(?:index\.m3u8|init\.mp4|seg-\d{3}\.m4s)$/.test(f)) files.push(`${r.name}/${f}`);
  return [...files, 'index.m3u8'];
}

/** What ffmpeg reads of a file: its frame size, and whether it has sound. */
export function probeVideo(
  ffmpeg: string,
  file: string,
): { width: number; height: number; audio: boolean } | null {
  const r = spawnSync(ffmpeg, ['-hide_banner', '-i', file], { encoding: 'utf8' });
  const size = /Stream #\S+.*?: Video: .*?, (\d{2,5})x(\d{2,5})/.exec(r.stderr ?? '');
  if (!size) return null;
  return {
    width: Number(size[1]),
    height: Number(size[2]),
    audio: /Stream #\S+.*?: Audio: /.test(r.stderr ?? ''),
  };
}

/** Runs ffmpeg to the end; rejects with its message when it fails. */
export function runFfmpeg(
  ffmpeg: string,
  args: string[],
  watch: (p: ChildProcess) => void = () => undefined,
): Promise<void> {
  return new Promise((done, fail) => {
    const p = spawn(ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    watch(p);
    let err = '';
    p.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
    p.on('error', fail);
    p.on('close', (code) =>
      code === 0 ? done() : fail(new Error(`ffmpeg failed (${code}): ${err.trim().slice(-2000)}`)),
    );
  });
}
