/**
 * 学习路线 (issue 28): the step kinds, the weekly plan's limits and the exact messages, shared
 * by the path page's island and the API (the plan's schema is in schemas.ts: no zod here).
 */

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
