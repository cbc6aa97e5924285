/**
 * The server's HTML allowlist (issue 5): member articles are stored only after
 * passing through it, and anything not listed (scripts, event handlers, styles,
 * frames, forms, javascript: and data: URLs) is dropped. Works without a DOM.
 */
import sanitizeHtml from 'sanitize-html';
import { isRoundabout } from '../../../shared/urls.ts';

/** Tags a rich-text body may keep: those of the seeded articles and the editor's toolbar. */
const TAGS = [
  'h2',
  'h3',
  'h4',
  'p',
  'br',
  'hr',
  'ul',
  'ol',
  'li',
  'pre',
  'code',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'a',
  'img',
];

function withoutRoundabout(
  attribs: sanitizeHtml.Attributes,
  name: string,
): sanitizeHtml.Attributes {
  const value = attribs[name];
  if (value === undefined || !isRoundabout(value)) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: TAGS,
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    code: ['class'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  // Only syntax-highlighting classes survive (`language-c`), never layout classes.
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Member links leave the site without passing it authority or the opener.
  // An address that looks like a path but leaves for another host ('/\\evil.example') is dropped.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...withoutRoundabout(attribs, 'href'), rel: 'nofollow noopener noreferrer' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: withoutRoundabout(attribs, 'src') }),
  },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
};

/** Cleans rich-text HTML to the allowlist: sanitizeRichText('<p onclick=x>hi</p>') → '<p>hi</p>'. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The visible text of HTML with whitespace collapsed (summaries, emptiness checks). */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
