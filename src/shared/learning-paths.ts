/**
 * 学习路线 (issue 28): the step kinds, the weekly plan's limits, the exact messages and the one
 * schema of a plan, shared by the path page's island and the API.
 */
import { z } from 'zod';

export const PATH_STEP_KINDS = ['article', 'lesson', 'replay', 'tool', 'resource'] as const;
export type PathStepKind = (typeof PATH_STEP_KINDS)[number];

/** How each kind is named on the page and in the console. */
export const PATH_STEP_LABEL: Record<PathStepKind, string> = {
  article: '文章',
  lesson: '课时',
  replay: '直播回放',
  tool: '工具',
  resource: '资料下载',
};

/** ISO weekdays, 1 = 周一 … 7 = 周日. */
export const WEEKDAYS = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;

export const PLAN_LIMITS = { minSteps: 1, maxSteps: 20 } as const;

export const PATH_MSG = {
  missing: '学习路线不存在',
  stepMissing: '该步骤不存在',
  notJoined: '请先加入该学习路线',
  joined: '已加入学习路线',
  left: '已退出学习路线',
  planSaved: '学习计划已保存',
  marked: '已标记为完成',
  unmarked: '已取消完成标记',
  markByProgress: '文章和课时的完成情况来自学习记录，无需手动标记',
  daysEmpty: '请至少选择一个学习日',
  dayInvalid: '学习日须为周一到周日',
  stepsInvalid: '每周步数须为1到20之间的整数',
  title: '请填写路线名称（1到50个字）',
  summary: '简介最多500个字',
  level: '级别最多10个字',
  status: '状态须为已发布或草稿',
  steps: '请填写路线步骤（1到50步）',
  stepKind: '步骤类型须为文章、课时、直播回放、工具或资料下载',
  stepTarget: '请填写步骤目标编号（正整数）',
  stepNote: '步骤说明最多200个字',
  targetMissing: (n: number) => `第${n}步的目标不存在`,
} as const;

/** Study days as a form sends them: '1,3,5' or [1, 3, 5] → [1, 3, 5] (sorted, once each). */
export const studyDaysSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v),
  z
    .array(
      z.coerce
        .number({ error: PATH_MSG.dayInvalid })
        .int(PATH_MSG.dayInvalid)
        .min(1, PATH_MSG.dayInvalid)
        .max(7, PATH_MSG.dayInvalid),
      { error: PATH_MSG.daysEmpty },
    )
    .min(1, PATH_MSG.daysEmpty)
    .max(7, PATH_MSG.dayInvalid)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
);

/** The weekly plan a member sets: study days and steps per week (1–20). */
export const planSchema = z.object({
  days: studyDaysSchema,
  stepsPerWeek: z.coerce
    .number({ error: PATH_MSG.stepsInvalid })
    .int(PATH_MSG.stepsInvalid)
    .min(PLAN_LIMITS.minSteps, PATH_MSG.stepsInvalid)
    .max(PLAN_LIMITS.maxSteps, PATH_MSG.stepsInvalid),
});
export type PlanInput = z.infer<typeof planSchema>;
