/**
 * What the static-export test needs (issue 25): a static host as plain as a bucket with an
 * "index document" (files at their paths, index.html for a folder, nothing else: no rewrite,
 * no query mapping, no fallback), and a crawler that follows every link of a site in Chromium.
 */
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Page } from '@playwright/test';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** Serves `root` as a bucket would: GET/HEAD of a file, a folder's index.html, else 404. */
export async function serveFolder(root: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(root, path));
    const notFound = () => {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('404');
    };
    if (!file.startsWith(root) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      if (req.method !== 'GET' && req.method !== 'HEAD') res.writeHead(405).end();
      else notFound();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = join(file, 'index.html');
      if (!statSync(file).isFile()) return notFound();
    } catch {
      return notFound();
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

export interface CrawlReport {
  pages: number;
  /** "<link> (on <page>) → <status>" for every link that answers 404. */
  brokenLinks: string[];
  /** Images, scripts, styles and fonts that failed to load. */
  failedAssets: string[];
  cspViolations: string[];
  pageErrors: string[];
}

/**
 * Visits every page reachable by links from `start` on `origin`, each in Chromium (`page`),
 * and reports what is broken. A link with a query string is followed as it is written.
 */
export async function crawl(page: Page, origin: string, start = '/'): Promise<CrawlReport> {
  const report: CrawlReport = {
    pages: 0,
    brokenLinks: [],
    failedAssets: [],
    cspViolations: [],
    pageErrors: [],
  };
  let current = start;
  await page.exposeFunction('__cspViolation', (v: string) => report.cspViolations.push(v));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation(v: string): void }).__cspViolation(
        `${location.pathname}: ${e.effectiveDirective} ${e.blockedURI}`,
      );
    });
  });
  page.on('pageerror', (e) => report.pageErrors.push(`${current}: ${e.message}`));
  const ASSET = new Set(['image', 'script', 'stylesheet', 'font']);
  /** Set while the crawler goes to its next page: what the last one still loads is aborted. */
  let leaving = false;
  page.on('requestfailed', (r) => {
    // A script the page adds late (after its first paint, src/server/http/page-scripts.ts) can
    // still be on its way when network idle lets the crawler go on; leaving aborts it, which is
    // not a failure of the page (it failed so once in CI). Anything else that fails still counts.
    if (leaving && r.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (ASSET.has(r.resourceType()) && r.url().startsWith(origin))
      report.failedAssets.push(`${r.url()} (on ${current}): ${r.failure()?.errorText}`);
  });
  page.on('response', (r) => {
    if (ASSET.has(r.request().resourceType()) && r.status() >= 400)
      report.failedAssets.push(`${r.url()} (on ${current}) → ${r.status()}`);
  });

  const seen = new Set([start]);
  const from = new Map<string, string>([[start, '(start)']]);
  const queue = [start];
  while (queue.length) {
    current = queue.shift()!;
    leaving = true;
    const res = await page.goto(origin + current, { waitUntil: 'load' }).finally(() => {
      leaving = false;
    });
    // Let the page's islands and lazy scripts finish loading before leaving it (leaving would
    // abort them, which is not a failure of the page).
    await page.waitForLoadState('networkidle');
    report.pages++;
    const status = res?.status() ?? 0;
    if (status === 404 || status === 0) {
      report.brokenLinks.push(`${current} (on ${from.get(current)}) → ${status}`);
      continue;
    }
    if (!/html/.test(res?.headers()['content-type'] ?? '')) continue;
    const links = await page.$$eval('a[href]', (as) =>
      as.map((a) => (a as HTMLAnchorElement).href),
    );
    for (const href of links) {
      const url = new URL(href);
      if (url.origin !== origin) continue;
      const path = url.pathname + url.search;
      if (seen.has(path)) continue;
      seen.add(path);
      from.set(path, current);
      queue.push(path);
    }
  }
  return report;
}
