/**
 * The console editor's structured document (Tiptap's ProseMirror JSON) to
 * public HTML, on the server (issue 12). Only the node and mark types of the
 * editor's toolbar are known; anything else is refused, not guessed at.
 * Text is escaped here, and the result passes the one rich-text sanitiser
 * (sanitize.ts) like every other body, so links and images keep to its
 * allowlist (https, http and mailto; no javascript: or data:).
 */
import { AppError } from '../../errors.ts';
import { escapeHtml } from './text.ts';
import { htmlToText, sanitizeRichText } from './sanitize.ts';
import { LIB_MSG } from './messages.ts';
import { ON_SITE_OR_HTTPS, SITE_PATH_START } from '../../../shared/urls.ts';

interface Node {
  type: string;
  attrs?: Record<string, unknown>;
  content?: Node[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  text?: string;
}

const MAX_NODES = 20_000;
const MAX_DEPTH = 24;

function fail(message: string = LIB_MSG.doc.invalid): never {
  throw AppError.badRequest(message);
}

function attr(v: unknown): string {
  return escapeHtml(String(v));
}

const SAFE_LINK = new RegExp(`^(https?:\\/\\/|mailto:|${SITE_PATH_START})`, 'i');
const SAFE_IMAGE = ON_SITE_OR_HTTPS;

function marked(text: string, marks: Node['marks']): string {
  let html = escapeHtml(text);
  for (const m of marks ?? []) {
    if (m.type === 'bold') html = `<strong>${html}</strong>`;
    else if (m.type === 'italic') html = `<em>${html}</em>`;
    else if (m.type === 'strike') html = `<s>${html}</s>`;
    else if (m.type === 'underline') html = `<u>${html}</u>`;
    else if (m.type === 'code') html = `<code>${html}</code>`;
    else if (m.type === 'link') {
      const href = String(m.attrs?.href ?? '');
      if (!SAFE_LINK.test(href)) fail(LIB_MSG.doc.link);
      html = `<a href="${attr(href)}">${html}</a>`;
    } else fail();
  }
  return html;
}

/** Renders and checks a document: docToHtml({type:'doc',content:[…]}) → '<h2>…</h2><p>…</p>'. */
export function docToHtml(doc: unknown): string {
  let nodes = 0;
  const render = (n: Node, depth: number): string => {
    if (!n || typeof n !== 'object' || typeof n.type !== 'string') fail();
    if (++nodes > MAX_NODES || depth > MAX_DEPTH) fail(LIB_MSG.doc.body);
    if (n.content !== undefined && !Array.isArray(n.content)) fail();
    const inner = () => (n.content ?? []).map((c) => render(c, depth + 1)).join('');
    switch (n.type) {
      case 'text':
        if (typeof n.text !== 'string') fail();
        return marked(n.text, n.marks);
      case 'paragraph':
        return `<p>${inner()}</p>`;
      case 'heading': {
        const level = Number(n.attrs?.level);
        if (![2, 3, 4].includes(level)) fail();
        return `<h${level}>${inner()}</h${level}>`;
      }
      case 'bulletList':
        return `<ul>${inner()}</ul>`;
      case 'orderedList':
        return `<ol>${inner()}</ol>`;
      case 'listItem':
        return `<li>${inner()}</li>`;
      case 'blockquote':
        return `<blockquote>${inner()}</blockquote>`;
      case 'codeBlock': {
        const lang = n.attrs?.language;
        const cls =
          typeof lang === 'string' && /^[a-z0-9+#-]{1,20}$/i.test(lang)
            ? ` class="language-${lang}"`
            : '';
        // Code keeps its text only: marks inside a code block are not rendered.
        const text = (n.content ?? [])
          .map((c) => (c.type === 'text' ? (c.text ?? '') : fail()))
          .join('');
        return `<pre><code${cls}>${escapeHtml(text)}</code></pre>`;
      }
      case 'horizontalRule':
        return '<hr>';
      case 'hardBreak':
        return '<br>';
      case 'image': {
        const src = String(n.attrs?.src ?? '');
        if (!SAFE_IMAGE.test(src)) fail(LIB_MSG.doc.image);
        const alt = n.attrs?.alt ? ` alt="${attr(n.attrs.alt)}"` : ' alt=""';
        return `<p><img src="${attr(src)}"${alt}></p>`;
      }
      default:
        return fail();
    }
  };
  const root = doc as Node;
  if (!root || root.type !== 'doc' || !Array.isArray(root.content)) fail();
  const html = sanitizeRichText(root.content.map((c) => render(c, 1)).join(''));
  const text = htmlToText(html);
  if (!text && !html.includes('<img')) fail(LIB_MSG.doc.body);
  if (text.length > 50_000) fail(LIB_MSG.doc.body);
  return html;
}

/** Parses the posted document (a JSON string of at most 400,000 characters) and renders it. */
export function renderDocInput(json: string): { doc: string; html: string } {
  if (json.length > 400_000) fail(LIB_MSG.doc.body);
  let doc: unknown;
  try {
    doc = JSON.parse(json);
  } catch {
    fail();
  }
  return { doc: JSON.stringify(doc), html: docToHtml(doc) };
}
