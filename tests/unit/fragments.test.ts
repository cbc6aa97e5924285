/**
 * Fragments (issues 25 and 30): a value many pages share, computed once, kept until one of its
 * tags is invalidated or it expires, per database, never kept when its computation failed.
 */
import { describe, expect, it } from 'vitest';
import { FragmentCache } from '../../src/server/cache/fragments.ts';

/** A computation that says how often it ran and answers the run's number. */
function counter() {
  let runs = 0;
  return { run: () => Promise.resolve(++runs), runs: () => runs };
}

describe('FragmentCache', () => {
  const db = {};
  it('computes once for parallel and later readers, until a tag of its is dropped', async () => {
    const cache = new FragmentCache();
    const c = counter();
    const both = await Promise.all([
      cache.get(db, 'count:5', ['list:articles'], c.run),
      cache.get(db, 'count:5', ['list:articles'], c.run),
    ]);
    expect(both).toEqual([1, 1]);
    expect(await cache.get(db, 'count:5', ['list:articles'], c.run)).toBe(1);
    cache.drop(['list:courses']);
    expect(await cache.get(db, 'count:5', ['list:articles'], c.run)).toBe(1);
    cache.drop(['list:articles']);
    expect(await cache.get(db, 'count:5', ['list:articles'], c.run)).toBe(2);
    // Every fragment carries the site tag, as every page does.
    cache.drop(['site']);
    expect(await cache.get(db, 'count:5', ['list:articles'], c.run)).toBe(3);
    expect(c.runs()).toBe(3);
  });

  it('expires after its age, on the clock it is given', async () => {
    const cache = new FragmentCache();
    const c = counter();
    expect(await cache.get(db, 'k', [], c.run, 1_000, 500)).toBe(1);
    expect(await cache.get(db, 'k', [], c.run, 1_499, 500)).toBe(1);
    expect(await cache.get(db, 'k', [], c.run, 1_500, 500)).toBe(2);
  });

  it('keeps each database apart', async () => {
    const cache = new FragmentCache();
    expect(await cache.get({}, 'k', [], () => Promise.resolve('a'))).toBe('a');
    expect(await cache.get({}, 'k', [], () => Promise.resolve('b'))).toBe('b');
  });

  it('does not keep a failed computation', async () => {
    const cache = new FragmentCache();
    await expect(
      cache.get(db, 'k', [], () => Promise.reject(new Error('database gone'))),
    ).rejects.toThrow('database gone');
    expect(await cache.get(db, 'k', [], () => Promise.resolve(7))).toBe(7);
  });

  it('a computation dropped while running is not kept for the next reader', async () => {
    const cache = new FragmentCache();
    let finish: (n: number) => void = () => {};
    const first = cache.get(db, 'k', ['t'], () => new Promise<number>((r) => (finish = r)));
    cache.drop(['t']);
    finish(1);
    expect(await first).toBe(1);
    expect(await cache.get(db, 'k', ['t'], () => Promise.resolve(2))).toBe(2);
  });
});
