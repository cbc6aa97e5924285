/**
 * Built client assets, read into memory at start with their brotli and gzip
 * forms, served with immutable caching when their names are content-hashed.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
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

/** Loads every file under `root` keyed by its URL path ('/_astro/x.js'). */
export async function loadStaticFiles(root: string): Promise<Map<string, Buffered>> {
  const files = new Map<string, Buffered>();
  for await (const file of walk(root)) {
    const urlPath = '/' + relative(root, file).split(sep).join('/');
    const ext = extname(file).toLowerCase();
    const body = await readFile(file);
    const compress = COMPRESSIBLE.has(ext) && body.length > 512;
    const hashed = urlPath.startsWith('/_astro/');
    files.set(urlPath, {
      status: 200,
      headers: [
        ['Content-Type', TYPES[ext] ?? 'application/octet-stream'],
        ['Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'],
        ['X-Content-Type-Options', 'nosniff'],
      ],
      body,
      br: compress ? brotliCompressSync(body, { params: { [z.BROTLI_PARAM_QUALITY]: 11 } }) : null,
      gzip: compress ? gzipSync(body, { level: 9 }) : null,
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    });
  }
  return files;
}
