/**
 * The request handler in front of Astro: static assets and fresh cached pages
 * straight from memory (DESIGN: Caching, the fast path), everything else to
 * Astro's handler with on-the-fly compression.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import compression from 'compression';
import { cacheKey } from '../cache/cache-key.ts';
import type { PageStore } from '../cache/page-store.ts';
import { mobileTarget } from './mobile-redirect.ts';
import { baseSecurityHeaders } from './security-headers.ts';
import { sendBuffered, type Buffered } from './send.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface FrontOptions {
  /** Keep X-Forwarded-For from a proxy in front (nginx); otherwise it is replaced by the peer address. */
  trustProxy?: boolean;
  staticFiles: Map<string, Buffered>;
  store: PageStore;
  astro: NodeHandler;
  onError(err: unknown, req: IncomingMessage): void;
  /** MOBILE_SITE_URL: phones asking for a page go there (spec 1); empty or absent = off. */
  mobileSiteUrl?: string;
  /** Production adds HSTS to the security headers every response carries. */
  production?: boolean;
  /**
   * Renders (and API calls) in progress past which new ones are refused with
   * a fast 503 instead of queueing behind them (issue 13: under a flood of
   * uncached URLs the server sheds load while cached pages and assets keep
   * answering at full speed). Default 64.
   */
  maxRenders?: number;
}

/** What a shed request gets: tell the client (and a proxy in front) to come back shortly. */
function shed(res: ServerResponse): void {
  const body = Buffer.from('服务器繁忙，请稍后再试');
  res.writeHead(503, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    'Retry-After': '2',
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

export function createFrontHandler(opts: FrontOptions): NodeHandler {
  const compress = compression({ threshold: 1024 });
  const security = baseSecurityHeaders({ production: opts.production ?? false });
  const maxRenders = opts.maxRenders ?? 64;
  let rendering = 0;
  return function front(req, res) {
    // Every answer carries them; a page replaces the CSP with its own (src/middleware.ts).
    for (const [name, value] of security) res.setHeader(name, value);
    // The API keys per-IP limits on the first X-Forwarded-For entry: never let a client choose it.
    if (!opts.trustProxy) req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? 'unknown';
    const url = req.url ?? '/';
    if (req.method === 'GET' || req.method === 'HEAD') {
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      const file = opts.staticFiles.get(path);
      if (file) return sendBuffered(req, res, file);
      // Before the cache lookup: a cached page must not reach a phone when a mobile site exists.
      const mobile = mobileTarget(
        opts.mobileSiteUrl ?? '',
        req.method,
        url,
        req.headers['user-agent'],
      );
      if (mobile) {
        res.writeHead(302, {
          Location: mobile,
          Vary: 'User-Agent',
          'Cache-Control': 'private, no-store',
        });
        return void res.end();
      }
      if (!path.startsWith('/api/')) {
        const entry = opts.store.get(cacheKey(req.headers.host ?? '', url));
        if (entry && opts.store.freshness(entry) === 'fresh') {
          return sendBuffered(req, res, entry, { 'X-Cache': 'HIT' });
        }
      }
    }
    if (rendering >= maxRenders) return shed(res);
    rendering++;
    let counted = true;
    const done = () => {
      if (counted) rendering--;
      counted = false;
    };
    // 'finish' when the answer is handed over, 'close' when the client went away first.
    res.once('finish', done);
    res.once('close', done);
    compress(req as never, res as never, () => {
      Promise.resolve(opts.astro(req, res)).catch((err: unknown) => {
        opts.onError(err, req);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end('Internal Server Error');
        } else res.destroy();
      });
    });
  };
}
