/**
 * An address that looks like a path on the site but leaves for another host (issue 24): browsers
 * read `/\evil.example` (and `/<tab>/evil.example`, `\\evil.example`) as `//evil.example`. No
 * check that lets a stored address count as "on the site" accepts one: member and editor rich
 * text, the editor's document links, the console's link, image, media and tool addresses.
 */
import { describe, expect, it } from 'vitest';
import { mediaUrl, siteUrl } from '../../src/server/api/fields.ts';
import { docToHtml, sanitizeRichText } from '../../src/server/services/lib/index.ts';
import { isRoundabout, ON_SITE_OR_HTTPS } from '../../src/shared/urls.ts';

const ROUNDABOUT = ['/\\evil.example', '/\t/evil.example', '\\\\evil.example', '//evil.example'];
const ON_SITE = ['/about', '/article/3?from=home', 'https://cdn.example.com/a.png'];

describe('roundabout addresses', () => {
  it.each(ROUNDABOUT)('%j is off the site everywhere', (url) => {
    expect(isRoundabout(url)).toBe(true);
    expect(ON_SITE_OR_HTTPS.test(url)).toBe(false);
    expect(siteUrl.safeParse(url).success).toBe(false);
    expect(mediaUrl.safeParse(url).success).toBe(false);
    const html = sanitizeRichText(`<p><a href="${url}">看这里</a><img src="${url}"></p>`);
    expect(html).not.toContain('evil');
    expect(() =>
      docToHtml({
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: '链接', marks: [{ type: 'link', attrs: { href: url } }] },
            ],
          },
        ],
      }),
    ).toThrow();
  });

  it.each(ON_SITE)('%j stays a link', (url) => {
    expect(isRoundabout(url)).toBe(false);
    expect(ON_SITE_OR_HTTPS.test(url)).toBe(true);
    expect(siteUrl.safeParse(url).success).toBe(true);
    expect(sanitizeRichText(`<a href="${url}">x</a>`)).toContain(
      `href="${url.replace('&', '&amp;')}"`,
    );
  });

  it('an entity-encoded backslash is caught as the browser would read it', () => {
    expect(sanitizeRichText('<a href="&#47;&#92;evil.example">x</a>')).not.toContain('href');
  });
});
