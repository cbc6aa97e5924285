/**
 * The demo downloads' file writers (issue 15): PDFs whose cross-reference
 * table points at every object, ZIP archives (and the DOCX/XLSX built on
 * them) whose central directory and CRCs are right, and one file per seeded
 * resource in its listed format.
 */
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/server/db/seed/content/site.ts';
import { resourceFile } from '../../src/server/db/seed/content/resource-files.ts';
import { pdf } from '../../src/server/db/seed/files/pdf.ts';
import { zip } from '../../src/server/db/seed/files/zip.ts';
import { docx, xlsx } from '../../src/server/db/seed/files/ooxml.ts';

/** Reads a ZIP back: names and data of its entries, checking every CRC and offset. */
function unzip(buf: Buffer): Map<string, Buffer> {
  const end = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = buf.readUInt16LE(end + 10);
  let p = buf.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    expect(buf.readUInt32LE(p)).toBe(0x02014b50);
    const crc = buf.readUInt32LE(p + 16);
    const size = buf.readUInt32LE(p + 20);
    const nameLen = buf.readUInt16LE(p + 28);
    const local = buf.readUInt32LE(p + 42);
    const name = buf.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    expect(buf.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(start, start + size);
    expect(crc32(data), name).toBe(crc);
    out.set(name, data);
    p += 46 + nameLen;
  }
  return out;
}

describe('pdf()', () => {
  it('writes a cross-reference table that points at every object', () => {
    const bytes = pdf(
      [
        { kind: 'title', text: '运算放大器选型指南' },
        ...Array.from({ length: 80 }, (_, i) => ({
          kind: 'text' as const,
          text: `第 ${i + 1} 段：增益带宽积 GBW 决定闭环带宽，压摆率限制大信号带宽。`,
        })),
      ],
      { title: '运算放大器选型指南', author: '芯学堂' },
    );
    const text = bytes.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const [, first, n] = /xref\n(\d+) (\d+)/.exec(text.slice(xref))!;
    expect(first).toBe('0');
    const entries = text
      .slice(xref)
      .split('\n')
      .slice(3, 2 + Number(n));
    entries.forEach((e, i) => {
      const offset = Number(e.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    // Long text runs onto further pages, each numbered n / total.
    const pages = Number(/\/Count (\d+)/.exec(text)![1]);
    expect(pages).toBeGreaterThan(1);
    expect(text.match(/\/Type \/Page /g)).toHaveLength(pages);
    // Chinese text is in the font's UCS-2 encoding: 运 is U+8FD0.
    expect(text).toContain('<8FD0');
  });
});

describe('zip(), docx(), xlsx()', () => {
  it('stores entries with UTF-8 names and correct CRCs', () => {
    const files = unzip(
      zip([
        { name: 'README.txt', data: '说明' },
        { name: 'test/测试报告.txt', data: 'ok' },
      ]),
    );
    expect([...files.keys()]).toEqual(['README.txt', 'test/测试报告.txt']);
    expect(files.get('README.txt')!.toString('utf8')).toBe('说明');
  });

  it('builds Word and Excel packages with their parts', () => {
    const w = unzip(docx([{ kind: 'heading', text: '一、原理图' }]));
    expect(w.get('word/document.xml')!.toString('utf8')).toContain('一、原理图');
    const x = unzip(xlsx('位时序', [['采样点 (%)', '=(B7+B8)/B6*100', 87.5]]));
    const sheet = x.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet).toContain('<f>(B7+B8)/B6*100</f>');
    expect(sheet).toContain('<v>87.5</v>');
    expect(x.get('xl/workbook.xml')!.toString('utf8')).toContain('name="位时序"');
  });
});

describe('the seeded resources', () => {
  it.each(RESOURCES.map((r) => [r.slug, r] as const))('%s is a real file of its type', (_, r) => {
    const f = resourceFile(r);
    expect(f.name).toBe(`${r.slug}.${r.fileType.toLowerCase()}`);
    if (r.fileType === 'PDF') {
      expect(f.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    } else {
      const parts = unzip(f.bytes);
      if (r.fileType === 'DOCX') expect(parts.has('word/document.xml')).toBe(true);
      if (r.fileType === 'XLSX') expect(parts.has('xl/worksheets/sheet1.xml')).toBe(true);
      if (r.fileType === 'ZIP')
        expect(parts.has('README.txt') || parts.has('README.md'), r.slug).toBe(true);
    }
  });
});
