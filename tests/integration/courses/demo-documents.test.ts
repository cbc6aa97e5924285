/**
 * The demo downloads are real documents of their kind (issue 28: a "reference manual" was a
 * 5 KB one-page PDF and the competition archive five tiny text files): the downloaded
 * reference manual has many pages and the chapters it promises, the guides several pages,
 * and the competition archive holds a README, C sources, a Makefile and linker script, a BOM,
 * a netlist and a test report.
 */
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { downloadResponse } from '../../../src/server/services/courses/index.ts';
import { pdfText } from '../../../src/server/services/lib/index.ts';
import { STM32F103_MANUAL } from '../../../src/server/db/seed/content/resource-docs-stm32.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let member: number;

beforeAll(async () => {
  rt = await createTestRuntime();
  member = await rt.userId(DEMO.members[1]);
});
afterAll(async () => {
  await rt.close();
});

async function download(title: string) {
  const r = await rt.db
    .selectFrom('resources')
    .select(['id', 'file_size'])
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  const res = await downloadResponse(rt.deps, r.id, member);
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.length).toBe(r.file_size);
  return bytes;
}

const pageCount = (pdf: Buffer) =>
  (pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

/** The names (and text) of a ZIP's entries, read from its local headers. */
function unzip(buf: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  let at = 0;
  while (buf.readUInt32LE(at) === 0x04034b50) {
    const method = buf.readUInt16LE(at + 8);
    const size = buf.readUInt32LE(at + 18);
    const nameLen = buf.readUInt16LE(at + 26);
    const extra = buf.readUInt16LE(at + 28);
    const name = buf.subarray(at + 30, at + 30 + nameLen).toString('utf8');
    const data = buf.subarray(at + 30 + nameLen + extra, at + 30 + nameLen + extra + size);
    out.set(name, (method === 8 ? inflateRawSync(data) : data).toString('utf8'));
    at += 30 + nameLen + extra + size;
  }
  return out;
}

it('sends a reference manual of many pages with the chapters its title promises', async () => {
  const bytes = await download('《STM32F103 参考手册中文版》');
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pageCount(bytes)).toBeGreaterThanOrEqual(10);
  expect(bytes.length).toBeGreaterThan(30_000);
  const text = bytes.toString('latin1');
  const chapters = STM32F103_MANUAL.map((c) => c.heading);
  for (const want of [
    '复位与时钟控制',
    '通用输入输出',
    'DMA',
    '模数转换器',
    '定时器',
    'USART',
    'SPI',
    'I2C',
  ])
    expect(
      chapters.some((c) => c.includes(want)),
      want,
    ).toBe(true);
  // Each chapter heading is in the file as text (the CJK font's UCS-2 hex strings).
  for (const c of chapters) expect(text, c).toContain(`<${pdfText(c)}>`);
  // Pages are numbered "n / total".
  expect(text).toContain(`<${pdfText(`1 / ${pageCount(bytes)}`)}>`);
});

it('sends guides of several pages', async () => {
  for (const title of ['《运算放大器选型指南》', '《ESP32 硬件设计指南》'])
    expect(pageCount(await download(title)), title).toBeGreaterThanOrEqual(4);
});

it('sends a competition archive of real project files', async () => {
  const files = unzip(await download('《电子设计竞赛历年赛题汇编》'));
  expect([...files.keys()]).toEqual(
    expect.arrayContaining([
      'README.md',
      'power/考点.md',
      'example-freqmeter/firmware/main.c',
      'example-freqmeter/firmware/freq.c',
      'example-freqmeter/firmware/freq.h',
      'example-freqmeter/firmware/Makefile',
      'example-freqmeter/firmware/STM32F103C8Tx_FLASH.ld',
      'example-freqmeter/hardware/BOM.csv',
      'example-freqmeter/hardware/freqmeter.net',
      'example-freqmeter/docs/测试报告.md',
    ]),
  );
  const main = files.get('example-freqmeter/firmware/main.c')!;
  expect(main).toContain('#include "stm32f1xx.h"');
  expect(main).toContain('int main(void)');
  expect(files.get('example-freqmeter/firmware/freq.c')).toContain('void TIM2_IRQHandler(void)');
  expect(files.get('example-freqmeter/hardware/BOM.csv')!.split('\n')[1]).toMatch(
    /^U1,1,STM32F103C8T6,/,
  );
  expect(files.get('example-freqmeter/hardware/freqmeter.net')).toMatch(
    /^\(export \(version "E"\)/,
  );
});
