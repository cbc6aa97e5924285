/**
 * A small PDF writer for the demo downloads: A4 pages of Chinese and Latin
 * text in the standard CJK font STSong-Light (Adobe-GB1, UniGB-UCS2-H, which
 * PDF readers provide without embedding), a title, headings and paragraphs
 * wrapped to the page, with a correct cross-reference table.
 */
export interface PdfBlock {
  kind: 'title' | 'heading' | 'text';
  text: string;
}

const PAGE_W = 595;
const PAGE_H = 842;
const MARGIN = 56;
const SIZE: Record<PdfBlock['kind'], number> = { title: 20, heading: 14, text: 10.5 };

/** UCS-2 big-endian hex of a string (characters outside the BMP become '?'). */
function hex(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 63;
    out += (cp > 0xffff ? 63 : cp).toString(16).padStart(4, '0');
  }
  return out.toUpperCase();
}

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

  // Objects: 1 catalog, 2 pages, 3 font, 4 descendant font, 5 info, then page + content pairs.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] =
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>';
  objects[4] =
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor << /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >> /DW 1000 /W [1 95 500] >>';
  objects[5] = `<< /Title <FEFF${hex(info.title)}> /Author <FEFF${hex(info.author)}> /Producer (xinxuetang demo seed) >>`;
  pages.forEach((lines, i) => {
    const content = lines.join('\n');
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] =
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`;
  });

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++)
    body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
