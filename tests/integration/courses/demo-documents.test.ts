/**
 * The demo downloads are real documents of their kind (issue 28: a "reference manual" was a
 * 5 KB one-page PDF and the competition archive five tiny text files): the downloaded
 * reference manual has many pages and the chapters it promises, the guides several pages
 * with the chapters (and the count of circuits or questions) their titles and summaries
 * promise, the competition archive holds a README, C sources, a Makefile and linker script,
 * a BOM, a netlist and a test report, the TPS5430 archive a worked buck-converter design and
 * the FreeRTOS archive annotated kernel files with an STM32 project.
 */
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { downloadResponse } from '../../../src/server/services/courses/index.ts';
import { pdfText } from '../../../src/server/services/lib/index.ts';
import { STM32F103_MANUAL } from '../../../src/server/db/seed/content/resource-docs-stm32.ts';
import { OPAMP_GUIDE } from '../../../src/server/db/seed/content/resource-docs-opamp.ts';
import { ESP32_GUIDE } from '../../../src/server/db/seed/content/resource-docs-esp32.ts';
import { LM317_CIRCUITS } from '../../../src/server/db/seed/content/resource-docs-lm317.ts';
import { RF_MATCHING_LAB } from '../../../src/server/db/seed/content/resource-docs-rf.ts';
import { INTERVIEW_QUESTIONS } from '../../../src/server/db/seed/content/resource-docs-interview.ts';
import { PCB_REVIEW_CHECKLIST } from '../../../src/server/db/seed/content/resource-docs-pcb-checklist.ts';
import { RESOURCES } from '../../../src/server/db/seed/content/site.ts';
import { resourceFile } from '../../../src/server/db/seed/content/resource-files.ts';
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

/** A guide's PDF: many pages, every chapter heading in the file as text. */
async function guide(
  title: string,
  doc: { heading: string; paragraphs: string[] }[],
  pages: number,
) {
  const bytes = await download(title);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pageCount(bytes), title).toBeGreaterThanOrEqual(pages);
  expect(bytes.length, title).toBeGreaterThan(20_000);
  const text = bytes.toString('latin1');
  for (const c of doc) expect(text, c.heading).toContain(`<${pdfText(c.heading)}>`);
  // Every chapter has substance, not a line or two.
  for (const c of doc) expect(c.paragraphs.join('').length, c.heading).toBeGreaterThan(150);
  return doc.map((c) => c.heading);
}

const summary = (title: string) => RESOURCES.find((r) => r.title === title)!.summary;

it('sends an op-amp selection guide comparing the four classes its summary names', async () => {
  const chapters = await guide('《运算放大器选型指南》', OPAMP_GUIDE, 8);
  for (const want of ['直流参数', '建立时间', '噪声预算', '稳定性', '参数对比', '选型流程'])
    expect(
      chapters.some((c) => c.includes(want)),
      want,
    ).toBe(true);
  const comparison = OPAMP_GUIDE.find((c) => c.heading.includes('参数对比'))!.paragraphs;
  for (const kind of ['精密类：', '低噪声类：', '高速类：', '低功耗类：'])
    expect(comparison).toContain(kind);
});

it('sends an ESP32 design guide with the chapters a hardware design needs', async () => {
  const chapters = await guide('《ESP32 硬件设计指南》', ESP32_GUIDE, 8);
  for (const want of ['电源', 'Strapping', '时钟', '天线', '共存', '低功耗', '分区表', '检查表'])
    expect(
      chapters.some((c) => c.includes(want)),
      want,
    ).toBe(true);
  const all = ESP32_GUIDE.flatMap((c) => c.paragraphs).join('\n');
  expect(all).toContain('GPIO12');
  expect(all).toContain('ota_0,    app,  ota_0,   0x10000,  0x180000');
});

it('sends the twelve LM317 circuits its summary promises, with the design equations', async () => {
  expect(summary('《LM317 应用电路合集》')).toContain('12 种');
  const chapters = await guide('《LM317 应用电路合集》', LM317_CIRCUITS, 10);
  const circuits = new Set(chapters.join(' ').match(/电路 \d+/g));
  expect([...circuits].sort()).toEqual(
    Array.from({ length: 12 }, (_, i) => `电路 ${i + 1}`).sort(),
  );
  const all = LM317_CIRCUITS.flatMap((c) => c.paragraphs).join('\n');
  expect(all).toContain('Vout = 1.25 V × (1 + R2/R1) + IADJ × R2');
  expect(all).toContain('θSA');
  expect(all).toContain('保护二极管');
});

it('sends an RF lab manual of six experiments with worked matching values', async () => {
  const chapters = await guide('《射频阻抗匹配实验手册》', RF_MATCHING_LAB, 8);
  for (const n of ['一', '二', '三', '四', '五', '六'])
    expect(
      chapters.some((c) => c.startsWith(`实验${n} `)),
      n,
    ).toBe(true);
  const all = RF_MATCHING_LAB.flatMap((c) => c.paragraphs).join('\n');
  expect(all).toContain('VSWR = (1 + |Γ|)/(1 − |Γ|)');
  expect(all).toContain('C = B/ω = 0.02/(2π × 2.4 GHz) = 1.33 pF');
  expect(all).toContain('50 Ω 微带线宽约 0.35–0.40 mm');
});

it('sends the interview questions its summary counts, each with an answer', async () => {
  await guide('《硬件工程师面试题集 2026 版》', INTERVIEW_QUESTIONS, 6);
  const questions = INTERVIEW_QUESTIONS.flatMap((c) => c.paragraphs).filter((p) =>
    /^\d+\. /.test(p),
  );
  expect(summary('《硬件工程师面试题集 2026 版》')).toContain(`${questions.length} 题`);
  questions.forEach((q, i) => {
    expect(q.startsWith(`${i + 1}. `), q).toBe(true);
    expect(q, q).toMatch(/答：.{40,}/);
  });
});

it('sends a TPS5430 archive of a worked buck-converter design', async () => {
  const files = unzip(await download('《TPS5430 降压电源参考设计》'));
  expect([...files.keys()].sort()).toEqual(
    [
      'README.md',
      'design/计算书.md',
      'design/calc.py',
      'hardware/BOM.csv',
      'hardware/tps5430-buck.net',
      'hardware/原理图说明.md',
      'pcb/布局说明.md',
      'test/测试报告.md',
    ].sort(),
  );
  for (const [name, data] of files) expect(data.length, name).toBeGreaterThan(500);
  // The divider is the datasheet's: 1.221 V reference, R1 = 10 kΩ, R2 = 3.24 kΩ → 4.990 V.
  const calc = files.get('design/计算书.md')!;
  expect(calc).toContain('R2 = R1 × 1.221 / (Vout − 1.221) = 10 kΩ × 1.221 / 3.779 = 3.231 kΩ');
  expect(calc).toContain('Vout = 1.221 × (1 + 10 / 3.24) = 4.990 V');
  expect(files.get('design/calc.py')).toContain('VREF = 1.221');
  const bom = files.get('hardware/BOM.csv')!.split('\n');
  expect(bom[0]).toBe('位号,数量,型号,规格,封装,备注');
  expect(bom[1]).toMatch(/^U1,1,TPS5430DDA,/);
  expect(bom.some((l) => /^R2,1,.*3\.24 kΩ/.test(l))).toBe(true);
  expect(bom.some((l) => /^L1,1,.*15 μH/.test(l))).toBe(true);
  const net = files.get('hardware/tps5430-buck.net')!;
  expect(net).toMatch(/^\(export \(version "E"\)/);
  expect(net).toContain('(net (code "6") (name "/VSENSE")');
});

it('sends a FreeRTOS archive of annotated kernel files and an STM32 project', async () => {
  const files = unzip(await download('《FreeRTOS 内核源码注释版》'));
  expect([...files.keys()].sort()).toEqual(
    [
      'README.md',
      'annotated/tasks.c',
      'annotated/queue.c',
      'annotated/port.c',
      'example-stm32f103/main.c',
      'example-stm32f103/FreeRTOSConfig.h',
      'example-stm32f103/Makefile',
      'example-stm32f103/STM32F103C8Tx_FLASH.ld',
    ].sort(),
  );
  for (const [name, data] of files) expect(data.length, name).toBeGreaterThan(1000);
  expect(files.get('annotated/tasks.c')).toContain('BaseType_t xTaskIncrementTick( void )');
  expect(files.get('annotated/tasks.c')).toContain('void vTaskSwitchContext( void )');
  expect(files.get('annotated/queue.c')).toContain('BaseType_t xQueueGenericSend(');
  expect(files.get('annotated/port.c')).toContain('void xPortPendSVHandler( void )');
  expect(files.get('annotated/port.c')).toContain('SPDX-License-Identifier: MIT');
  const main = files.get('example-stm32f103/main.c')!;
  for (const call of [
    'int main(void)',
    'xTaskCreate(',
    'xQueueCreate(',
    'xSemaphoreCreateMutex()',
    'xQueueSendFromISR(',
    'vTaskStartScheduler()',
  ])
    expect(main, call).toContain(call);
  const config = files.get('example-stm32f103/FreeRTOSConfig.h')!;
  expect(config).toContain('#define configUSE_MUTEXES                       1');
  expect(config).toContain('#define configMAX_SYSCALL_INTERRUPT_PRIORITY');
  expect(files.get('example-stm32f103/Makefile')).toMatch(/\n\t\$\(CC\) /);
});

it('sends the review checklist with the 120 items its summary promises', async () => {
  expect(summary('《PCB 设计检查表（硬件评审版）》')).toContain('120 条');
  const files = unzip(await download('《PCB 设计检查表（硬件评审版）》'));
  const body = files.get('word/document.xml')!;
  const items = PCB_REVIEW_CHECKLIST.flatMap((c) => c.paragraphs).filter((p) => p.startsWith('□'));
  expect(items).toHaveLength(120);
  items.forEach((item, i) => expect(item.startsWith(`□ ${i + 1}. `), item).toBe(true));
  for (const item of [items[0]!, items[59]!, items[119]!]) expect(body, item).toContain(item);
  for (const c of PCB_REVIEW_CHECKLIST) expect(body, c.heading).toContain(c.heading);
});

it('sends calculation sheets with the sections their summaries promise', async () => {
  // The loop-compensation sheet is material of the paid Buck course (downloads of it are
  // tested with the course's buyers in fulfilment.test.ts): its seeded file, as listed.
  const sheet = RESOURCES.find((r) => r.title === '《开关电源环路补偿计算表》')!;
  const listed = await rt.db
    .selectFrom('resources')
    .select('file_size')
    .where('title', '=', sheet.title)
    .executeTakeFirstOrThrow();
  const bytes = resourceFile(sheet).bytes;
  expect(bytes.length).toBe(listed.file_size);
  const loop = unzip(bytes).get('xl/worksheets/sheet1.xml')!;
  for (const part of ['Type II 补偿', 'Type III 补偿', '波特图', '补偿电阻 Rc (kΩ)', 'R3 (kΩ)'])
    expect(loop, part).toContain(part);
  // The Bode table: a loop gain and a phase per frequency, from 100 Hz to 250 kHz.
  expect(loop.match(/<f>20\*LOG10\(IMABS\(/g)).toHaveLength(12);
  expect(loop.match(/<f>DEGREES\(IMARGUMENT\(/g)).toHaveLength(12);
  const can = unzip(await download('《CAN 总线位时序计算工具》')).get('xl/worksheets/sheet1.xml')!;
  expect(can).toContain('CAN_BTR');
  for (const rate of [1000, 500, 250, 125]) expect(can).toContain(`<v>${rate}</v>`);
});
