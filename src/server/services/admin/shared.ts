/** Pieces shared by the editorial write paths (content-admin*.ts). */
import { escapeHtml } from '../search/index.ts';

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
