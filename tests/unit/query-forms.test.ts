/**
 * The spec's query forms that redirect from their query alone (issue 25), and the front handler
 * answering them as their pages do, before the page cache and Astro (issue 30: under a flood of
 * random query strings each one used to cost a whole pass through Astro).
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { PageStore } from '../../src/server/cache/page-store.ts';
import { createFrontHandler } from '../../src/server/http/front.ts';
import { baseSecurityHeaders } from '../../src/server/http/security-headers.ts';
import { listen, type HttpServer } from '../../src/server/http/server.ts';
import { idParam, queryFormTarget } from '../../src/server/query-forms.ts';

describe('queryFormTarget', () => {
  it('gives each form the path form its page redirects to', () => {
    for (const [path, query, target] of [
      ['/articlelist', 'classifyId=5&page=2', '/articles/c/5/page/2'],
      ['/articlelist', 'type=3', '/articles/t/3'],
      [
        '/articlelist',
        'classifyId=5&secondClassifyId=7&type=2&page=3',
        '/articles/c/5/s/7/t/2/page/3',
      ],
      ['/articlelist', '', '/articles'],
      ['/articlelist', 'page=abc&classifyId=1&classifyId=2', '/articles/c/1'],
      ['/shortvideo', 'type=2&page=2', '/shortvideo/t/2/page/2'],
      ['/shortvideo', 'r=99&utm_source=5&page=3', '/shortvideo/page/3'],
      ['/shortvideo', 'page=1', '/shortvideo'],
      ['/shortvideo', 'type=&page=x', '/shortvideo'],
      ['/aboutus', 'index=2', '/aboutus/2'],
      ['/aboutus', 'index=9', '/aboutus'],
      ['/aboutus', 'index=', '/aboutus'],
      ['/livedetail', 'id=3', '/live/3'],
      ['/livedetail', 'id=%33', '/live/3'],
      ['/livedetail', 'id=0', '/live'],
      ['/livedetail', '', '/live'],
      ['/videodetail', 'id=2', '/video/2'],
      ['/videodetail', 'id=x', '/#videos'],
      ['/shortvideodetail', 'id=4', '/short/4'],
      ['/shortvideodetail', '', '/shortvideo'],
      ['/columndetail', 'id=1', '/column/1'],
      ['/columndetail', '', '/column'],
      ['/bigcolumn', 'id=1', '/bigcolumn/1'],
      ['/bigcolumn', 'id=-1', '/column'],
      ['/exam', 'id=6', '/exam/6'],
      ['/exam', 'id=99999999999', '/courses'],
      ['/coursedetail', 'id=1', '/course/1'],
      ['/coursedetail', 'id=abc', '/courses'],
      ['/courselist', '', '/courses'],
      ['/courselist', 'labelId=3&page=2', '/courses/label/3/page/2'],
      ['/courselist', 'page=1&labelId=x', '/courses'],
      ['/courselist', 'word=%20%01%20&page=999999', '/courses/page/100000'],
    ] as const)
      expect(queryFormTarget(path, query), `${path}?${query}`).toBe(target);
  });

  it('is null for the pages themselves and for any other path', () => {
    for (const [path, query] of [
      ['/shortvideo', ''],
      ['/shortvideo', 'r=1&utm_source=2'],
      ['/aboutus', 'x=1'],
      ['/aboutus/2', 'index=1'],
      ['/shortvideo/t/2', 'page=3'],
      ['/livedetail/', 'id=1'],
      ['/articledetail', 'id=1'],
      ['/courselist', 'word=LDO&page=2'],
      ['/article/1', 'page=2'],
    ] as const)
      expect(queryFormTarget(path, query), `${path}?${query}`).toBeNull();
  });

  it('takes the parsed query as a page has it', () => {
    expect(queryFormTarget('/shortvideo', new URLSearchParams('type=3'))).toBe('/shortvideo/t/3');
    expect(idParam('2147483647')).toBe(2147483647);
    expect(idParam('2147483648')).toBeNull();
  });
});

let servers: HttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.stop({ idleGraceMs: 0 })));
  servers = [];
});

async function front(
  opts: { renderRate?: number; renderBurst?: number; trustProxy?: boolean } = {},
) {
  let astroCalls = 0;
  const http = await listen(
    createFrontHandler({
      staticFiles: new Map(),
      store: new PageStore(),
      astro: (_req, res) => {
        astroCalls++;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.end('<p>由 Astro 渲染</p>');
      },
      onError: () => undefined,
      ...opts,
    }),
    { host: '127.0.0.1', port: 0 },
  );
  servers.push(http);
  return { http, astroCalls: () => astroCalls };
}

function send(url: string, method = 'GET', headers: Record<string, string> = {}) {
  return new Promise<{ status: number; raw: string[]; body: string }>((ok, fail) => {
    const req = request(url, { method, headers }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => ok({ status: res.statusCode ?? 0, raw: res.rawHeaders, body }));
    });
    req.on('error', fail);
    req.end();
  });
}

/** The headers an answer carries, in order, but those every answer of Node's has. */
const headersOf = (raw: string[]) =>
  raw
    .map((v, i) => (i % 2 ? null : [v, raw[i + 1]!]))
    .filter((h): h is [string, string] => h !== null)
    .filter(([k]) => !/^(date|connection|keep-alive)$/i.test(k));

describe('the front handler and the query forms', () => {
  it('answers a form with its 301 and the headers its page sends, without Astro', async () => {
    const { http, astroCalls } = await front();
    const security = baseSecurityHeaders({ production: false });
    const get = await send(`${http.url}/shortvideo?r=99&utm_source=5&page=3`);
    expect(get.status).toBe(301);
    expect(get.body).toBe('');
    expect(headersOf(get.raw)).toEqual([
      ...security,
      ['location', '/shortvideo/page/3'],
      ['Content-Length', '0'],
    ]);
    // A HEAD's answer says no length, as the page's did through Astro.
    const head = await send(`${http.url}/livedetail?id=7`, 'HEAD');
    expect(head.status).toBe(301);
    expect(headersOf(head.raw)).toEqual([...security, ['location', '/live/7']]);
    expect(astroCalls()).toBe(0);
  });

  it('leaves the pages themselves, other paths and other methods to Astro', async () => {
    const { http, astroCalls } = await front();
    for (const path of ['/shortvideo?r=1', '/shortvideo/t/2?page=3', '/livedetail/?id=1'])
      expect((await send(http.url + path)).status, path).toBe(200);
    expect((await send(`${http.url}/livedetail?id=1`, 'POST')).status).toBe(200);
    expect(astroCalls()).toBe(4);
  });

  it('spends none of a client’s render budget on them', async () => {
    // One render at once and hardly any more, for a client behind a trusted proxy (loopback
    // itself has no bound).
    const { http, astroCalls } = await front({
      renderRate: 0.001,
      renderBurst: 1,
      trustProxy: true,
    });
    const client = { 'X-Forwarded-For': '203.0.113.9' };
    for (let i = 0; i < 5; i++)
      expect((await send(`${http.url}/articlelist?page=${i + 2}`, 'GET', client)).status).toBe(301);
    expect((await send(`${http.url}/shortvideo?r=1`, 'GET', client)).status).toBe(200);
    expect((await send(`${http.url}/shortvideo?r=2`, 'GET', client)).status).toBe(429);
    expect(astroCalls()).toBe(1);
  });
});
