/**
 * The demo downloads' own files (issue 15: downloads that download): what
 * each resource of RESOURCES contains, written for its topic, and the bytes
 * of its file in its listed format (PDF, ZIP, XLSX, DOCX). The seed writes
 * them to the resource store and records their real sizes.
 */
import { docx, xlsx } from '../files/ooxml.ts';
import { pdf, type PdfBlock } from '../files/pdf.ts';
import { zip } from '../files/zip.ts';
import type { ResourceData } from './site.ts';
import { STM32F103_MANUAL, type Doc } from './resource-docs-stm32.ts';
import { NUEDC_FILES } from './resource-files-nuedc.ts';
import { ESP32_GUIDE } from './resource-docs-esp32.ts';
import { OPAMP_GUIDE } from './resource-docs-opamp.ts';
import { LM317_CIRCUITS } from './resource-docs-lm317.ts';
import { RF_MATCHING_LAB } from './resource-docs-rf.ts';
import { INTERVIEW_QUESTIONS } from './resource-docs-interview.ts';
import { TPS5430_FILES } from './resource-files-tps5430.ts';
import { FREERTOS_FILES } from './resource-files-freertos.ts';
import { PCB_REVIEW_CHECKLIST } from './resource-docs-pcb-checklist.ts';
import { LOOP_SHEET } from './resource-sheets-loop.ts';
import { CAN_SHEET } from './resource-sheets-can.ts';

const h = (text: string) => ({ kind: 'heading' as const, text });
const t = (text: string) => ({ kind: 'text' as const, text });

function blocks(title: string, summary: string, doc: Doc) {
  return [
    { kind: 'title' as const, text: title },
    t(summary),
    t('芯学堂资料下载，仅供学习交流使用'),
    ...doc.flatMap((s) => [h(s.heading), ...s.paragraphs.map(t)]),
  ];
}

/** A PDF's blocks: a title page with the contents, then each chapter from a new page. */
function paged(title: string, summary: string, doc: Doc): PdfBlock[] {
  return [
    { kind: 'title', text: title },
    t(summary),
    t('芯学堂资料下载，仅供学习交流使用'),
    h('目录'),
    ...doc.map((s) => t(s.heading)),
    ...doc.flatMap((s) => [
      { kind: 'page' as const, text: '' },
      h(s.heading),
      ...s.paragraphs.map(t),
    ]),
  ];
}

const DOCS: Record<string, Doc> = {
  'stm32f103-reference-manual-cn': STM32F103_MANUAL,
  'opamp-selection-guide': OPAMP_GUIDE,
  'esp32-hardware-design-guide': ESP32_GUIDE,
  'lm317-application-circuits': LM317_CIRCUITS,
  'rf-matching-lab-manual': RF_MATCHING_LAB,
  'hardware-interview-questions-2026': INTERVIEW_QUESTIONS,
};

export interface ResourceFile {
  /** File name in the store: <slug>.<ext> */
  name: string;
  bytes: Buffer;
}

/** The file of a resource, in its listed format. */
export function resourceFile(r: ResourceData): ResourceFile {
  const ext = r.fileType.toLowerCase();
  const name = `${r.slug}.${ext}`;
  const title = r.title.replace(/[《》]/g, '');
  switch (r.slug) {
    case 'loop-compensation-calculator':
      return { name, bytes: xlsx('Type II 补偿', LOOP_SHEET) };
    case 'can-bit-timing-tool':
      return { name, bytes: xlsx('位时序', CAN_SHEET) };
    case 'pcb-review-checklist':
      return { name, bytes: docx(blocks(title, r.summary, PCB_REVIEW_CHECKLIST)) };
    case 'tps5430-reference-design':
      return { name, bytes: zip(TPS5430_FILES) };
    case 'freertos-kernel-annotated':
      return { name, bytes: zip(FREERTOS_FILES) };
    case 'nuedc-problems-collection':
      return {
        name,
        bytes: zip(NUEDC_FILES),
      };
  }
  const doc = DOCS[r.slug];
  if (!doc || r.fileType !== 'PDF') throw new Error(`seed: no file content for resource ${r.slug}`);
  return { name, bytes: pdf(paged(title, r.summary, doc), { title, author: '芯学堂' }) };
}
