/**
 * Where an exported page lives in the export folder (issue 14, static export),
 * and writing it so a reader never sees half a file. The folder has one
 * directory per host, each a site any static host serves as it is (issue 25:
 * an "index document" per folder, no rewrite, no query mapping):
 *   /                     → <host>/index.html
 *   /article/12           → <host>/article/12/index.html
 *   /articles/c/5/page/2  → <host>/articles/c/5/page/2/index.html
 *   /sitemap.xml          → <host>/sitemap.xml
 * A URL with a query string (a search) is not exported: a static host cannot tell it apart.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, rmdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

const SAFE_PATH = /^\/[A-Za-z0-9_\-/.]*$/;

/** The file of a path under the host's folder, or null when it is not exportable. */
export function exportFile(root: string, host: string, path: string): string | null {
  if (!SAFE_PATH.test(path) || path.split('/').some((s) => s === '..' || s === '.')) return null;
  const base = join(root, host);
  // A path with an extension (sitemap.xml, rss.xml) is a file; any other is a folder page.
  if (/\.[a-z0-9]+$/i.test(path)) return join(base, path);
  return join(base, path, 'index.html');
}

/** Writes under a temporary name, then renames: readers see the old file or the new one. */
export function writeAtomic(file: string, body: Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileSync(tmp, body);
  renameSync(tmp, file);
}

/**
 * Removes an exported page (its content is gone or no longer public), and the folders it
 * leaves empty up to the host's folder: an empty folder is a 403 on many static hosts.
 */
export function removeExported(file: string, root?: string): void {
  rmSync(file, { force: true });
  if (root) removeEmptyParents(dirname(file), root);
}

/** Removes `dir` and its parents while they are empty, stopping at `root` (kept). */
export function removeEmptyParents(dir: string, root: string): void {
  for (let d = dir; relative(root, d) && !relative(root, d).startsWith('..'); d = dirname(d)) {
    try {
      if (readdirSync(d).length > 0) return;
      rmdirSync(d);
    } catch {
      return;
    }
  }
}
