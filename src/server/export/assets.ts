/**
 * The files an exported page needs beside it (issue 25): its scripts and styles (/_astro/, with
 * the chunks they import), covers, icons, avatars and posters, generated covers under
 * /media/gen/ included. Each is fetched from the server once and written at its path, so a page
 * in the export never points at a file the export lacks, and nothing no page uses (the console
 * bundle) is published. Video and downloads are not copied: they come from the app or media
 * origin, with the member's grant.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomic } from './files.ts';

/** File types copied: code, styles, fonts, images (never video, never a download). */
const ASSET_EXT = 'js|css|woff2?|svg|png|jpe?g|webp|gif|avif|ico';
/** A site path to an asset inside HTML or CSS: "/covers/a.svg", url(/_astro/x.woff2). */
const REF = new RegExp(
  String.raw`(?<=["'\`(=,\s])(\/(?!\/)[A-Za-z0-9_\-./%]+\.(?:${ASSET_EXT}))(?=["'\`)?#\s,])`,
  'g',
);
/** A chunk's import of its neighbour: "./index.B2x.js", import(`./mount.C1.js`). */
const RELATIVE = new RegExp(
  String.raw`["'\`(]\.\/([A-Za-z0-9_\-.]+\.(?:${ASSET_EXT}))["'\`)]`,
  'g',
);
/** A chunk's preload list names the site's build files from the root: "_astro/mount.C1.js". */
const FROM_ROOT = new RegExp(
  String.raw`["'\`](_astro\/[A-Za-z0-9_\-.]+\.(?:${ASSET_EXT}))["'\`]`,
  'g',
);
/** Never exported: the API, the console, sealed media (grants), uploads by members. */
const NOT_PUBLIC = /^\/(api|admin|media\/(sealed|s)|download)\//;

/** The site paths of the assets a page or stylesheet refers to. */
export function assetRefs(text: string, base?: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(REF)) {
    const path = m[1]!;
    if (!NOT_PUBLIC.test(path) && !path.split('/').includes('..')) out.add(path);
  }
  if (base) {
    for (const m of text.matchAll(RELATIVE)) out.add(`${base}${m[1]}`);
    for (const m of text.matchAll(FROM_ROOT)) out.add(`/${m[1]}`);
  }
  return [...out];
}

export type FetchFile = (path: string) => Promise<{ status: number; body: Buffer }>;

/**
 * Copies into the host's folder every asset `text` refers to that it lacks, and what those
 * assets refer to in turn. `done` remembers the paths seen by this process (present or not
 * public), so a full export asks for each once; it answers the set of paths in the export.
 */
export async function exportAssets(
  hostDir: string,
  text: string,
  fetchFile: FetchFile,
  done: Set<string>,
): Promise<void> {
  const queue = assetRefs(text);
  while (queue.length) {
    const path = queue.pop()!;
    if (done.has(path)) continue;
    done.add(path);
    const file = join(hostDir, decodeURIComponent(path));
    if (!file.startsWith(hostDir)) continue;
    const present = existsSync(file);
    // Hashed build files never change; anything else present is kept too (a re-export of a
    // page does not fetch every cover again).
    if (present && !/\.(js|css)$/.test(path)) continue;
    let body: Buffer;
    if (present) body = readFileSync(file);
    else {
      const res = await fetchFile(path);
      if (res.status !== 200) continue;
      body = res.body;
      writeAtomic(file, body);
    }
    if (/\.(js|css)$/.test(path)) {
      const base = path.slice(0, path.lastIndexOf('/') + 1);
      queue.push(...assetRefs(body.toString('utf8'), base).filter((p) => !done.has(p)));
    }
  }
}
