/** The page store (issue 13): bounded in bytes, least recently used first, cheap to fill. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageStore } from '../../src/server/cache/page-store.ts';

const page = (text: string) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  body: Buffer.from(text),
  maxAge: 60,
  swr: 60,
  tags: [],
});
/** Text that compresses poorly, so sizes are predictable. */
function noise(n: number, seed: number): string {
  let x = seed;
  let out = '';
  for (let i = 0; i < n; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += String.fromCharCode(33 + (x % 90));
  }
  return out;
}

describe('PageStore', () => {
  it('stays within its byte bound, evicting the least recently used page', async () => {
    const store = new PageStore(1000, 60_000);
    await store.put('a', page(noise(10_000, 1)));
    await store.put('b', page(noise(10_000, 2)));
    store.get('a'); // a is now more recent than b
    await store.put('c', page(noise(10_000, 3)));
    expect(store.bytes).toBeLessThanOrEqual(60_000);
    expect(store.get('b')).toBeUndefined();
    expect(store.get('a')).toBeDefined();
    expect(store.get('c')).toBeDefined();
  });

  it('keeps every page used within the last half of its size out of eviction, without moving it on each hit', async () => {
    const store = new PageStore(10, 10_000_000);
    for (let i = 0; i < 10; i++) await store.put(`p${i}`, page(noise(600, i)));
    // p0 is the oldest; used, it moves to the newest end, and hits right after leave it there.
    for (let hit = 0; hit < 3; hit++) store.get('p0');
    // Five new pages evict p1…p5, never p0, which was used after them.
    for (let i = 10; i < 15; i++) await store.put(`p${i}`, page(noise(600, i)));
    expect(store.peek('p0')).toBeDefined();
    for (let i = 1; i <= 5; i++) expect(store.peek(`p${i}`)).toBeUndefined();
    // p0 used again now moves again (five moves since its own, half the size), behind p10…p14:
    // five more pages evict p6…p9 and p10, and leave it.
    store.get('p0');
    for (let i = 15; i < 20; i++) await store.put(`p${i}`, page(noise(600, i)));
    expect(store.peek('p0')).toBeDefined();
    for (let i = 6; i <= 10; i++) expect(store.peek(`p${i}`)).toBeUndefined();
    expect(store.size).toBe(10);
  });

  it('stores fast, then recompresses a page at full quality once it is asked for again', async () => {
    const store = new PageStore();
    const words = [
      '电源',
      'Buck',
      '环路',
      '补偿',
      '稳定性',
      '相位裕度',
      '电感',
      '纹波',
      'MOSFET',
      '开关频率',
    ];
    let x = 7;
    const html = Array.from({ length: 3000 }, () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return words[x % words.length];
    }).join(' ');
    const stored = await store.put('p', page(html));
    const fastBuffer = stored.br!;
    const fastBr = fastBuffer.length;
    const fastBytes = store.bytes;
    await store.settled();
    expect(store.get('p')!.br!.length).toBe(fastBr); // not hot yet: untouched
    await store.settled();
    const hot = store.get('p')!;
    expect(hot.br!.length).toBeLessThan(fastBr);
    expect(hot.br).not.toBe(fastBuffer);
    expect(brotliDecompressSync(hot.br!).toString()).toBe(html);
    expect(gunzipSync(hot.gzip!).toString()).toBe(html);
    expect(store.bytes).toBeLessThan(fastBytes);
  });

  it('keeps its byte count right through invalidation and clearing', async () => {
    const store = new PageStore();
    await store.put('x', { ...page(noise(5000, 4)), tags: ['article:1'] });
    await store.put('y', page(noise(5000, 5)));
    store.invalidate({ tags: ['article:1'] });
    const y = store.get('y')!;
    expect(store.bytes).toBe(y.body.length + y.br!.length + y.gzip!.length);
    store.clear();
    expect(store.bytes).toBe(0);
  });

  it('peek leaves a page as it is: no recompression, no recency', async () => {
    const store = new PageStore(2);
    const text = noise(2000, 5) + ' 电源 '.repeat(500);
    const stored = await store.put('a', page(text));
    await store.put('b', page(noise(600, 6)));
    expect(store.peek('a')).toBe(stored);
    await store.settled();
    // Still the fast compression, and still the oldest: the next page evicts it.
    expect(store.peek('a')!.br).toBe(stored.br);
    await store.put('c', page(noise(600, 7)));
    expect(store.peek('a')).toBeUndefined();
  });

  it('compressOnStore none keeps the page alone (the export, which serves no reader)', async () => {
    const store = new PageStore(10, 1_000_000, { compressOnStore: 'none' });
    const stored = await store.put('a', page(' 电源 '.repeat(2000)));
    expect([stored.br, stored.gzip]).toEqual([null, null]);
    expect(store.bytes).toBe(stored.body.length);
    store.get('a');
    await store.settled();
    expect(store.get('a')!.br).toBeNull();
  });
});
