/** What an exported page carries for a static host (issue 25: src/server/export). */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assetRefs } from '../../src/server/export/assets.ts';
import { headersManifest, metaCsp, withMetaCsp } from '../../src/server/export/static-page.ts';

const PAGE =
  '<!DOCTYPE html><html><head><meta charset="utf-8"><title>t</title>' +
  '<script>window.a=1</script></head><body><img src="/media/gen/covers/a.jpg">' +
  '<img src="/covers/b.svg"><a href="/api/x.js">x</a><script type="module" src="/_astro/p.Ab1.js"></script></body></html>';

describe('withMetaCsp', () => {
  it("puts the page's own policy, with its script hashes, first in the head", () => {
    const out = withMetaCsp(PAGE);
    const hash = createHash('sha256').update('window.a=1').digest('base64');
    const meta =
      /<meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(
        out,
      );
    expect(meta?.[1]).toContain(`script-src 'self' 'sha256-${hash}'`);
    // A meta policy cannot carry these: they go to the headers manifest.
    expect(meta?.[1]).not.toContain('frame-ancestors');
    expect(meta?.[1]).not.toContain('report-uri');
    expect(withMetaCsp(out)).toBe(out);
  });

  it('a page without inline scripts allows only the site’s scripts', () => {
    expect(metaCsp('<html><head></head></html>')).toContain("script-src 'self';");
  });
});

describe('headersManifest', () => {
  it('carries frame-ancestors for every path, HSTS only over https', () => {
    expect(headersManifest({ https: true })).toContain(
      "/*\n  Content-Security-Policy: frame-ancestors 'self'",
    );
    expect(headersManifest({ https: true })).toContain('Strict-Transport-Security: max-age=');
    expect(headersManifest({ https: false })).not.toContain('Strict-Transport-Security');
  });
});

describe('assetRefs', () => {
  it('finds covers, icons and scripts, never the API, grants or downloads', () => {
    expect(assetRefs(PAGE).sort()).toEqual([
      '/_astro/p.Ab1.js',
      '/covers/b.svg',
      '/media/gen/covers/a.jpg',
    ]);
    expect(assetRefs('<img src="/media/s/grant/x.jpg"><a href="/download/3.pdf">')).toEqual([]);
    // Both sizes a cover offers.
    expect(
      assetRefs(
        '<img src="/media/gen/covers/c-640.webp" srcset="/media/gen/covers/c-320.webp 320w, /media/gen/covers/c-640.webp 640w" sizes="160px">',
      ).sort(),
    ).toEqual(['/media/gen/covers/c-320.webp', '/media/gen/covers/c-640.webp']);
    expect(assetRefs('import("./chunk.X1.js");url(./f.woff2)', '/_astro/').sort()).toEqual([
      '/_astro/chunk.X1.js',
      '/_astro/f.woff2',
    ]);
  });
});

describe('assetRefs in a build chunk', () => {
  it('follows dynamic imports in backticks and the preload list named from the root', () => {
    const chunk =
      'm.f=["_astro/mount.C1.js","_astro/client.D3.js"];import(`./mount.C1.js`);url(/_astro/a.woff2)';
    expect(assetRefs(chunk, '/_astro/').sort()).toEqual([
      '/_astro/a.woff2',
      '/_astro/client.D3.js',
      '/_astro/mount.C1.js',
    ]);
  });
});
