/**
 * The smallest PDF the site writes (demo downloads, certificates): A4 pages whose content
 * streams the caller draws, Chinese and Latin text in the standard CJK font STSong-Light
 * (Adobe-GB1, UniGB-UCS2-H, which PDF readers provide without embedding) as /F1, and a correct
 * cross-reference table.
 *
 * pdfText('芯学堂') → '82AF5B665802' (UCS-2 big-endian hex, for `<…> Tj`)
 */

export const A4 = { width: 595, height: 842 } as const;

/** UCS-2 big-endian hex of a string (characters outside the BMP become '?'). */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 63;
    out += (cp > 0xffff ? 63 : cp).toString(16).padStart(4, '0');
  }
  return out.toUpperCase();
}

/** A PDF of these pages (content streams, latin1), with a title and author. */
export function assemblePdf(
  pages: string[],
  info: { title: string; author: string; producer: string },
): Buffer {
  // Objects: 1 catalog, 2 pages, 3 font, 4 descendant font, 5 info, then page + content pairs.
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 6 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] =
    '<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [4 0 R] >>';
  objects[4] =
    '<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 2 >> /FontDescriptor << /Type /FontDescriptor /FontName /STSong-Light /Flags 6 /FontBBox [-25 -254 1000 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >> /DW 1000 /W [1 95 500] >>';
  objects[5] = `<< /Title <FEFF${pdfText(info.title)}> /Author <FEFF${pdfText(info.author)}> /Producer (${info.producer}) >>`;
  pages.forEach((content, i) => {
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4.width} ${A4.height}] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
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
