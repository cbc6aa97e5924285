/**
 * The real length of a site-hosted HLS lesson, read from its playlist (the
 * sum of #EXTINF durations), so completion is measured against the media
 * itself and never against a length the player claims. Remote streams keep
 * the catalogue duration. Results are remembered per path: playlists of
 * on-demand lessons do not change while the server runs.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { resolve } from 'node:path';
import { defaultMediaStore } from '../../../providers/storage/media.ts';

/** Where generated demo media live (scripts/media.ts), served at /media/gen/. */
export function mediaDir(): string {
  return resolve(process.env.MEDIA_DIR || 'data/media');
}

const MEDIA_TYPES: Record<string, string> = {
  m3u8: 'application/vnd.apple.mpegurl',
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  svg: 'image/svg+xml',
  webp: 'image/webp',
};

/**
 * A generated media file by its path under /media/gen/ ('lesson-1-2/seg-003.m4s',
 * 'covers/course-3-640.webp'; an older database's 'covers/course-3.svg'; 'ads/carousel-1.webp'),
 * or null when the path is not one of ours or the file is missing.
 */
export async function mediaFile(
  path: string,
): Promise<{ body: ReadableStream; type: string; size: number } | null> {
  const m =
    /^([a-z0-9-]{1,40})\/(index\.m3u8|init\.mp4|seg-\d{3}\.m4s)$/.exec(path) ??
    /^(covers)\/([a-z0-9-]{1,40}\.(?:webp|svg))$/.exec(path) ??
    /^(ads)\/([a-z0-9-]{1,40}\.webp)$/.exec(path);
  if (!m) return null;
  const file = resolve(mediaDir(), m[1]!, m[2]!);
  try {
    const st = await stat(file);
    if (!st.isFile()) return null;
    const ext = m[2]!.split('.').pop()!;
    return {
      body: Readable.toWeb(createReadStream(file)) as ReadableStream,
      type: MEDIA_TYPES[ext]!,
      size: st.size,
    };
  } catch {
    return null;
  }
}

const cache = new Map<string, number | null>();

/** Seconds of an HLS playlist's text: playlistSeconds('#EXTINF:2.0,\na.ts\n#EXTINF:1.5,\nb.ts') → 3.5 */
export function playlistSeconds(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/^#EXTINF:([0-9.]+)/gm)) total += Number(m[1]) || 0;
  return Math.round(total * 10) / 10;
}

/**
 * Where a site path's playlist may be: generated media under MEDIA_DIR
 * (/media/gen/…), other site files in the build's client folder when serving
 * a build, else the source public folder.
 */
function files(videoUrl: string): string[] {
  if (videoUrl.startsWith('/media/gen/'))
    return [resolve(mediaDir(), `.${videoUrl.slice('/media/gen'.length)}`)];
  return [
    resolve(process.env.ASTRO_OUT_DIR ?? 'dist', 'client', `.${videoUrl}`),
    resolve('public', `.${videoUrl}`),
  ];
}

/** The text of a site-relative playlist: from the disk roots, else the media store; null if none. */
async function playlistText(videoUrl: string): Promise<string | null> {
  for (const file of files(videoUrl)) {
    try {
      return await readFile(file, 'utf8');
    } catch {
      // Not in this root; try the next.
    }
  }
  // Not on this machine's disk: the media store (the bucket when MEDIA_STORAGE=s3).
  if (!videoUrl.startsWith('/media/')) return null;
  const file = await defaultMediaStore()
    .open(videoUrl.slice('/media/'.length))
    .catch(() => null);
  return file && 'body' in file ? new Response(file.body).text() : null;
}

/** The first rendition of a master playlist (a ladder), relative to it: '360p/index.m3u8'. */
export function firstVariant(text: string): string | null {
  return /^#EXT-X-STREAM-INF:[^\n]*\n\s*([^#\s][^\n]*?)\s*$/m.exec(text)?.[1] ?? null;
}

const SITE_PLAYLIST = /^\/media\/[A-Za-z0-9/_-]+\.m3u8$/;

/**
 * Length in seconds of a site-relative HLS path (e.g. /media/gen/video-1/index.m3u8), or null
 * if unknown. For a ladder's master playlist, the length of its first rendition.
 */
export async function siteHlsSeconds(videoUrl: string): Promise<number | null> {
  if (!SITE_PLAYLIST.test(videoUrl) || videoUrl.includes('..')) return null;
  if (cache.has(videoUrl)) return cache.get(videoUrl)!;
  let text = await playlistText(videoUrl);
  const variant = text && firstVariant(text);
  if (variant) {
    const url = `${videoUrl.slice(0, videoUrl.lastIndexOf('/') + 1)}${variant}`;
    text = SITE_PLAYLIST.test(url) && !url.includes('..') ? await playlistText(url) : null;
  }
  const s = text ? playlistSeconds(text) : 0;
  const seconds = s > 0 ? s : null;
  cache.set(videoUrl, seconds);
  return seconds;
}
