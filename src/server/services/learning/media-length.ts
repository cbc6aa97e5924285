/**
 * The real length of a site-hosted HLS lesson, read from its playlist (the
 * sum of #EXTINF durations), so completion is measured against the media
 * itself and never against a length the player claims. Remote streams keep
 * the catalogue duration. Results are remembered per path: playlists of
 * on-demand lessons do not change while the server runs.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';

const cache = new Map<string, number | null>();

/** Seconds of an HLS playlist's text: playlistSeconds('#EXTINF:2.0,\na.ts\n#EXTINF:1.5,\nb.ts') → 3.5 */
export function playlistSeconds(text: string): number {
  let total = 0;
  for (const m of text.matchAll(/^#EXTINF:([0-9.]+)/gm)) total += Number(m[1]) || 0;
  return Math.round(total * 10) / 10;
}

/** Where site files live: the build's client folder when serving a build, the source public folder otherwise. */
function roots(): string[] {
  return [resolve(process.env.ASTRO_OUT_DIR ?? 'dist', 'client'), resolve('public')];
}

/** Length in seconds of a site-relative HLS path (e.g. /media/hls/lesson-1/index.m3u8), or null if unknown. */
export async function siteHlsSeconds(videoUrl: string): Promise<number | null> {
  if (!/^\/media\/[A-Za-z0-9/_-]+\.m3u8$/.test(videoUrl) || videoUrl.includes('..')) return null;
  if (cache.has(videoUrl)) return cache.get(videoUrl)!;
  let seconds: number | null = null;
  for (const root of roots()) {
    try {
      const s = playlistSeconds(await readFile(resolve(root, `.${videoUrl}`), 'utf8'));
      if (s > 0) {
        seconds = s;
        break;
      }
    } catch {
      // Not in this root; try the next.
    }
  }
  cache.set(videoUrl, seconds);
  return seconds;
}
