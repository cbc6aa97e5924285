/**
 * Static export (issue 14): every public page rendered through the server's
 * own handler (an HTTP request to this process, so the bytes are those a
 * reader gets) and written as a file; the page's cache tags are kept in
 * `export_page_tags`. A change invalidates tags; the runtime then enqueues an
 * `export.pages` job, and its handler re-exports exactly the pages that carry
 * one of them (deleting those no longer public), plus the pages the change
 * adds: a newly published item's page, a list's new last page (issue 25).
 *
 * Pages are the same for every reader (per-user data stays in islands), so a
 * file serves everyone. Pages are written at their path URLs only (files.ts),
 * so any CDN or bucket serves the folder as it is. Notices are for members
 * (spec 2: login required), so they are not exported.
 */
import { request } from 'node:http';
import { join } from 'node:path';
import { sql } from 'kysely';
import { cacheKey } from '../cache/cache-key.ts';
import { pageStore } from '../cache/page-store.ts';
import type { Database } from '../db/database.ts';
import type { Deps } from '../deps.ts';
import { urls } from '../../shared/urls.ts';
import { exportAssets } from './assets.ts';
import { exportFile, removeExported, writeAtomic } from './files.ts';
import { withMetaCsp } from './static-page.ts';
import {
  articleListPaths,
  courseListPaths,
  resourceListPaths,
  shortVideoListPaths,
  toolPaths,
} from './paths.ts';

export { exportFile, removeExported, writeAtomic } from './files.ts';
export { exportPaths } from './paths.ts';

export const EXPORT_PAGES = 'export.pages';

/** The pages of a list tag, to find pages a change adds (a list grown by a page). */
const LIST_PAGES: Record<string, (deps: Deps) => AsyncGenerator<string>> = {
  'list:articles': articleListPaths,
  'list:courses': courseListPaths,
  'list:shortvideos': shortVideoListPaths,
  'list:resources': resourceListPaths,
  'list:tools': toolPaths,
};

/** The pages of an item tag ('article:12'), to export an item published after the export. */
const ITEM_PAGES: Record<string, (id: number) => string[]> = {
  article: (id) => [urls.article(id)],
  course: (id) => [urls.course(id), urls.exam(id)],
  live: (id) => [urls.liveDetail(id)],
  shortvideo: (id) => [urls.shortVideo(id)],
  video: (id) => [urls.video(id)],
  column: (id) => [urls.column(id)],
  challenge: (id) => [urls.challenge(id)],
  member: (id) => [urls.member(id)],
};

/** The pages a change may add: an item's own pages and a grown list's new pages. */
async function* addedPaths(deps: Deps, tags: string[]): AsyncGenerator<string> {
  for (const tag of tags) {
    const m = /^([a-z]+):(\d+)$/.exec(tag);
    if (m && ITEM_PAGES[m[1]!]) yield* ITEM_PAGES[m[1]!]!(Number(m[2]));
    else if (LIST_PAGES[tag]) yield* LIST_PAGES[tag](deps);
  }
}

/** GETs a page from the server at `origin` as the export host would ask for it. */
export function fetchPage(
  origin: string,
  host: string,
  pathAndQuery: string,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(pathAndQuery, origin),
      { headers: { host, 'accept-encoding': 'identity' }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`export: ${pathAndQuery} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/** Replaces the tags recorded for a path (none: the page is no longer exported). */
export async function recordTags(db: Database, path: string, tags: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('export_page_tags').where('path', '=', path).execute();
    const unique = [...new Set(tags)].filter((t) => t.length <= 120);
    if (unique.length)
      await trx
        .insertInto('export_page_tags')
        .values(unique.map((tag) => ({ tag, path })))
        .execute();
  });
}

export type ExportOutcome = 'written' | 'removed' | 'skipped';

export interface ExportOptions {
  /** The server that renders the pages. */
  origin: string;
  /** The host the pages are asked for, and the export's folder for it. */
  host: string;
  dir: string;
  /** Asset paths already copied (or found not public) by this run. */
  assets: Set<string>;
}

/**
 * Renders one page through the server at `origin` and writes it, or removes
 * its file when the page is gone (404/410) or no longer the same for everyone
 * (not cached). The tags come from this process's page store, where the
 * render just put the page.
 */
export async function exportOne(
  db: Database,
  opts: ExportOptions,
  pathAndQuery: string,
): Promise<ExportOutcome> {
  const file = exportFile(opts.dir, opts.host, pathAndQuery);
  if (!file) return 'skipped';
  // Peeked, not read: reading a page marks it for recompression at full quality, which a
  // reader's next hit may want but an export does not.
  const peek = () => pageStore().peek(cacheKey(opts.host, pathAndQuery));
  let res = await fetchPage(opts.origin, opts.host, pathAndQuery);
  let entry = res.status === 200 ? peek() : undefined;
  // A change committed while this page rendered drops it from the store as soon as its
  // transaction ends, between the render and the peek: render again before concluding the
  // page is not shared (a page for members is never stored, whatever the try).
  for (let again = 0; res.status === 200 && !entry && again < 2; again++) {
    res = await fetchPage(opts.origin, opts.host, pathAndQuery);
    entry = res.status === 200 ? peek() : undefined;
  }
  if (res.status >= 500) throw new Error(`export: ${pathAndQuery} answered ${res.status}`);
  if (!entry) {
    removeExported(file, join(opts.dir, opts.host));
    await recordTags(db, pathAndQuery, []);
    return res.status === 200 ? 'skipped' : 'removed';
  }
  // A page gets its CSP as a meta tag; a feed is copied as it is; the ads' list names images.
  const html = /\.(xml|json)$/.test(pathAndQuery) ? null : res.body.toString('utf8');
  writeAtomic(file, html === null ? res.body : Buffer.from(withMetaCsp(html)));
  const refers = html ?? (/\.json$/.test(pathAndQuery) ? res.body.toString('utf8') : null);
  if (refers !== null)
    await exportAssets(
      join(opts.dir, opts.host),
      refers,
      (path) => fetchPage(opts.origin, opts.host, path),
      opts.assets,
    );
  await recordTags(db, pathAndQuery, entry.tags);
  return 'written';
}

/** The loopback address of this process's own server. */
export function ownOrigin(config: Deps['config']): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

/** Job handler: re-exports the pages that show any of the payload's tags. */
export async function reexportPages(deps: Deps, payload: Record<string, unknown>): Promise<void> {
  const dir = deps.config.exportDir;
  const tags = Array.isArray(payload.tags) ? payload.tags.map(String) : [];
  if (!dir || tags.length === 0) return;
  // 'site' is on every page: a full re-export is `npm run export`, not a job.
  const wanted = tags.filter((t) => t !== 'site');
  if (wanted.length === 0) return;
  const rows = await deps.db
    .selectFrom('export_page_tags')
    .select(sql<string>`DISTINCT path`.as('path'))
    .where('tag', 'in', wanted)
    .execute();
  const opts = {
    origin: ownOrigin(deps.config),
    host: deps.config.exportHost,
    dir,
    assets: new Set<string>(),
  };
  const done: Record<ExportOutcome, number> = { written: 0, removed: 0, skipped: 0 };
  const paths = new Set(rows.map((r) => r.path));
  for await (const path of addedPaths(deps, wanted))
    if (!paths.has(path)) {
      // A page not exported yet: unless it was written before (the full export records it).
      const known = await deps.db
        .selectFrom('export_page_tags')
        .select('path')
        .where('path', '=', path)
        .executeTakeFirst();
      if (!known) paths.add(path);
    }
  for (const path of paths) done[await exportOne(deps.db, opts, path)]++;
  deps.logger.info('re-exported pages', { tags: wanted.join(','), ...done });
}
