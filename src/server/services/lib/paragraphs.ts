/** Editorial plain text as safe HTML and back (the console's edit forms). */
import { escapeHtml } from './text.ts';

/**
 * Editorial text becomes safe HTML: escaped, one paragraph per block, so an
 * admin's input can never inject markup into a page.
 * textToHtml('a<b\n\nc') → '<p>a&lt;b</p><p>c</p>'
 */
export function textToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * The editable text of HTML written by textToHtml (its inverse for the
 * console's edit forms): one blank line between paragraphs, tags dropped.
 * paragraphsOf('<p>a&lt;b</p><p>c<br>d</p>') → 'a<b\n\nc\nd'
 */
export function paragraphsOf(html: string): string {
  return html
    .split(/<\/p>/i)
    .map((p) =>
      p
        .replace(/<br\s*\/?>/gi, '\n')
        .replace(/<[^>]*>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;|&#x27;/g, "'")
        .replace(/&nbsp;/g, ' ')
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter(Boolean)
    .join('\n\n');
}
