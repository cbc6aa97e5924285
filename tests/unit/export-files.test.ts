/** Where exported pages are written (src/server/export/files.ts), as nginx's map looks them up. */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportFile, removeExported, writeAtomic } from '../../src/server/export/files.ts';

describe('exportFile', () => {
  it('puts folder pages in index.html and files as they are, at their path URLs only', () => {
    expect(exportFile('/x', 'site.cn', '/')).toBe('/x/site.cn/index.html');
    expect(exportFile('/x', 'site.cn', '/article/12')).toBe('/x/site.cn/article/12/index.html');
    expect(exportFile('/x', 'site.cn', '/articles/c/5/page/2')).toBe(
      '/x/site.cn/articles/c/5/page/2/index.html',
    );
    expect(exportFile('/x', 'site.cn', '/sitemap.xml')).toBe('/x/site.cn/sitemap.xml');
    // A static host cannot tell queries apart: a query page is never exported.
    expect(exportFile('/x', 'site.cn', '/livedetail?id=3')).toBeNull();
  });

  it('refuses what could leave the folder', () => {
    expect(exportFile('/x', 'site.cn', '/../etc/passwd')).toBeNull();
    expect(exportFile('/x', 'site.cn', '/a/./b')).toBeNull();
    expect(exportFile('/x', 'site.cn', '/livedetail?id=../../a')).toBeNull();
    expect(exportFile('/x', 'site.cn', '/searchlist?word=电源')).toBeNull();
    expect(exportFile('/x', 'site.cn', '/a b')).toBeNull();
  });
});

describe('removeExported', () => {
  it('removes the page and the folders it leaves empty, keeping the host folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xxt-export-unit-'));
    try {
      const host = join(dir, 'h');
      writeAtomic(join(host, 'article', '1', 'index.html'), Buffer.from('1'));
      writeAtomic(join(host, 'article', '2', 'index.html'), Buffer.from('2'));
      removeExported(join(host, 'article', '1', 'index.html'), host);
      expect(readdirSync(join(host, 'article'))).toEqual(['2']);
      removeExported(join(host, 'article', '2', 'index.html'), host);
      expect(readdirSync(host)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('writeAtomic', () => {
  it('writes the whole file and leaves no temporary file behind', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xxt-export-unit-'));
    try {
      const file = join(dir, 'h', 'article', '1', 'index.html');
      writeAtomic(file, Buffer.from('<h1>旧</h1>'));
      writeAtomic(file, Buffer.from('<h1>新</h1>'));
      expect(readFileSync(file, 'utf8')).toBe('<h1>新</h1>');
      expect(readdirSync(join(dir, 'h', 'article', '1'))).toEqual(['index.html']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
