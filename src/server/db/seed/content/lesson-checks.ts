/**
 * The demo's checks inside lessons (课内练习, issue 28): the LDO course asks one question per
 * lesson, of the lesson's own matter: the pass element, the LM317 output (a number within ±1 %,
 * asked at 1:30 while the lesson works the formula), ripple rejection, and the pass element's
 * dissipation.
 */
import type { CheckKind } from '../../../../shared/lesson-checks.ts';

export interface CheckData {
  course: string;
  /** Index of the lesson in the course's list. */
  lesson: number;
  kind: CheckKind;
  prompt: string;
  options?: string[];
  answer: { choices: number[] } | { value: number; unit: string; tolerance: number };
  explanation: string;
  atSeconds: number | null;
}

export const LESSON_CHECKS: CheckData[] = [
  {
    course: '线性稳压器与 LDO 应用入门',
    lesson: 0,
    kind: 'single',
    prompt: '线性稳压器中，哪个部件通过改变自身压降来稳定输出电压？',
    options: ['误差放大器', '调整管（导通管）', '基准电压源', '反馈电阻分压器'],
    answer: { choices: [1] },
    explanation:
      '误差放大器比较反馈电压与基准电压并驱动调整管；调整管工作在线性区，承受输入与输出之间的压差，压差的变化抵消了输入和负载的变化。',
    atSeconds: null,
  },
  {
    course: '线性稳压器与 LDO 应用入门',
    lesson: 1,
    kind: 'numeric',
    prompt:
      'LM317 的基准电压为 1.25 V。R1 = 240 Ω 接在 OUT 与 ADJ 之间，R2 = 332 Ω 接在 ADJ 与地之间，忽略 ADJ 端电流，输出电压 Vout 是多少？（允许 ±1% 误差）',
    answer: { value: 1.25 * (1 + 332 / 240), unit: 'V', tolerance: 1 },
    explanation: 'Vout = 1.25 V × (1 + R2 / R1) = 1.25 V × (1 + 332 / 240) ≈ 2.979 V。',
    atSeconds: 90,
  },
  {
    course: '线性稳压器与 LDO 应用入门',
    lesson: 2,
    kind: 'multiple',
    prompt: '下列哪些做法有助于 LDO 抑制输入端的纹波？（多选）',
    options: [
      '保留足够的输入输出压差，避免进入压差区',
      '选择在纹波频率处 PSRR 更高的器件',
      '去掉输出电容以加快环路响应',
      '在 LDO 前级加 LC 或 RC 滤波',
    ],
    answer: { choices: [0, 1, 3] },
    explanation:
      '压差不足时调整管退出线性区，PSRR 急剧下降；PSRR 随频率变化，需看纹波频率处的指标；前级滤波直接降低纹波。输出电容关系到环路稳定性，不能随意去掉。',
    atSeconds: null,
  },
  {
    course: '线性稳压器与 LDO 应用入门',
    lesson: 3,
    kind: 'numeric',
    prompt:
      '输入 12 V、输出 5 V、负载电流 0.5 A 时，线性稳压器调整管上的功耗约为多少？（单位 W，允许 ±2% 误差）',
    answer: { value: 3.5, unit: 'W', tolerance: 2 },
    explanation: 'P = (Vin − Vout) × Iout = (12 V − 5 V) × 0.5 A = 3.5 W，还需据此核算结温与散热。',
    atSeconds: null,
  },
];
