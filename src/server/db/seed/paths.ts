/**
 * 学习路线 (issue 28): the demo path 电源设计入门 → 进阶 (articles, lessons of the LDO and Buck
 * courses, the DC-DC seminar's replay, the LDO power tool and the loop-compensation sheet) and
 * an MCU path; the main demo member (13800138001) is on the power path with a plan, the first
 * article read to the end and the tool marked done.
 */
import type { PathStepKind } from '../../../shared/learning-paths.ts';
import { topBlocks } from './activity.ts';
import { insertReturningIds, insertRows, shift, type Row, type SeedContext } from './util.ts';

type StepSpec = [PathStepKind, string, string];

const PATHS: { title: string; summary: string; level: string; steps: StepSpec[] }[] = [
  {
    title: '电源设计入门 → 进阶',
    level: '入门',
    summary:
      '从线性稳压器讲到开关电源：先选对 LDO 还是 DC-DC，再算 LDO 的功耗与稳定性，最后进入 Buck 的环路补偿与 PCB 布局，配合研讨会回放和补偿计算表动手练。',
    steps: [
      ['article', 'LDO 与 DC-DC 怎么选', '先建立选型的全局观'],
      ['lesson', '线性稳压器与 LDO', '第一节课：线性稳压器的结构'],
      ['article', 'LM317 可调稳压电路设计与散热计算', ''],
      ['tool', 'LDO 功耗计算', '用工具算一遍你板子上的 LDO 功耗'],
      ['article', 'LDO 的 PSRR 与输出电容稳定性', ''],
      ['lesson', 'Buck 变换器设计', '进入开关电源：伏秒平衡'],
      ['article', 'Buck 变换器环路补偿：Type II 与 Type III 补偿网络设计', ''],
      ['replay', '高效率 DC-DC 设计研讨会', '看回放，记下 EMI 优化的要点'],
      ['resource', '《开关电源环路补偿计算表》', '下载计算表，复算一次补偿网络'],
      ['article', 'Buck 电路 PCB 布局：热回路最小化', '收尾：布局决定成败'],
    ],
  },
  {
    title: 'STM32 单片机上手路线',
    level: '入门',
    summary:
      '从时钟树、GPIO 到定时器与 DMA，配合 STM32F103 课程和参考手册，走完一个 MCU 项目的基础。',
    steps: [
      ['article', 'STM32F103 时钟树配置详解', ''],
      ['lesson', 'STM32F103 从零到项目', ''],
      ['article', 'STM32 GPIO 八种模式怎么选', ''],
      ['article', 'STM32F103 定时器 PWM 输出与死区插入实战', ''],
      ['resource', '《STM32F103 参考手册中文版》', '遇到寄存器问题时查阅'],
      ['article', '用 DMA 搬运 ADC 数据', ''],
    ],
  },
];

/** The id of a step's target, found by the start of its title (a lesson: its course's first). */
async function targetId(ctx: SeedContext, [kind, title]: StepSpec): Promise<number> {
  const like = `${title}%`;
  const db = ctx.db;
  const row =
    kind === 'article'
      ? await db
          .selectFrom('articles')
          .select('id')
          .where('title', 'like', like)
          .where('status', '=', 'published')
          .executeTakeFirst()
      : kind === 'lesson'
        ? await db
            .selectFrom('lessons')
            .innerJoin('courses', 'courses.id', 'lessons.course_id')
            .select('lessons.id as id')
            .where('courses.title', 'like', like)
            .orderBy('lessons.sort_order')
            .orderBy('lessons.id')
            .executeTakeFirst()
        : kind === 'replay'
          ? await db
              .selectFrom('live_broadcasts')
              .select('id')
              .where('title', 'like', like)
              .executeTakeFirst()
          : kind === 'tool'
            ? await db
                .selectFrom('learning_tools')
                .select('id')
                .where('name', 'like', like)
                .executeTakeFirst()
            : await db
                .selectFrom('resources')
                .select('id')
                .where('title', 'like', like)
                .executeTakeFirst();
  if (!row) throw new Error(`seed: no ${kind} titled ${title}…`);
  return row.id;
}

export async function seedLearningPaths(ctx: SeedContext, memberId: number): Promise<void> {
  const at = shift(ctx.now, { days: -30 });
  const pathIds = await insertReturningIds(
    ctx,
    'learning_paths',
    'title',
    PATHS.map((p, i) => ({
      title: p.title,
      summary: p.summary,
      level: p.level,
      sort_order: i,
      status: 'published' as const,
      created_at: at,
      updated_at: at,
    })),
  );
  const steps: Row<'learning_path_steps'>[] = [];
  for (const [i, p] of PATHS.entries())
    for (const [pos, s] of p.steps.entries())
      steps.push({
        path_id: pathIds[i]!,
        position: pos + 1,
        kind: s[0],
        target_id: await targetId(ctx, s),
        note: s[2],
      });
  await insertRows(ctx, 'learning_path_steps', steps);

  const power = pathIds[0]!;
  await insertRows(ctx, 'learning_path_members', [
    {
      path_id: power,
      user_id: memberId,
      study_days: '1,3,5',
      steps_per_week: 3,
      joined_at: shift(ctx.now, { days: -14 }),
    },
  ]);
  // Done so far: the first article read to the end (unless the activity seed has them reading
  // it already) and the tool opened and marked done yesterday.
  const firstArticle = steps[0]!.target_id;
  const reading = await ctx.db
    .selectFrom('article_progress')
    .select('id')
    .where('user_id', '=', memberId)
    .where('article_id', '=', firstArticle)
    .executeTakeFirst();
  const { content } = await ctx.db
    .selectFrom('articles')
    .select('content')
    .where('id', '=', firstArticle)
    .executeTakeFirstOrThrow();
  if (!reading)
    await insertRows(ctx, 'article_progress', [
      {
        user_id: memberId,
        article_id: firstArticle,
        paragraph: Math.max(0, topBlocks(content) - 1),
        percent: 100,
        finished: 1,
        updated_at: shift(ctx.now, { days: -10 }),
      },
    ]);
  const tool = await ctx.db
    .selectFrom('learning_path_steps')
    .select('id')
    .where('path_id', '=', power)
    .where('kind', '=', 'tool')
    .executeTakeFirstOrThrow();
  await insertRows(ctx, 'learning_path_marks', [
    { step_id: tool.id, user_id: memberId, done_at: shift(ctx.now, { days: -1 }) },
  ]);
}
