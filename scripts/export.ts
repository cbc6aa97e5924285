/**
 * `npm run export -- [--out DIR]`: every public page (home, every list page by
 * page, articles, courses, columns, lives, short and featured videos, tools,
 * legal pages, sitemap and feed) written as files at their path URLs into DIR
 * (EXPORT_DIR, default ./export), one folder per host, with the assets those
 * pages use and nothing else (issue 25: any CDN or bucket serves the folder as
 * it is; the console stays on the app); see src/server/export. Pages are
 * rendered by this process's own server, the same handler and build the
 * instances run, on the database DATABASE_URL names. Instances started with
 * the same EXPORT_DIR then keep the export up to date: a change re-exports
 * only the pages that show it.
 */
import { cpSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { sql } from 'kysely';
import type { Deps } from '../src/server/deps.ts';
import {
  exportFile,
  exportOne,
  exportPaths,
  type ExportOutcome,
} from '../src/server/export/index.ts';
import { removeEmptyParents } from '../src/server/export/files.ts';
import { headersManifest, objectMetadata } from '../src/server/export/static-page.ts';

// Canonical links, the sitemap and the feed name the site's public address: never a guess.
if (!process.env.SITE_URL?.trim()) {
  process.stderr.write(
    '导出需要设置 SITE_URL（站点的公开地址，例如 https://www.example.cn）：规范链接、站点地图和 RSS 都用它。\n' +
      'The export needs SITE_URL (the public address of the site, e.g. https://www.example.cn): canonical links, the sitemap and the RSS feed use it.\n',
  );
  process.exit(1);
}
const outArg = process.argv.indexOf('--out');
const out = resolve(
  (outArg > 0 ? process.argv[outArg + 1] : undefined) || process.env.EXPORT_DIR || 'export',
);
const dist = process.env.ASTRO_OUT_DIR || 'dist';
if (!existsSync(`${dist}/server/entry.mjs`)) {
  process.stderr.write('no build: run `npm start -- --build-only` first\n');
  process.exit(1);
}
// This process only renders: no job worker, no Redis, no re-export of its own, and no
// compression of the pages it keeps (it reads their tags, it serves no reader).
process.env.JOB_POLL_MS = '0';
process.env.PAGE_STORE_COMPRESSION = 'none';
delete process.env.REDIS_URL;
delete process.env.EXPORT_DIR;
const { startServer } = await import('../src/server/http/main.ts');
const server = await startServer({ port: 0 });
const runtime = (globalThis as unknown as Record<symbol, { start(): Promise<{ deps: Deps }> }>)[
  Symbol.for('xinxuetang.runtime')
]!;
const { deps } = await runtime.start();
const host = deps.config.exportHost;
const started = Date.now();
// This process renders and writes every page: its CPU time a page is the export's own cost,
// whatever else the machine runs (the benchmark compares it between database sizes).
const cpuStart = process.cpuUsage();

const paths: string[] = [];
for await (const p of exportPaths(deps)) paths.push(p);
await sql`DELETE FROM export_page_tags`.execute(deps.db);

const tty = process.stderr.isTTY;
let done = 0;
let lastPrint = 0;
function progress(final = false): void {
  const now = Date.now();
  if (!final && now - lastPrint < (tty ? 200 : 5000)) return;
  lastPrint = now;
  const share = paths.length ? done / paths.length : 1;
  const width = 30;
  const bar = '█'.repeat(Math.round(share * width)).padEnd(width, '░');
  const rate = done / Math.max(0.001, (now - started) / 1000);
  const line = `导出 ${bar} ${done}/${paths.length} (${Math.floor(share * 100)}%) ${rate.toFixed(0)} 页/秒`;
  process.stderr.write(tty ? `\r${line}${final ? '\n' : ''}` : `${line}\n`);
}

const counts: Record<ExportOutcome, number> = { written: 0, removed: 0, skipped: 0 };
const opts = { origin: server.url, host, dir: out, assets: new Set<string>() };
let next = 0;
async function worker(): Promise<void> {
  while (next < paths.length) {
    const path = paths[next++]!;
    counts[await exportOne(deps.db, opts, path)]++;
    done++;
    progress();
  }
}
await Promise.all(Array.from({ length: 4 }, worker));
progress(true);

// The public files of the build (icons, covers, avatars, robots.txt) beside the pages; the
// hashed /_astro files were copied page by page, only those a page uses (not the console's).
const assets = resolve(dist, 'client');
const site = join(out, host);
for (const name of readdirSync(assets))
  if (name !== '_astro') cpSync(join(assets, name), join(site, name), { recursive: true });
// What a static host cannot put in a page: headers for the CDN and bucket object metadata.
const https = deps.config.siteUrl.startsWith('https:');
writeFileSync(join(site, '_headers'), headersManifest({ https }));
writeFileSync(
  join(site, '_object-metadata.json'),
  `${JSON.stringify(objectMetadata({ https }), null, 2)}\n`,
);

// Pages exported earlier that are no longer public, build files no page uses (an earlier
// build's, the console's), and the folders they leave empty.
let stale = 0;
const wanted = new Set(paths.map((p) => exportFile(out, host, p)).filter(Boolean) as string[]);
function sweep(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    const path = `/${relative(site, file)}`;
    if (statSync(file).isDirectory()) sweep(file);
    else if (
      ((name === 'index.html' || /\.xml$/.test(name)) &&
        !wanted.has(file) &&
        !existsSync(join(assets, relative(site, file)))) ||
      (path.startsWith('/_astro/') && !opts.assets.has(path))
    ) {
      rmSync(file);
      stale++;
    }
  }
  removeEmptyParents(dir, site);
}
sweep(site);

const seconds = (Date.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStart);
const perPage = (ms: number) => (ms / Math.max(1, paths.length)).toFixed(2);
process.stdout.write(
  `exported ${counts.written} pages of ${host} to ${out} in ${seconds.toFixed(1)} s` +
    ` (${perPage(seconds * 1000)} ms a page, ${perPage((cpu.user + cpu.system) / 1000)} ms of CPU; ${counts.skipped} not cacheable, ${counts.removed} gone, ${stale} stale files removed)\n`,
);
await server.stop();
process.exit(0);
