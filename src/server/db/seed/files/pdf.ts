/**
 * A small PDF writer for the demo downloads: A4 pages of Chinese and Latin
 * text in the standard CJK font STSong-Light (Adobe-GB1, UniGB-UCS2-H, which
 * PDF readers provide without embedding), a title, headings and paragraphs
 * wrapped to the page, page breaks, and a page number on each page (the file
 * itself: services/lib/pdf.ts).
 */
import { A4, assemblePdf, pdfText as hex } from '../../../services/lib/index.ts';
export interface PdfBlock {
  kind: 'title' | 'heading' | 'text' | 'page';
  /** Ignored for a page break. */
  text: string;
}

const PAGE_W = A4.width;
const PAGE_H = A4.height;
const MARGIN = 56;
const SIZE: Record<Exclude<PdfBlock['kind'], 'page'>, number> = {
  title: 20,
  heading: 14,
  text: 10.5,
};

/** Advance of a character in em: CJK full width, Latin about half. */
function advance(ch: string): number {
  return (ch.codePointAt(0) ?? 0) < 0x2e80 ? 0.5 : 1;
}

function wrapLine(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const ch of text) {
    const w = advance(ch) * size;
    if (used + w > width && line) {
      lines.push(line);
      line = '';
      used = 0;
    }
    line += ch;
    used += w;
  }
  if (line) lines.push(line);
  return lines;
}

export function pdf(blocks: PdfBlock[], info: { title: string; author: string }): Buffer {
  // Lay the text out on pages.
  const pages: string[][] = [[]];
  let y = PAGE_H - MARGIN;
  for (const b of blocks) {
    if (b.kind === 'page') {
      if (pages.at(-1)!.length) pages.push([]);
      y = PAGE_H - MARGIN;
      continue;
    }
    const size = SIZE[b.kind];
    const gap = b.kind === 'text' ? size * 0.8 : size * 1.2;
    for (const line of wrapLine(b.text, size, PAGE_W - 2 * MARGIN)) {
      const lead = size * 1.6;
      if (y - lead < MARGIN) {
        pages.push([]);
        y = PAGE_H - MARGIN;
      }
      y -= lead;
      pages.at(-1)!.push(`BT /F1 ${size} Tf ${MARGIN} ${y.toFixed(1)} Td <${hex(line)}> Tj ET`);
    }
    y -= gap;
  }
  pages.forEach((p, i) =>
    p.push(`BT /F1 9 Tf ${PAGE_W / 2 - 10} 30 Td <${hex(`${i + 1} / ${pages.length}`)}> Tj ET`),
  );

  return assemblePdf(
    pages.map((lines) => lines.join('\n')),
    { ...info, producer: 'xinxuetang demo seed' },
  );
}
