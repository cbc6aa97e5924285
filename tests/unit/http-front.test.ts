/**
 * The server entry's front path: static files and fresh cached pages from
 * memory (compressed, ETag, 304, immutable caching), everything else to
 * Astro; and the graceful stop that drains in-flight requests.
 */
import { Agent, get, request } from 'node:http';
import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { PageStore } from '../../src/server/cache/page-store.ts';
import { cacheKey } from '../../src/server/cache/cache-key.ts';
import { createFrontHandler } from '../../src/server/http/front.ts';
import { Lane } from '../../src/server/http/queues.ts';
import { listen, type HttpServer } from '../../src/server/http/server.ts';
import type { Buffered } from '../../src/server/http/send.ts';

const page =
  '<!doctype html><html lang="zh-CN"><body>' +
  '电子工程师的学习平台。'.repeat(200) +
  '</body></html>';
let servers: HttpServer[] = [];
afterEach(async () => {
  // Idle kept-alive connections (fetch keeps its own) end at once, as on Ctrl-C.
  await Promise.all(servers.map((s) => s.stop({ idleGraceMs: 0 })));
  servers = [];
});

async function setup(opts: { astroDelayMs?: number } = {}) {
  const store = new PageStore();
  const staticFiles = new Map<string, Buffered>();
  const js = Buffer.from('export const a = 1;'.repeat(100));
  staticFiles.set('/_astro/app.abc123.js', {
    status: 200,
    headers: [
      ['Content-Type', 'text/javascript; charset=utf-8'],
      ['Cache-Control', 'public, max-age=31536000, immutable'],
    ],
    body: js,
    br: null,
    gzip: gzipSync(js),
    etag: '"js1"',
  });
  let astroCalls = 0;
  const front = createFrontHandler({
    staticFiles,
    store,
    astro: async (_req, res) => {
      astroCalls++;
      if (opts.astroDelayMs) await new Promise((r) => setTimeout(r, opts.astroDelayMs));
      res.setHeader('Content-Type', 'text/html');
      res.end(page);
    },
    onError: () => undefined,
  });
  const http = await listen(front, { host: '127.0.0.1', port: 0 });
  servers.push(http);
  return { store, http, astroCalls: () => astroCalls };
}

describe('front handler', () => {
  it('answers TRACE and other methods it does not serve with 405 and Allow, never reaching Astro', async () => {
    const { http, astroCalls } = await setup();
    const send = (method: string) =>
      new Promise<{ status: number; allow: string; body: string }>((ok, fail) => {
        const req = request(`${http.url}/`, { method }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () =>
            ok({ status: res.statusCode ?? 0, allow: String(res.headers.allow), body }),
          );
        });
        req.on('error', fail);
        req.end();
      });
    for (const method of ['TRACE', 'PROPFIND', 'PATCH'])
      expect(await send(method)).toEqual({
        status: 405,
        allow: 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
        body: 'Method Not Allowed',
      });
    expect(astroCalls()).toBe(0);
    expect((await send('GET')).status).toBe(200);
  });

  it('serves a fresh cached page from memory, brotli or gzip by Accept-Encoding, with 304 on its ETag', async () => {
    const { store, http, astroCalls } = await setup();
    const host = new URL(http.url).host;
    await store.put(cacheKey(host, '/article/1'), {
      status: 200,
      headers: [
        ['content-type', 'text/html'],
        ['cache-control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=600'],
      ],
      body: Buffer.from(page),
      maxAge: 60,
      swr: 600,
      tags: ['article:1'],
    });
    const br = await fetch(`${http.url}/article/1?utm_source=x`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers.get('x-cache')).toBe('HIT');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toContain('s-maxage=60');
    expect(await br.text()).toBe(page);
    const raw = await rawGet(http.url, '/article/1', { 'accept-encoding': 'gzip' });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(raw.body).toString()).toBe(page);
    const etag = br.headers.get('etag')!;
    const again = await fetch(`${http.url}/article/1`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(astroCalls()).toBe(0);
    expect(brotliDecompressSync(store.get(cacheKey(host, '/article/1'))!.br!).toString()).toBe(
      page,
    );
  });

  it("reads a repeated header of a cached page's request as Node joins it, and the Host in any case", async () => {
    const { store, http, astroCalls } = await setup();
    const host = new URL(http.url).host;
    await store.put(cacheKey(host, '/article/2'), {
      status: 200,
      headers: [['content-type', 'text/html']],
      body: Buffer.from(page),
      maxAge: 60,
      swr: 600,
      tags: [],
    });
    const port = new URL(http.url).port;
    const ask = (lines: string[]) =>
      new Promise<string>((ok, fail) => {
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.write(
            ['GET /article/2 HTTP/1.1', ...lines, 'Connection: close', '', ''].join('\r\n'),
          ),
        );
        const chunks: Buffer[] = [];
        socket.on('data', (c) => chunks.push(c));
        socket.on('end', () => ok(Buffer.concat(chunks).toString('latin1')));
        socket.on('error', fail);
      });
    // Two Accept-Encoding lines are one list: "identity, br" offers brotli.
    const both = await ask([
      `HOST: ${host.toUpperCase()}`,
      'Accept-Encoding: identity',
      'accept-encoding: br',
    ]);
    expect(both).toMatch(/^HTTP\/1\.1 200/);
    expect(both).toMatch(/\r\nX-Cache: HIT\r\n/i);
    expect(both).toMatch(/\r\nContent-Encoding: br\r\n/i);
    const etag = /\r\nETag: ("[^"]+")\r\n/i.exec(both)![1]!;
    // The ETag in a second If-None-Match line still matches.
    const again = await ask([`Host: ${host}`, 'If-None-Match: "other"', `If-None-Match: ${etag}`]);
    expect(again).toMatch(/^HTTP\/1\.1 304/);
    // A second Host line does not replace the first: the page key is the first one's.
    const first = await ask([`Host: ${host}`, 'Host: elsewhere.example']);
    expect(first).toMatch(/\r\nX-Cache: HIT\r\n/i);
    expect(astroCalls()).toBe(0);
  });

  it('hands stale entries, other paths and /api to Astro, compressed on the fly', async () => {
    const { store, http, astroCalls } = await setup();
    const host = new URL(http.url).host;
    await store.put(cacheKey(host, '/old'), {
      status: 200,
      headers: [],
      body: Buffer.from('old'),
      maxAge: 60,
      swr: 600,
      tags: [],
    });
    store.now = () => Date.now() + 61_000;
    const res = await rawGet(http.url, '/old', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString()).toBe(page);
    await fetch(`${http.url}/api/company/list`);
    expect(astroCalls()).toBe(2);
  });

  it('serves hashed assets with immutable caching', async () => {
    const { http } = await setup();
    const res = await rawGet(http.url, '/_astro/app.abc123.js', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('invalidates by tag and by path', async () => {
    const store = new PageStore();
    const put = (path: string, tags: string[]) =>
      store.put(cacheKey('h', path), {
        status: 200,
        headers: [],
        body: Buffer.from(path),
        maxAge: 60,
        swr: 0,
        tags,
      });
    await put('/article/1', ['article:1', 'list:articles']);
    await put('/articlelist', ['list:articles']);
    await put('/course/2', ['course:2']);
    expect(store.invalidate({ tags: ['list:articles'] })).toBe(2);
    expect(store.size).toBe(1);
    expect(store.invalidate({ path: '/course/2' })).toBe(1);
    expect(store.size).toBe(0);
  });
});

describe('load shedding', () => {
  it('queues renders past the bound, refuses past the queue with a fast 503, while cached pages keep answering', async () => {
    const store = new PageStore();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const server = await listen(
      createFrontHandler({
        staticFiles: new Map(),
        store,
        maxRenders: 2,
        maxApiCalls: 2,
        maxQueued: 1,
        astro: async (_req, res) => {
          await gate;
          res.end('rendered');
        },
        onError: () => undefined,
      }),
      { host: '127.0.0.1', port: 0 },
    );
    servers.push(server);
    await store.put(cacheKey(new URL(server.url).host, '/cached'), {
      status: 200,
      headers: [['content-type', 'text/html; charset=utf-8']],
      body: Buffer.from(page),
      maxAge: 60,
      swr: 60,
      tags: [],
    });
    // Two render, one waits for a slot; the fourth is refused.
    const slow = [fetch(`${server.url}/a`), fetch(`${server.url}/b`), fetch(`${server.url}/q`)];
    await new Promise((r) => setTimeout(r, 50));
    const refused = await fetch(`${server.url}/c`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(await refused.text()).toBe('服务器繁忙，请稍后再试');
    const cached = await fetch(`${server.url}/cached`);
    expect(cached.status).toBe(200);
    expect(cached.headers.get('x-cache')).toBe('HIT');
    release();
    for (const r of await Promise.all(slow)) expect(await r.text()).toBe('rendered');
    expect((await fetch(`${server.url}/d`)).status).toBe(200);
  });
});

describe('URLs with parameters their page does not read', () => {
  const turn = () => new Promise((r) => setImmediate(r));

  it('are answered after the turn, a bounded number per turn, in arrival order', async () => {
    const lane = new Lane(3, 5);
    const ran: number[] = [];
    for (let i = 1; i <= 6; i++) expect(lane.defer(() => ran.push(i))).toBe(i <= 5);
    expect(ran).toEqual([]);
    await turn();
    expect(ran).toEqual([1, 2, 3]);
    expect(lane.defer(() => ran.push(7))).toBe(true);
    await turn();
    expect(ran).toEqual([1, 2, 3, 4, 5, 7]);
    expect(lane.waiting).toBe(0);
  });

  it('are answered from the cache, and their kept-alive connection goes on after the lane releases it', async () => {
    const store = new PageStore();
    const server = await listen(
      createFrontHandler({
        staticFiles: new Map(),
        store,
        astro: async (_req, res) => void res.end('rendered'),
        onError: () => undefined,
      }),
      { host: '127.0.0.1', port: 0 },
    );
    servers.push(server);
    await store.put(cacheKey(new URL(server.url).host, '/article/1'), {
      status: 200,
      headers: [['content-type', 'text/html; charset=utf-8']],
      body: Buffer.from(page),
      maxAge: 60,
      swr: 60,
      tags: [],
    });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ports = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const answer = await new Promise<{ status: number; cache: string; port: number }>(
        (resolve, reject) =>
          get(`${server.url}/article/1?utm_source=wechat&r=${i}`, { agent }, (res) => {
            const port = res.socket.localPort ?? 0;
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, cache: String(res.headers['x-cache']), port }),
            );
          }).on('error', reject),
      );
      expect(answer).toMatchObject({ status: 200, cache: 'HIT' });
      ports.add(answer.port);
    }
    // One connection carried all twenty: each time it was held, the lane let it go on.
    expect(ports.size).toBe(1);
    agent.destroy();
  });

  it('are refused with a fast 503 past the bound of held connections', async () => {
    const store = new PageStore();
    let renders = 0;
    const server = await listen(
      createFrontHandler({
        staticFiles: new Map(),
        store,
        maxDeferred: 0,
        astro: async (_req, res) => {
          renders++;
          res.end('rendered');
        },
        onError: () => undefined,
      }),
      { host: '127.0.0.1', port: 0 },
    );
    servers.push(server);
    await store.put(cacheKey(new URL(server.url).host, '/article/1'), {
      status: 200,
      headers: [['content-type', 'text/html; charset=utf-8']],
      body: Buffer.from(page),
      maxAge: 60,
      swr: 60,
      tags: [],
    });
    const canonical = await fetch(`${server.url}/article/1`);
    expect(canonical.headers.get('x-cache')).toBe('HIT');
    const flood = await fetch(`${server.url}/article/1?r=123456`);
    expect(flood.status).toBe(503);
    expect(flood.headers.get('retry-after')).toBe('2');
    expect(flood.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await flood.text()).toBe('服务器繁忙，请稍后再试');
    expect(renders).toBe(0);
  });
});

describe('graceful stop', () => {
  it('lets an in-flight request finish, then closes (the database) and refuses new connections', async () => {
    const order: string[] = [];
    const stopWith = await listen(
      createFrontHandler({
        staticFiles: new Map(),
        store: new PageStore(),
        astro: async (_req, res) => {
          await new Promise((r) => setTimeout(r, 300));
          order.push('answered');
          res.end('done');
        },
        onError: () => undefined,
      }),
      { host: '127.0.0.1', port: 0, onDrained: async () => void order.push('database closed') },
    );
    const pending = fetch(`${stopWith.url}/slow`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    expect(stopWith.inFlight()).toBe(1);
    const stopped = stopWith.stop();
    expect(await pending).toBe('done');
    await stopped;
    expect(order).toEqual(['answered', 'database closed']);
    await expect(fetch(`${stopWith.url}/after`)).rejects.toThrow();
  });

  it('tells kept-alive clients to close, so none sends a request into a closing socket', async () => {
    const { Agent, request } = await import('node:http');
    const server = await listen(
      createFrontHandler({
        staticFiles: new Map(),
        store: new PageStore(),
        astro: async (_req, res) => {
          await new Promise((r) => setTimeout(r, 200));
          res.end('done');
        },
        onError: () => undefined,
      }),
      { host: '127.0.0.1', port: 0 },
    );
    // One kept-alive socket shared by every request, as a browser or a proxy keeps it.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ connection: string | undefined; body: string }>((ok, fail) => {
        const req = request(`${server.url}${path}`, { agent }, (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => ok({ connection: res.headers.connection, body }));
        });
        req.on('error', fail);
        req.end();
      });
    expect((await get('/warm')).connection).toBe('keep-alive');
    // Idle connections outlive a proxy's or client's own idle time (nginx: 60 s), so the
    // client closes them, never this server under a request the client is sending.
    expect(await keepAliveHeader(server.url)).toBe('timeout=65');
    const inFlight = get('/slow');
    await new Promise((r) => setTimeout(r, 50));
    const stopped = server.stop();
    const answer = await inFlight;
    expect(answer).toEqual({ connection: 'close', body: 'done' });
    await stopped;
    // The client knows the socket is done: the next request opens a new connection, which
    // the stopped server refuses, instead of being reset on the old one.
    await expect(get('/after')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    agent.destroy();
  });

  it('ends an idle kept-alive connection with a FIN, never a reset: at once on Ctrl-C, at the drain deadline otherwise', async () => {
    const { connect } = await import('node:net');
    const hello = createFrontHandler({
      staticFiles: new Map(),
      store: new PageStore(),
      astro: async (_req, res) => void res.end('done'),
      onError: () => undefined,
    });
    for (const idleGraceMs of [0, undefined]) {
      const server = await listen(hello, { host: '127.0.0.1', port: 0, drainMs: 300 });
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      let text = '';
      socket.on('data', (d: Buffer) => (text += d.toString()));
      const errors: string[] = [];
      socket.on('error', (err: Error & { code?: string }) => errors.push(err.code ?? err.message));
      const ended = new Promise<void>((ok) => socket.once('end', () => ok()));
      socket.write('GET /one HTTP/1.1\r\nHost: x\r\n\r\n');
      while (!text.includes('done')) await new Promise((r) => socket.once('data', r));
      expect(text).toContain('Connection: keep-alive');
      expect(server.connections()).toBe(1);
      await server.stop({ idleGraceMs });
      await ended;
      await new Promise((ok) => (socket.closed ? ok(null) : socket.once('close', ok)));
      expect(errors).toEqual([]);
    }
  });
});

async function rawGet(base: string, path: string, headers: Record<string, string>) {
  const { request } = await import('node:http');
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((ok, fail) => {
    const req = request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        ok({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

describe('answers sent whole (issue 14: an instance killed mid-answer)', () => {
  /** A front handler whose page is written in three pieces, 100 ms apart. */
  async function streaming(path: string) {
    const front = createFrontHandler({
      staticFiles: new Map(),
      store: new PageStore(),
      astro: async (_req, res) => {
        res.setHeader('Content-Type', path.startsWith('/media/') ? 'video/mp4' : 'text/html');
        for (const part of ['<p>一</p>', '<p>二</p>']) {
          res.write(part);
          await new Promise((r) => setTimeout(r, 100));
        }
        res.end('<p>三</p>');
      },
      onError: () => undefined,
    });
    const http = await listen(front, { host: '127.0.0.1', port: 0 });
    servers.push(http);
    const started = Date.now();
    return new Promise<{ headersAfter: number; length: string | undefined; body: string }>(
      (done, fail) => {
        get(`${http.url}${path}?q=1`, (res) => {
          const headersAfter = Date.now() - started;
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            done({
              headersAfter,
              length: res.headers['content-length'],
              body: Buffer.concat(chunks).toString(),
            }),
          );
        }).on('error', fail);
      },
    );
  }

  it('a rendered page reaches the client only when complete, with its Content-Length', async () => {
    const r = await streaming('/article/1');
    expect(r.body).toBe('<p>一</p><p>二</p><p>三</p>');
    expect(r.headersAfter).toBeGreaterThanOrEqual(190);
    expect(r.length).toBe(String(Buffer.byteLength(r.body)));
  });

  it('media stay streamed: the head comes at once', async () => {
    const r = await streaming('/media/uploads/x.mp4');
    expect(r.body).toBe('<p>一</p><p>二</p><p>三</p>');
    expect(r.headersAfter).toBeLessThan(100);
    expect(r.length).toBeUndefined();
  });
});

/** The Keep-Alive header of a kept-alive answer. */
function keepAliveHeader(url: string): Promise<string | undefined> {
  return new Promise((ok, fail) => {
    const agent = new Agent({ keepAlive: true });
    const req = request(`${url}/warm`, { agent }, (res) => {
      res.resume();
      res.on('end', () => {
        agent.destroy();
        ok(String(res.headers['keep-alive']));
      });
    });
    req.on('error', fail);
    req.end();
  });
}
