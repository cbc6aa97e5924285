/** Where exported pages are written (src/server/export/files.ts), as nginx's map looks them up. */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportFile, writeAtomic } from '../../src/server/export/files.ts';

describe('exportFile', () => {
  it('puts folder pages in index.html, files as they are, canonical queries under q/', () => {
    expect(exportFile('/x', 'site.cn', '/')).toBe('/x/site.cn/index.html');
    expect(exportFile('/x', 'site.cn', '/article/12')).toBe('/x/site.cn/article/12/index.html');
    expect(exportFile('/x', 'site.cn', '/sitemap.xml')).toBe('/x/site.cn/sitemap.xml');
    expect(exportFile('/x', 'site.cn', '/livedetail?id=3')).toBe(
      '/x/site.cn/q/livedetail/id=3/index.html',
    );
  });

  it('refuses what could leave the folder or is not a canonical query', () => {
    expect(exportFile('/x', 'site.cn', '/../etc/passwd')).toBeNull();
    expect(exportFile('/x', 'site.cn', '/a/./b')).toBeNull();
    expect(exportFile('/x', 'site.cn', '/livedetail?id=../../a')).toBeNull();
    expect(exportFile('/x', 'site.cn', '/searchlist?word=电源')).toBeNull();
    expect(exportFile('/x', 'site.cn', '/a b')).toBeNull();
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
