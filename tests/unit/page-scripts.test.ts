/** A page's module scripts handed to the after-paint loader (issue 30: src/server/http/page-scripts.ts). */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assetRefs } from '../../src/server/export/assets.ts';
import { deferPageScripts, PAGE_SCRIPT_LOADER } from '../../src/server/http/page-scripts.ts';
import { pageCsp } from '../../src/server/http/security-headers.ts';

const A = '<script type="module" src="/_astro/BaseLayout.a1.js"></script>';
const B = '<script type="module" src="/_astro/ArticlePage.b2.js"></script>';
const PAGE = `<!doctype html><html><head><title>t</title></head><body><main>正文${B}</main><script>window.x=1</script>${A}</body></html>`;

describe('deferPageScripts', () => {
  it('takes every module script out of the page and lists them, in order, on one loader before </body>', () => {
    const out = deferPageScripts(PAGE);
    expect(out).not.toContain('type="module"');
    expect(out).toBe(
      '<!doctype html><html><head><title>t</title></head><body><main>正文</main><script>window.x=1</script>' +
        `<script data-page-modules="/_astro/ArticlePage.b2.js /_astro/BaseLayout.a1.js">${PAGE_SCRIPT_LOADER}</script></body></html>`,
    );
  });

  it('lists a script rendered twice once', () => {
    const out = deferPageScripts(PAGE.replace('<main>', `<main>${A}`));
    expect(out).toContain('data-page-modules="/_astro/BaseLayout.a1.js /_astro/ArticlePage.b2.js"');
  });

  it('leaves a page without module scripts, a fragment without </body>, and a tag with other attributes as they are', () => {
    const plain = '<html><body><p>x</p><script>window.x=1</script></body></html>';
    expect(deferPageScripts(plain)).toBe(plain);
    expect(deferPageScripts(`<p>x</p>${A}`)).toBe(`<p>x</p>${A}`);
    const console =
      '<body><script type="module" src="/_astro/console.c3.js" data-now></script></body>';
    expect(deferPageScripts(console)).toBe(console);
  });

  it("is allowed by the page's own policy: the loader's hash, the same on every page", () => {
    const hash = `'sha256-${createHash('sha256').update(PAGE_SCRIPT_LOADER).digest('base64')}'`;
    expect(pageCsp(deferPageScripts(PAGE))).toContain(hash);
    expect(pageCsp(deferPageScripts(`<body>${B}</body>`))).toContain(hash);
  });

  it('still names the scripts for the static export, which copies what a page refers to', () => {
    expect(assetRefs(deferPageScripts(PAGE)).sort()).toEqual([
      '/_astro/ArticlePage.b2.js',
      '/_astro/BaseLayout.a1.js',
    ]);
  });
});
