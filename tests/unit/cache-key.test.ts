/**
 * The page-cache key holds only the query parameters a page reads (issue 13):
 * random parameters cannot flush the cache or make a copy per URL.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_PARAMS, cacheKey, pageKey } from '../../src/server/cache/cache-key.ts';
import { QUERY_FORM_PARAMS } from '../../src/server/query-forms.ts';

describe('cacheKey', () => {
  it('ignores parameters the page does not read, tracking ones included', () => {
    expect(cacheKey('Example.com', '/article/1?x=1&utm_source=y')).toBe('example.com/article/1');
    expect(cacheKey('h', '/?nocache=123')).toBe('h/');
    expect(cacheKey('h', '/searchlist?zz=1&word=电源&page=2&utm_campaign=q')).toBe(
      `h/searchlist?page=2&word=${encodeURIComponent('电源')}`,
    );
  });

  it('keeps the first value of a read parameter, as the page sees it', () => {
    expect(cacheKey('h', '/livedetail?id=3&id=4')).toBe('h/livedetail?id=3');
    expect(cacheKey('h', '/livedetail?id=3')).not.toBe(cacheKey('h', '/livedetail?id=4'));
  });

  it('says when a URL carries parameters its page does not read', () => {
    expect(pageKey('h', '/article/1')).toEqual({ key: 'h/article/1', ignored: false });
    expect(pageKey('h', '/article/1?')).toEqual({ key: 'h/article/1', ignored: false });
    expect(pageKey('h', '/article/1?r=9')).toEqual({ key: 'h/article/1', ignored: true });
    expect(pageKey('h', '/searchlist?word=a&page=2')).toEqual({
      key: 'h/searchlist?page=2&word=a',
      ignored: false,
    });
    expect(pageKey('h', '/searchlist?word=a&utm_source=x').ignored).toBe(true);
    expect(pageKey('h', '/livedetail?id=3&id=4')).toEqual({
      key: 'h/livedetail?id=3',
      ignored: true,
    });
  });

  it('lists exactly the parameters each public page reads', () => {
    const dir = 'src/pages';
    const read = new Map<string, Set<string>>();
    // Top-level pages, and a folder's rest route, which answers the folder's own path too
    // (/shortvideo is shortvideo/[...path].astro: issue 25's path forms).
    const pages = readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? readdirSync(join(dir, e.name))
            .filter((f) => /^\[\.\.\.[a-z]+\]\.astro$/.test(f))
            .map((f) => ({ route: `/${e.name}`, file: join(dir, e.name, f) }))
        : e.name.endsWith('.astro')
          ? [{ route: `/${e.name.replace(/\.astro$/, '')}`, file: join(dir, e.name) }]
          : [],
    );
    for (const { route, file } of pages) {
      const src = readFileSync(file, 'utf8');
      const names = [...src.matchAll(/(?:searchParams|params)\.get\('([A-Za-z]+)'\)/g)].map(
        (m) => m[1]!,
      );
      // A query form's redirect reads its parameters in query-forms.ts.
      for (const m of src.matchAll(/queryFormTarget\('([^']+)'/g))
        names.push(...(QUERY_FORM_PARAMS[m[1]!] ?? ['(not a query form)']));
      if (names.length) read.set(route, new Set(names));
    }
    expect(read.size).toBeGreaterThan(10);
    for (const [path, names] of read)
      expect([...(PAGE_PARAMS[path] ?? [])].sort(), path).toEqual([...names].sort());
    for (const path of Object.keys(PAGE_PARAMS)) expect(read.has(path), path).toBe(true);
  });
});
