/**
 * Where an exported page lives in the export folder (issue 14, static export),
 * and writing it so a reader never sees half a file. The folder has one
 * directory per host; nginx (deploy/nginx.conf.template) looks there first:
 *   /                     → <host>/index.html
 *   /article/12           → <host>/article/12/index.html
 *   /sitemap.xml          → <host>/sitemap.xml
 *   /livedetail?id=3      → <host>/q/livedetail/id=3/index.html
 * A query string is kept only in its canonical form of letters, digits and
 * `=&%_-`; any other URL is not exported (nginx asks the app).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const SAFE_QUERY = /^[A-Za-z0-9_=&%-]+$/;
const SAFE_PATH = /^\/[A-Za-z0-9_\-/.]*$/;

/** The file of a path and query under the host's folder, or null when it is not exportable. */
export function exportFile(root: string, host: string, pathAndQuery: string): string | null {
  const q = pathAndQuery.indexOf('?');
  const path = q === -1 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = q === -1 ? '' : pathAndQuery.slice(q + 1);
  if (!SAFE_PATH.test(path) || path.split('/').some((s) => s === '..' || s === '.')) return null;
  if (query && !SAFE_QUERY.test(query)) return null;
  const base = join(root, host);
  if (query) return join(base, 'q', path, query, 'index.html');
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

/** Removes an exported page (its content is gone or no longer public). */
export function removeExported(file: string): void {
  rmSync(file, { force: true });
}
