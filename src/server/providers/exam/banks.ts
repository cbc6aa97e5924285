/**
 * The demo exam service's question banks: one per exam-enabled seeded course,
 * keyed by the course's title, then topic banks picked from the title for
 * other subjects (live broadcasts), then a general bank.
 */
import { BUCK, DIANSAI, GENERAL, OPAMP } from './banks-analog.ts';
import { FREERTOS, RUANKAO, STM32F103 } from './banks-mcu.ts';
import type { Question } from './types.ts';

export type { Question } from './types.ts';
export { GENERAL };

/** Course title (as seeded) → its own bank. */
export const COURSE_BANKS: Record<string, Question[]> = {
  'STM32F103 从零到项目：寄存器与 HAL 库双线教学': STM32F103,
  'FreeRTOS 内核原理与实战': FREERTOS,
  'Buck 变换器设计与环路补偿实战': BUCK,
  运算放大器应用与稳定性分析: OPAMP,
  全国大学生电子设计竞赛备赛指南: DIANSAI,
  '嵌入式系统设计师（软考中级）冲刺课': RUANKAO,
};

/** Topic banks for other subjects, first match wins. */
const TOPICS: { match: RegExp; questions: Question[] }[] = [
  { match: /软考|系统设计师/, questions: RUANKAO },
  { match: /电赛|电子设计竞赛/, questions: DIANSAI },
  { match: /RTOS/, questions: FREERTOS },
  { match: /电源|Buck|DC-DC|环路补偿/, questions: BUCK },
  { match: /运放|运算放大器|信号链/, questions: OPAMP },
  { match: /STM32|GD32|单片机|32 位 MCU/, questions: STM32F103 },
];

export function questionsFor(title: string): Question[] {
  return (
    COURSE_BANKS[title.trim()] ?? TOPICS.find((t) => t.match.test(title))?.questions ?? GENERAL
  );
}
