/**
 * Two instances sharing Redis: an invalidation in one drops the page in the
 * other. Runs when REDIS_URL is set (CI sets it), as DESIGN's scale-out needs.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { connectFanout } from '../../../src/server/cache/fanout.ts';
import { cacheKey } from '../../../src/server/cache/cache-key.ts';
import { PageStore } from '../../../src/server/cache/page-store.ts';

const url = process.env.REDIS_URL;

describe.runIf(url)('page cache invalidation fan-out over Redis', () => {
  it("an article edited on instance A is dropped from instance B's cache", async () => {
    const a = new PageStore();
    const b = new PageStore();
    const errors: unknown[] = [];
    // A channel of this test's own: other runs on the machine share the Redis.
    const channel = `xxt:test:${randomUUID()}:cache`;
    const fa = await connectFanout(a, url!, (e) => errors.push(e), channel);
    const fb = await connectFanout(b, url!, (e) => errors.push(e), channel);
    try {
      const page = {
        status: 200,
        headers: [] as [string, string][],
        body: Buffer.from('<p>旧内容</p>'),
        maxAge: 60,
        swr: 600,
        tags: ['article:7'],
      };
      await b.put(cacheKey('h', '/article/7'), page);
      await b.put(cacheKey('h', '/course/1'), { ...page, tags: ['course:1'] });
      a.invalidate({ tags: ['article:7'] });
      await expect
        .poll(() => b.get(cacheKey('h', '/article/7')), { timeout: 20_000 })
        .toBeUndefined();
      expect(b.get(cacheKey('h', '/course/1'))).toBeDefined();
      expect(errors).toEqual([]);
    } finally {
      await fa.close();
      await fb.close();
    }
  });
});
