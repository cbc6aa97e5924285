/**
 * Built assets' compressed forms are made once per content and kept beside the build, so a
 * restart reads them instead of compressing every asset again (issue 24: restart time).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadStaticFiles } from '../../src/server/http/static-files.ts';

const dist = mkdtempSync(join(tmpdir(), 'xxt-static-'));
const client = join(dist, 'client');
const keep = join(dist, '.compressed');
const js = `export const text = ${JSON.stringify('芯学堂 '.repeat(400))};\n`;
mkdirSync(join(client, '_astro'), { recursive: true });
writeFileSync(join(client, '_astro', 'app.abc123.js'), js);
writeFileSync(join(client, 'small.txt'), 'tiny');

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('loadStaticFiles', () => {
  it('serves brotli and gzip forms of the content, and keeps them beside the build, not in it', async () => {
    const files = await loadStaticFiles(client);
    const app = files.get('/_astro/app.abc123.js')!;
    expect(brotliDecompressSync(app.br!).toString()).toBe(js);
    expect(gunzipSync(app.gzip!).toString()).toBe(js);
    expect(files.get('/small.txt')!.br).toBeNull();
    expect(
      readdirSync(keep)
        .sort()
        .map((f) => f.slice(-3)),
    ).toEqual(['.br', '.gz']);
    expect([...files.keys()].some((k) => k.includes('.compressed'))).toBe(false);
  });

  it('reads the kept forms at the next start instead of compressing again', async () => {
    const [br] = readdirSync(keep).filter((f) => f.endsWith('.br'));
    // Marked: a second start that compressed again would not return this.
    writeFileSync(join(keep, br!), 'kept');
    const files = await loadStaticFiles(client);
    expect(files.get('/_astro/app.abc123.js')!.br!.toString()).toBe('kept');
  });

  it('makes new forms when the content changes', async () => {
    writeFileSync(join(client, '_astro', 'app.abc123.js'), `${js}// 改\n`);
    const files = await loadStaticFiles(client);
    expect(brotliDecompressSync(files.get('/_astro/app.abc123.js')!.br!).toString()).toBe(
      `${js}// 改\n`,
    );
  });
});
