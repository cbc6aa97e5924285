/**
 * nginx's page cache emptied on a change (issue 14, freshness within 1 s): the
 * purger DELETEs the cache's 16 top-level folders at the purge door, again
 * shortly after, coalescing changes that come while a pass is under way.
 */
import { createServer } from 'node:http';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { PageStore } from '../../src/server/cache/page-store.ts';
import { edgePurger, purgeEdgeOnChange } from '../../src/server/cache/edge-purge.ts';

const seen: string[] = [];
const server = createServer((req, res) => {
  seen.push(`${req.method} ${req.url}`);
  res.writeHead(req.url === '/3/' ? 404 : 204).end();
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}/`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('deletes the 16 folders now and once more shortly after; a missing folder is no error', async () => {
  seen.length = 0;
  const errors: unknown[] = [];
  // The delayed passes run when the test says, not when a busy machine lets a timer fire.
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    const p = edgePurger(base, { againMs: 50, onError: (e) => errors.push(e) });
    p.purge();
    p.purge();
    await p.idle();
    expect(seen.length).toBe(16);
    expect(new Set(seen)).toEqual(
      new Set('0123456789abcdef'.split('').map((f) => `DELETE /${f}/`)),
    );
    vi.advanceTimersByTime(50);
    await p.idle();
    // One second pass: the two calls' delayed passes coalesce.
    expect(seen.length).toBe(32);
    expect(errors).toEqual([]);
  } finally {
    vi.useRealTimers();
  }
});

it('an invalidation of the page store triggers it; a failing door is reported, not thrown', async () => {
  seen.length = 0;
  const store = new PageStore();
  purgeEdgeOnChange(store, base);
  store.invalidate({ tags: ['article:1'] });
  await new Promise((r) => setTimeout(r, 100));
  expect(seen.filter((s) => s === 'DELETE /0/').length).toBeGreaterThanOrEqual(1);
  const errors: unknown[] = [];
  const down = edgePurger('http://127.0.0.1:1/', {
    againMs: 10_000,
    onError: (e) => errors.push(e),
  });
  down.purge();
  await down.idle();
  expect(errors.length).toBe(1);
});
