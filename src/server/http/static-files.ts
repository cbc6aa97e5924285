/**
 * Built client assets, read into memory at start with their brotli and gzip
 * forms, served with immutable caching when their names are content-hashed.
 * The compressed forms (brotli at its slowest, best setting) are made once per content and
 * kept beside the build (`<dist>/.compressed/`, never served), so a restart reads them instead
 * of compressing every asset again (issue 24: restart time; the build fills it).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as z, gzipSync } from 'node:zlib';
import type { Buffered } from './send.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
};
const COMPRESSIBLE = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.svg',
  '.txt',
  '.xml',
  '.webmanifest',
  '.m3u8',
  '.ico',
]);

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else if (entry.isFile()) yield p;
  }
}

/** Which compression settings the kept forms were made with: a change makes them anew. */
const FORMS_VERSION = 'br11-gz9';

/** The brotli or gzip form of `body`, from the kept copy when there is one, else made and kept. */
async function compressedForm(
  keep: string,
  key: string,
  kind: 'br' | 'gz',
  body: Buffer,
): Promise<Buffer> {
  const file = join(keep, `${key}.${kind}`);
  try {
    return await readFile(file);
  } catch {
    // Not kept yet: made below.
  }
  const out =
    kind === 'br'
      ? brotliCompressSync(body, { params: { [z.BROTLI_PARAM_QUALITY]: 11 } })
      : gzipSync(body, { level: 9 });
  try {
    await mkdir(keep, { recursive: true });
    // Written whole under a name of its own, then renamed: another instance starting at the
    // same time reads either nothing or the whole file.
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, out);
    await rename(tmp, file);
  } catch {
    // A read-only build: served from memory all the same, made again at the next start.
  }
  return out;
}

/** Loads every file under `root` keyed by its URL path ('/_astro/x.js'). */
export async function loadStaticFiles(root: string): Promise<Map<string, Buffered>> {
  const files = new Map<string, Buffered>();
  const keep = join(dirname(root), '.compressed');
  for await (const file of walk(root)) {
    const urlPath = '/' + relative(root, file).split(sep).join('/');
    const ext = extname(file).toLowerCase();
    const body = await readFile(file);
    const compress = COMPRESSIBLE.has(ext) && body.length > 512;
    const hashed = urlPath.startsWith('/_astro/');
    const key = createHash('sha256').update(FORMS_VERSION).update(body).digest('hex');
    files.set(urlPath, {
      status: 200,
      headers: [
        ['Content-Type', TYPES[ext] ?? 'application/octet-stream'],
        ['Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'],
        ['X-Content-Type-Options', 'nosniff'],
      ],
      body,
      br: compress ? await compressedForm(keep, key, 'br', body) : null,
      gzip: compress ? await compressedForm(keep, key, 'gz', body) : null,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    });
  }
  return files;
}
