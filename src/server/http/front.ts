/**
 * The request handler in front of Astro: static assets and fresh cached pages
 * straight from memory (DESIGN: Caching, the fast path), the query forms' 301s
 * (query-forms.ts), everything else to Astro's handler with on-the-fly compression.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import compression from 'compression';
import { pageKey } from '../cache/cache-key.ts';
import type { PageStore } from '../cache/page-store.ts';
import { ClientBudget } from './client-budget.ts';
import { Gate, Lane } from './queues.ts';
import { mobileTarget } from './mobile-redirect.ts';
import { queryFormTarget } from '../query-forms.ts';
import { baseSecurityHeaders } from './security-headers.ts';
import { fastHeaders, sendBuffered, type Buffered, type FastHeaders } from './send.ts';

export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

export interface FrontOptions {
  /** Keep X-Forwarded-For from a proxy in front (nginx); otherwise it is replaced by the peer address. */
  trustProxy?: boolean;
  staticFiles: Map<string, Buffered>;
  store: PageStore;
  astro: NodeHandler;
  /** GETs of live chat event streams, written straight to the response (else through `astro`). */
  eventStream?: NodeHandler;
  onError(err: unknown, req: IncomingMessage): void;
  /** MOBILE_SITE_URL: phones asking for a page go there (spec 1); empty or absent = off. */
  mobileSiteUrl?: string;
  /** Production adds HSTS to the security headers every response carries. */
  production?: boolean;
  /**
   * Page renders in progress past which new ones are refused with a fast 503
   * instead of queueing (issue 13: under a flood of uncached URLs the server
   * sheds load while cached pages and assets keep answering). Default 4: one
   * process renders on one core, so more in flight only queue, and every
   * render step they add delays the cached answers served between them.
   */
  maxRenders?: number;
  /** The same bound for API calls, which are short and many per page view. Default 32. */
  maxApiCalls?: number;
  /** Requests that may wait for a free render (or API) slot; past it, the fast 503. Default 64. */
  maxQueued?: number;
  /**
   * Page requests with query parameters their page does not read (`?utm_source=…`,
   * `?r=<random>`) are answered at once, but their connection reads its next
   * request only when the lane lets it: at most this many per turn of the event
   * loop (default 4), so a flood of them cannot crowd out the readers of
   * canonical URLs; past `maxDeferred` held connections (default 1024), the fast 503.
   */
  deferredPerTurn?: number;
  maxDeferred?: number;
  /**
   * Page renders a client (its address: X-Forwarded-For's first entry behind a trusted proxy,
   * else the peer's) may start a second, and at once (client-budget.ts); past them a fast 429
   * with Retry-After, and its connection waits for the lane. Defaults 5 and 20; a rate of 0
   * turns the budget off.
   */
  renderRate?: number;
  renderBurst?: number;
}

/** What a shed request gets: tell the client (and a proxy in front) to come back shortly. */
function shed(res: ServerResponse, headers: readonly [string, string][] = []): void {
  const body = Buffer.from('服务器繁忙，请稍后再试');
  for (const [name, value] of headers) res.setHeader(name, value);
  res.writeHead(503, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    'Retry-After': '2',
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/**
 * A query form's permanent redirect to its path form (query-forms.ts), with the headers its page
 * answers it with through Astro: the security headers, the location and an empty body (its
 * length said for a GET, as sendWhole says it; a HEAD's answer says none).
 */
function moved(
  req: IncomingMessage,
  res: ServerResponse,
  location: string,
  security: readonly [string, string][],
): void {
  for (const [name, value] of security) res.setHeader(name, value);
  res.writeHead(301, req.method === 'HEAD' ? { location } : { location, 'Content-Length': 0 });
  res.end();
}

/** What a client past its render budget gets: when to come back, and its connection waits. */
function tooMany(res: ServerResponse, seconds: number): void {
  const body = Buffer.from('请求过于频繁，请稍后再试');
  res.writeHead(429, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': body.length,
    'Retry-After': String(seconds),
    'Cache-Control': 'no-store',
  });
  res.end(body);
}

/** The methods the site answers (pages GET and HEAD, the API GET, POST, PUT, DELETE, CORS OPTIONS). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']);

/** Answers that stay streamed: media and downloads (files of any size). */
const STREAMED = /^\/(?:media|download|downloads)\//;
/**
 * Event streams (a live chat's): open for as long as a viewer watches, so they hold no slot of
 * the API gate, and are neither held whole nor compressed (each event goes out when written).
 */
const EVENT_STREAM = /^\/api\/live\/chat\/\d+\/events(?:\?|$)/;
/** Past this many bytes an answer is streamed after all, so memory stays bounded. */
const WHOLE_MAX = 8 * 1024 * 1024;

/**
 * Holds an answer's head and body (after compression) until it is complete, then
 * sends both in one write with a Content-Length. A proxy in front (nginx) then
 * either has the whole answer or nothing from this instance: when the process
 * dies mid-render (SIGKILL, a crash), nginx has sent nothing to its client yet
 * and retries the request on another instance, instead of passing on a streamed
 * answer cut short, which it cannot retry (issue 14: one instance killed under
 * load, no failed request). Pages are a few hundred kilobytes at most.
 */
function sendWhole(req: IncomingMessage, res: ServerResponse): void {
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (code: number) => ServerResponse;
  let chunks: Buffer[] = [];
  let size = 0;
  let streaming = false;
  // The head too is held (compression asks for it on its first write): kept as headers
  // on the response, written for real with the body.
  res.writeHead = ((code: number, ...rest: unknown[]) => {
    res.statusCode = code;
    const h = rest.find((x) => x && typeof x === 'object');
    if (Array.isArray(h)) {
      const flat = (h as unknown[]).flat() as string[];
      for (let i = 0; i + 1 < flat.length; i += 2) res.setHeader(flat[i]!, flat[i + 1]!);
    } else if (h)
      for (const [k, v] of Object.entries(h as Record<string, unknown>))
        if (v !== undefined) res.setHeader(k, v as string);
    return res;
  }) as typeof res.writeHead;
  const head = () => {
    res.writeHead = writeHead as typeof res.writeHead;
    if (!res.headersSent) writeHead(res.statusCode);
  };
  const take = (chunk: unknown, enc: unknown) => {
    if (chunk === undefined || chunk === null) return;
    const b =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof enc === 'string' ? (enc as BufferEncoding) : 'utf8')
        : Buffer.from(chunk as Uint8Array);
    if (streaming) return void write(b);
    chunks.push(b);
    size += b.length;
    if (size > WHOLE_MAX) {
      streaming = true;
      head();
      for (const c of chunks) write(c);
      chunks = [];
    }
  };
  res.write = ((chunk: unknown, enc?: unknown, cb?: unknown) => {
    take(chunk, enc);
    const done = typeof enc === 'function' ? enc : cb;
    if (typeof done === 'function') process.nextTick(done as () => void);
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, enc?: unknown, cb?: unknown) => {
    if (typeof chunk === 'function') [cb, chunk] = [chunk, undefined];
    else if (typeof enc === 'function') [cb, enc] = [enc, undefined];
    take(chunk, enc);
    const done = typeof cb === 'function' ? [cb] : [];
    if (streaming) return end(...done);
    const body = Buffer.concat(chunks);
    chunks = [];
    const bodyless = req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
    if (!res.headersSent && !bodyless && !res.hasHeader('transfer-encoding'))
      res.setHeader('Content-Length', body.length);
    head();
    return end(bodyless ? undefined : body, ...done);
  }) as typeof res.end;
}

export function createFrontHandler(opts: FrontOptions): NodeHandler {
  const compress = compression({ threshold: 1024 });
  const security = baseSecurityHeaders({ production: opts.production ?? false });
  const securityHit: [string, string][] = [...security, ['X-Cache', 'HIT']];
  const gates = {
    page: new Gate(opts.maxRenders ?? 4, opts.maxQueued ?? 64),
    api: new Gate(opts.maxApiCalls ?? 32, opts.maxQueued ?? 64),
  };
  const deferred = new Lane(opts.deferredPerTurn ?? 4, opts.maxDeferred ?? 1024);
  const budget = new ClientBudget(opts.renderRate ?? 5, opts.renderBurst ?? 20);
  const held = new WeakSet<Socket>();
  const watched = new WeakSet<Socket>();
  const front: NodeHandler = (req, res) => {
    const url = req.url ?? '/';
    // TRACE, CONNECT and the like are nobody's business here: 405, never a page or a 500.
    if (!METHODS.has(req.method ?? '')) {
      for (const [name, value] of security) res.setHeader(name, value);
      res.writeHead(405, {
        Allow: [...METHODS].join(', '),
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      return void res.end('Method Not Allowed');
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const q = url.indexOf('?');
      const path = q === -1 ? url : url.slice(0, q);
      const headers = fastHeaders(req);
      const file = opts.staticFiles.get(path);
      if (file) return sendBuffered(req, res, file, security, headers);
      // Before the cache lookup: a cached page must not reach a phone when a mobile site exists.
      const mobile = mobileTarget(opts.mobileSiteUrl ?? '', req.method, url, headers.userAgent);
      if (mobile) {
        for (const [name, value] of security) res.setHeader(name, value);
        res.writeHead(302, {
          Location: mobile,
          Vary: 'User-Agent',
          'Cache-Control': 'private, no-store',
        });
        return void res.end();
      }
      if (!path.startsWith('/api/')) {
        const page = pageKey(headers.host, url);
        if (page.ignored && !hold(req.socket)) return shed(res, security);
        // A query form's 301 (issue 25) follows from its URL: answered here as its page would.
        const target = queryFormTarget(path, q === -1 ? '' : url.slice(q + 1));
        if (target) return moved(req, res, target, security);
        return answerPage(req, res, page.key, headers);
      }
    }
    render(req, res, url);
  };

  /**
   * A URL with parameters its page does not read is answered now, but its
   * connection reads its next request only when the lane comes to it. The
   * socket stops reading (the kernel holds the bytes), so nothing waits in
   * memory; Node resumes a socket itself after each answer, so a held
   * socket is paused again on every 'resume' until the lane releases it.
   * Answers false when the lane is full (then the fast 503).
   */
  function hold(socket: Socket): boolean {
    if (held.has(socket)) return true;
    if (!deferred.defer(() => release(socket))) return false;
    pause(socket);
    return true;
  }

  /** As `hold`, for a time instead of a turn of the lane (a client past its render budget). */
  function holdFor(socket: Socket, ms: number): void {
    if (held.has(socket)) return;
    pause(socket);
    setTimeout(() => release(socket), ms).unref();
  }

  /** Stops reading the socket until `release`, pausing it again whenever Node resumes it. */
  function pause(socket: Socket): void {
    held.add(socket);
    if (!watched.has(socket)) {
      watched.add(socket);
      socket.on('resume', () => {
        if (held.has(socket)) socket.pause();
      });
    }
    socket.pause();
  }

  function release(socket: Socket): void {
    held.delete(socket);
    if (!socket.destroyed) socket.resume();
  }

  /** A page from the cache when fresh there, else rendered. */
  function answerPage(
    req: IncomingMessage,
    res: ServerResponse,
    key: string,
    headers: FastHeaders,
  ): void {
    const entry = opts.store.get(key);
    if (entry && opts.store.freshness(entry) === 'fresh') {
      return sendBuffered(req, res, entry, securityHit, headers);
    }
    render(req, res, req.url ?? '/');
  }

  /** To Astro (pages) or Hono (API) through their gate, or the fast 503 past its queue. */
  function render(req: IncomingMessage, res: ServerResponse, url: string): void {
    // The API keys per-IP limits on the first X-Forwarded-For entry: never let a client choose
    // it. Here, not in front of the answers from memory, which read no address.
    if (!opts.trustProxy) req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? 'unknown';
    // Every answer carries them; a page replaces the CSP with its own (src/middleware.ts).
    for (const [name, value] of security) res.setHeader(name, value);
    if (EVENT_STREAM.test(url)) return stream(req, res);
    const api = url.startsWith('/api/');
    if (!api && !STREAMED.test(url)) {
      // The front settled X-Forwarded-For: the peer's address unless a trusted proxy gave it.
      const client = String(req.headers['x-forwarded-for'] ?? '')
        .split(',')[0]!
        .trim();
      const wait = budget.take(client || (req.socket.remoteAddress ?? ''), Date.now());
      if (wait) {
        // Answered now; the connection reads its next request a second later at the soonest,
        // so a flooding client's connections cost a few answers a second each, not thousands.
        holdFor(req.socket, Math.min(wait, 1) * 1000);
        return tooMany(res, wait);
      }
    }
    const gate = api ? gates.api : gates.page;
    if (!gate.enter(() => run(req, res, gate))) shed(res);
  }

  /** An event stream straight to the API, written as it comes. */
  function stream(req: IncomingMessage, res: ServerResponse): void {
    const handler = req.method === 'GET' && opts.eventStream ? opts.eventStream : opts.astro;
    Promise.resolve(handler(req, res)).catch((err: unknown) => {
      opts.onError(err, req);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.end('Internal Server Error');
      } else res.destroy();
    });
  }

  /** Runs a request holding a slot of its gate until its answer is sent or abandoned. */
  function run(req: IncomingMessage, res: ServerResponse, gate: Gate): void {
    // A client that gave up while queued frees the slot at once.
    if (res.destroyed) return gate.leave();
    let held = true;
    const leave = () => {
      if (held) gate.leave();
      held = false;
    };
    // 'finish' when the answer is handed over, 'close' when the client went away first.
    res.once('finish', leave);
    res.once('close', leave);
    if (!STREAMED.test(req.url ?? '/')) sendWhole(req, res);
    compress(req as never, res as never, () => {
      Promise.resolve(opts.astro(req, res)).catch((err: unknown) => {
        opts.onError(err, req);
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end('Internal Server Error');
        } else res.destroy();
      });
    });
  }
  return front;
}
