/**
 * What the demo lessons and live recordings show (scripts/media-slides.ts):
 * per subject a few slides, each with a title, bullet lines and the diagram
 * drawn beside them. A lesson picks its subject by the words of its own title
 * first, then by its course's (topicsFor); the subjects themselves are in
 * lesson-slides-mcu.ts, lesson-slides-iot.ts and lesson-slides-analog.ts.
 */
import { ANALOG_TOPICS } from './lesson-slides-analog.ts';
import { IOT_TOPICS } from './lesson-slides-iot.ts';
import { MCU_TOPICS } from './lesson-slides-mcu.ts';

export type DiagramKind =
  | 'pwm'
  | 'uart'
  | 'spi'
  | 'i2c'
  | 'can'
  | 'bounce'
  | 'divider'
  | 'rc'
  | 'buck'
  | 'opamp'
  | 'blocks'
  | 'adc'
  | 'bode'
  | 'sine'
  | 'bars'
  | 'gantt'
  | 'smith';

/** A diagram: its kind, Latin labels (drawn in a dot font) and numbers some kinds use. */
export interface Diagram {
  kind: DiagramKind;
  labels?: string[];
  values?: number[];
}

export interface SlideText {
  title: string;
  bullets: string[];
  diagram: Diagram;
}

export interface Topic {
  key: string;
  /** Words in a lesson's or course's title that pick this subject (case-insensitive). */
  words: string[];
  slides: SlideText[];
}

const s = (title: string, bullets: string[], diagram: Diagram): SlideText => ({
  title,
  bullets,
  diagram,
});

export const TOPICS: Topic[] = [...MCU_TOPICS, ...IOT_TOPICS, ...ANALOG_TOPICS];

/** The slides for a title no subject matched: how any engineering lesson goes. */
export const GENERAL_TOPIC: Topic = {
  key: 'general',
  words: [],
  slides: [
    s(
      '从需求到方案',
      [
        '先写清指标：精度、功耗、成本与体积',
        '列出可选方案，用表格对比关键参数',
        '关键器件先做原型验证',
      ],
      { kind: 'blocks', labels: ['SPEC', 'DESIGN', 'PROTO', 'TEST'] },
    ),
    s(
      '调试方法',
      ['先测电源与时钟，再看信号', '一次只改一个变量并记录结果', '用示波器与逻辑分析仪对照时序'],
      { kind: 'pwm', values: [50] },
    ),
    s(
      '验证与复盘',
      [
        '高低温、上下电与长时间运行测试',
        '把问题现象、原因与改法写进文档',
        '下一版设计前先复核问题清单',
      ],
      { kind: 'bars', labels: ['WEEK1', 'WEEK2', 'WEEK3', 'WEEK4'], values: [8, 5, 3, 1] },
    ),
  ],
};

/**
 * The subjects a two-hour broadcast goes on to after its own: a seminar on DC-DC also covers the
 * loop, layout and linear regulators, so its slides do not come round again every few minutes.
 */
const RELATED: Record<string, string[]> = {
  buck: ['loop', 'emi', 'ldo'],
  adc: ['opamp', 'filter', 'ldo'],
  iot: ['rtos', 'spi', 'uart'],
  can: ['uart', 'arch', 'emi'],
  pwm: ['adc', 'loop', 'clock'],
  scope: ['emi', 'arch', 'uart'],
};

/**
 * The subjects of a lesson: those its own title names first, then its course's, else
 * GENERAL_TOPIC; `wide` (a broadcast) adds the subjects related to them.
 */
export function topicsFor(lessonTitle: string, courseTitle: string, wide = false): Topic[] {
  const match = (text: string) =>
    TOPICS.filter((t) => t.words.some((w) => text.toLowerCase().includes(w.toLowerCase())));
  const own = match(lessonTitle);
  const all = [...new Set([...own, ...match(courseTitle)])];
  if (wide)
    for (const t of [...all])
      for (const key of RELATED[t.key] ?? []) {
        const more = TOPICS.find((x) => x.key === key);
        if (more && !all.includes(more)) all.push(more);
      }
  return all.length ? all : [GENERAL_TOPIC];
}
