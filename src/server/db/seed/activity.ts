/**
 * What the demo members have done, so the user centre has something to
 * show: orders (./orders.ts), completions, subscriptions, live
 * reservations, favourites, likes and comments, and how far they have read
 * some articles (issue 28), and what they said in the chat of the ended broadcasts
 * (issue 26, shown on the replay at its media time).
 */
import type { TargetType } from '../../../shared/constants.ts';
import type { SeededArticle } from './articles.ts';
import { findCourse, type SeededCourse } from './courses.ts';
import type { SeededMedia } from './media.ts';
import { seedOrders } from './orders.ts';
import { seedCoupons } from './coupons.ts';
import { seedVip } from './vip.ts';
import type { SeededUsers } from './users.ts';
import { insertRows, nth, shift, type SeedContext } from './util.ts';
import { scheduleLiveReminder } from '../../services/live/index.ts';
import { issueCertificate } from '../../services/learning/index.ts';
import { READING_LIMITS, readPercent } from '../../../shared/reading.ts';
import { REPLAY_CHAT } from './content/replay-chat.ts';
import {
  LESSON_QUESTIONS,
  LESSON_QUESTIONS_COURSE,
  LESSON_QUESTIONS_TEACHER,
} from './content/lesson-questions.ts';

export interface ActivityInput {
  users: SeededUsers;
  courses: SeededCourse[];
  articles: SeededArticle[];
  media: SeededMedia;
  columnIds: number[];
}

/**
 * Lesson progress behind the completions: the first `share` of each course's
 * lessons watched through, so 学习记录 and a course's 人学过 agree with them.
 */
async function seedProgress(
  ctx: SeedContext,
  plan: { userId: number; courseId: number; share: number; daysAgo: number }[],
): Promise<void> {
  const rows = [];
  for (const p of plan) {
    const lessons = await ctx.db
      .selectFrom('lessons')
      .select(['id', 'duration_seconds'])
      .where('course_id', '=', p.courseId)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
    const watched = lessons.slice(0, Math.max(1, Math.ceil(lessons.length * p.share)));
    rows.push(
      ...watched.map((l, i) => ({
        user_id: p.userId,
        lesson_id: l.id,
        course_id: p.courseId,
        position_seconds: l.duration_seconds,
        watched_ranges: JSON.stringify([[0, l.duration_seconds]]),
        watched_seconds: l.duration_seconds,
        completed: 1 as const,
        updated_at: shift(ctx.now, { days: -p.daysAgo, hours: -(watched.length - i) }),
      })),
    );
  }
  await insertRows(ctx, 'lesson_progress', rows);
}

/** The body's top-level blocks, as the article page counts paragraphs (its direct children). */
export function topBlocks(html: string): number {
  const VOID = new Set(['img', 'br', 'hr', 'input', 'source', 'col', 'wbr']);
  let depth = 0;
  let blocks = 0;
  for (const m of html.matchAll(/<(\/?)([a-z][a-z0-9]*)\b[^>]*?(\/?)>/gi)) {
    const name = m[2]!.toLowerCase();
    if (m[1]) depth = Math.max(0, depth - 1);
    else {
      if (depth === 0) blocks += 1;
      if (!VOID.has(name) && !m[3]) depth += 1;
    }
  }
  return blocks;
}

/**
 * Reading progress: each demo member is part way through one article and has read another to
 * the end, so 学习记录 lists articles and 继续学习 has something to offer.
 */
async function seedReading(ctx: SeedContext, input: ActivityInput): Promise<void> {
  const [m1, m2, m3] = input.users.memberIds;
  const plan = [
    { userId: m1, article: 0, share: 1, daysAgo: 12 },
    { userId: m1, article: 2, share: 0.4, daysAgo: 3 },
    { userId: m2, article: 1, share: 0.6, daysAgo: 20 },
    { userId: m3, article: 3, share: 1, daysAgo: 4 },
  ];
  const rows = [];
  for (const p of plan) {
    const id = nth(input.articles, p.article).id;
    const { content } = await ctx.db
      .selectFrom('articles')
      .select('content')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const count = topBlocks(content);
    const paragraph = Math.max(0, Math.min(count - 1, Math.round(count * p.share) - 1));
    const percent = readPercent(paragraph, count);
    rows.push({
      user_id: p.userId,
      article_id: id,
      paragraph,
      percent,
      finished: percent >= READING_LIMITS.finishedPercent ? 1 : 0,
      updated_at: shift(ctx.now, { days: -p.daysAgo }),
    });
  }
  await insertRows(ctx, 'article_progress', rows);
}

async function seedLearning(ctx: SeedContext, input: ActivityInput): Promise<void> {
  const [m1, m2, m3] = input.users.memberIds;
  const c = (t: string): number => findCourse(input.courses, t).id;
  // Practice results as the exam service's signed callbacks store them (exam_results, out of 100,
  // passed from 60), and 我的完成 keeps each course's best of them (completions, kind exam), as
  // services/learning/exam-results.ts does: the two never disagree.
  const attempts: { user: number; course: number; score: number; daysAgo: number }[] = [
    { user: m1, course: c('STM32F103 从零到项目'), score: 76, daysAgo: 9 },
    { user: m1, course: c('STM32F103 从零到项目'), score: 92, daysAgo: 8 },
    { user: m2, course: c('FreeRTOS'), score: 78, daysAgo: 15 },
    { user: m3, course: c('全国大学生电子设计竞赛'), score: 85, daysAgo: 5 },
  ];
  await insertRows(
    ctx,
    'exam_results',
    attempts.map((a, i) => {
      const at = shift(ctx.now, { days: -a.daysAgo });
      return {
        user_id: a.user,
        target_type: 'course' as const,
        target_id: a.course,
        attempt_id: `att_demo_${String(i + 1).padStart(4, '0')}`,
        score: a.score,
        total: 100,
        passed: a.score >= 60 ? 1 : 0,
        submitted_at: at,
        received_at: at,
      };
    }),
  );
  const best = new Map<string, { user: number; course: number; score: number; at: string }>();
  for (const a of attempts) {
    const key = `${a.user}:${a.course}`;
    const at = shift(ctx.now, { days: -a.daysAgo });
    if ((best.get(key)?.score ?? -1) < a.score)
      best.set(key, { user: a.user, course: a.course, score: a.score, at });
  }
  await insertRows(ctx, 'completions', [
    {
      user_id: m1,
      course_id: c('线性稳压器'),
      kind: 'course',
      score: null,
      completed_at: shift(ctx.now, { days: -50 }),
    },
    {
      user_id: m3,
      course_id: c('全国大学生电子设计竞赛'),
      kind: 'course',
      score: null,
      completed_at: shift(ctx.now, { days: -6 }),
    },
    ...[...best.values()].map((b) => ({
      user_id: b.user,
      course_id: b.course,
      kind: 'exam' as const,
      score: b.score,
      completed_at: b.at,
    })),
  ]);
  // Completed courses came with their certificates (learning/certificates.ts).
  for (const cert of [
    { user: m1, course: c('线性稳压器'), daysAgo: 50 },
    { user: m3, course: c('全国大学生电子设计竞赛'), daysAgo: 6 },
  ])
    await issueCertificate(ctx.db, cert.user, cert.course, shift(ctx.now, { days: -cert.daysAgo }));
  // The finished LDO course had its checks inside the lessons answered right (one at the second try).
  const ldoChecks = await ctx.db
    .selectFrom('lesson_checks as k')
    .innerJoin('lessons as l', 'l.id', 'k.lesson_id')
    .select(['k.id', 'k.kind', 'k.answer', 'k.options'])
    .where('l.course_id', '=', c('线性稳压器'))
    .orderBy('k.sort_order')
    .execute();
  await insertRows(
    ctx,
    'check_answers',
    ldoChecks.map((k, i) => {
      const answer = JSON.parse(k.answer) as { choices?: number[]; value?: number; unit?: string };
      return {
        user_id: m1,
        check_id: k.id,
        tries: i === 1 ? 2 : 1,
        correct: 1 as const,
        last_answer: answer.choices
          ? answer.choices.map((n) => String.fromCharCode(65 + n)).join('、')
          : `${Number(answer.value!.toPrecision(4))} ${answer.unit}`,
        updated_at: shift(ctx.now, { days: -50, hours: -(ldoChecks.length - i) }),
      };
    }),
  );
  await seedProgress(ctx, [
    // A finished course was watched to the end; an exam was taken after the first half.
    { userId: m1, courseId: c('线性稳压器'), share: 1, daysAgo: 50 },
    { userId: m1, courseId: c('STM32F103 从零到项目'), share: 0.5, daysAgo: 8 },
    { userId: m2, courseId: c('FreeRTOS'), share: 0.5, daysAgo: 15 },
    { userId: m3, courseId: c('全国大学生电子设计竞赛'), share: 1, daysAgo: 6 },
  ]);
  const cols = input.columnIds;
  await insertRows(ctx, 'subscriptions', [
    { user_id: m1, classify_id: nth(cols, 0), created_at: shift(ctx.now, { days: -90 }) },
    { user_id: m1, classify_id: nth(cols, 2), created_at: shift(ctx.now, { days: -60 }) },
    { user_id: m2, classify_id: nth(cols, 1), created_at: shift(ctx.now, { days: -40 }) },
    { user_id: m2, classify_id: nth(cols, 4), created_at: shift(ctx.now, { days: -38 }) },
    { user_id: m3, classify_id: nth(cols, 7), created_at: shift(ctx.now, { days: -19 }) },
  ]);
  const lives = input.media.liveIds;
  const form = (name: string, company: string, job: string, email: string): string =>
    JSON.stringify({ name, company, job, email });
  await insertRows(ctx, 'live_reservations', [
    {
      live_id: nth(lives, 2),
      user_id: m1,
      fields: form('王志强', '深圳市致芯科技有限公司', '硬件工程师', 'wangzq@example.com'),
      created_at: shift(ctx.now, { days: -2 }),
    },
    {
      live_id: nth(lives, 4),
      user_id: m1,
      fields: form('王志强', '深圳市致芯科技有限公司', '硬件工程师', 'wangzq@example.com'),
      created_at: shift(ctx.now, { hours: -20 }),
    },
    {
      live_id: nth(lives, 3),
      user_id: m2,
      fields: form('李晓雯', '杭州云联智能科技有限公司', '嵌入式软件工程师', ''),
      created_at: shift(ctx.now, { days: -1 }),
    },
    {
      live_id: nth(lives, 5),
      user_id: m2,
      fields: form('李晓雯', '杭州云联智能科技有限公司', '嵌入式软件工程师', ''),
      created_at: shift(ctx.now, { hours: -8 }),
    },
    {
      live_id: nth(lives, 4),
      user_id: m3,
      fields: form('张浩然', '华南理工大学', '学生', 'haoran.zhang@example.edu.cn'),
      created_at: shift(ctx.now, { hours: -3 }),
    },
  ]);
  // The first member asked for the SMS reminder of the next broadcast.
  await ctx.db
    .updateTable('live_reservations')
    .set({ sms_consent: 1 })
    .where('live_id', '=', nth(lives, 4))
    .where('user_id', '=', m1)
    .execute();
  // Reservations of broadcasts still to come have their reminder jobs, as reserving makes them.
  const upcoming = await ctx.db
    .selectFrom('live_reservations as r')
    .innerJoin('live_broadcasts as l', 'l.id', 'r.live_id')
    .select(['l.id', 'l.start_at', 'r.user_id'])
    .where('l.start_at', '>', ctx.now.toISOString())
    .execute();
  for (const r of upcoming) await scheduleLiveReminder(ctx.db, r, r.user_id, ctx.now);
}

async function seedSocial(ctx: SeedContext, input: ActivityInput): Promise<void> {
  const [m1, m2, m3] = input.users.memberIds;
  const c = (t: string): number => findCourse(input.courses, t).id;
  const ago = (hours: number): string => shift(ctx.now, { hours: -hours });
  // Reactions to an article come a few hours after it was published (every article is at least 17 h old).
  const onArticle = (t: string, hoursAfter: number): [TargetType, number, string] => {
    const found = input.articles.find((x) => x.title.startsWith(t));
    if (!found) throw new Error(`seed: no article titled ${t}…`);
    return ['article', found.id, shift(new Date(found.publishedAt), { hours: hoursAfter })];
  };
  const on = (type: TargetType, id: number, when: string): [TargetType, number, string] => [
    type,
    id,
    when,
  ];
  const { liveIds, liveEnds, videoIds, shortVideoIds } = input.media;
  type Mark = [number, [TargetType, number, string]];
  const marks = (list: Mark[]) =>
    list.map(([user_id, [target_type, target_id, created_at]]) => ({
      user_id,
      target_type,
      target_id,
      created_at,
    }));

  await insertRows(
    ctx,
    'favorites',
    marks([
      [m1, onArticle('LM317', 3)],
      [m1, onArticle('TPS5430', 5)],
      [m1, onArticle('Buck 变换器环路补偿', 2)],
      [m1, on('course', c('Buck 变换器设计'), ago(120))],
      [m1, on('live', nth(liveIds, 4), ago(20))],
      [m1, on('video', nth(videoIds, 3), ago(90))],
      [m1, on('shortvideo', nth(shortVideoIds, 0), ago(30))],
      [m2, onArticle('ESP32 Wi-Fi', 4)],
      [m2, onArticle('FreeRTOS 队列', 6)],
      [m2, on('course', c('ESP32 物联网开发'), ago(60))],
      [m2, on('shortvideo', nth(shortVideoIds, 2), ago(12))],
      [m3, on('course', c('全国大学生电子设计竞赛'), ago(400))],
      [m3, onArticle('Smith 圆图', 7)],
    ]),
  );
  await insertRows(
    ctx,
    'lauds',
    marks([
      [m1, onArticle('STM32F103 时钟树', 1)],
      [m1, onArticle('LM317', 3)],
      [m2, on('shortvideo', nth(shortVideoIds, 0), ago(10))],
      [m2, onArticle('ESP32 Wi-Fi', 4)],
      [m3, on('video', nth(videoIds, 9), ago(48))],
    ]),
  );
  const comments: [number, [TargetType, number, string], string][] = [
    [
      m1,
      onArticle('LM317', 2),
      '散热计算那部分很实用，之前一直忽略了 θJA 和实际铜皮面积的关系，样机上 LM317 烫手的问题终于找到原因了。',
    ],
    [
      m2,
      onArticle('LM317', 5),
      '请问调整端的 10 μF 电容，如果输出端短路会不会有放电风险？需要加保护二极管吗？',
    ],
    [
      m1,
      onArticle('LM317', 6),
      '@李晓雯 需要的，文中提到的保护二极管就是给调整端电容放电用的，输出短路时可以保护芯片。',
    ],
    [
      m2,
      onArticle('FreeRTOS 任务优先级', 8),
      '栈高水位这个方法太好用了，一下就定位到是 printf 占用了太多栈空间。',
    ],
    [m3, onArticle('Smith 圆图', 9), '终于看懂圆图上为什么串联电感是顺时针移动了，感谢作者！'],
    [
      m1,
      on('course', c('Buck 变换器设计'), ago(110)),
      '环路测量那节讲得非常清楚，照着做在自己的板子上测出了 52° 相位裕度。',
    ],
    [
      m3,
      on('course', c('全国大学生电子设计竞赛'), ago(100)),
      '备赛必看，老师总结的模块化准备思路让我们队省了不少时间。',
    ],
    [
      m2,
      on('live', nth(liveIds, 1), shift(new Date(nth(liveEnds, 1)), { hours: 2 })),
      '回放什么时候能上线？想再看一遍称重参考设计的演示部分。',
    ],
  ];
  await insertRows(
    ctx,
    'comments',
    comments.map(([user_id, [target_type, target_id, created_at], content]) => ({
      user_id,
      target_type,
      target_id,
      content,
      created_at,
      ip_region: input.users.memberRegions[input.users.memberIds.indexOf(user_id)] ?? null,
    })),
  );
}

export async function seedActivity(ctx: SeedContext, input: ActivityInput): Promise<void> {
  await seedOrders(ctx, input.users, input.courses);
  await seedCoupons(ctx, input.users, input.courses);
  await seedVip(ctx, input.courses);
  await seedLearning(ctx, input);
  await seedReading(ctx, input);
  await seedSocial(ctx, input);
  await seedReplayChat(ctx, input.users);
  await seedLessonQuestions(ctx, input.users);
}

/** 刘建国's own account is his courses' teacher; the questions on his STM32 lessons (课时问答). */
async function seedLessonQuestions(ctx: SeedContext, users: SeededUsers): Promise<void> {
  const teacher = await ctx.db
    .selectFrom('users')
    .select(['id', 'name'])
    .where('mobile', '=', LESSON_QUESTIONS_TEACHER)
    .executeTakeFirstOrThrow();
  await ctx.db
    .updateTable('courses')
    .set({ teacher_user_id: teacher.id })
    .where('teacher', '=', teacher.name)
    .execute();
  const lessons = await ctx.db
    .selectFrom('lessons as l')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .select(['l.id', 'l.title'])
    .where('c.title', 'like', `${LESSON_QUESTIONS_COURSE}%`)
    .execute();
  const lessonId = (title: string) => {
    const l = lessons.find((x) => x.title === title);
    if (!l) throw new Error(`seed: no lesson ${title}`);
    return l.id;
  };
  await insertRows(
    ctx,
    'comments',
    LESSON_QUESTIONS.map((q) => {
      const at = shift(ctx.now, { days: -q.daysAgo, hours: -3 });
      return {
        target_type: 'lesson',
        target_id: lessonId(q.lesson),
        user_id: nth(users.memberIds, q.member),
        content: q.content,
        created_at: at,
        ip_region: nth(users.memberRegions, q.member),
        reply: q.answer ?? null,
        reply_user_id: q.answer ? teacher.id : null,
        replied_at: q.answer ? shift(new Date(at), { hours: 5 }) : null,
        pinned: q.pinned ? 1 : 0,
        resolved: q.resolved ? 1 : 0,
      };
    }),
  );
}

/**
 * The chat of the ended broadcasts: each line at its second of the broadcast (its media time
 * on the replay), with the member's region, the host's answers and the members' votes; their
 * host is the demo moderator.
 */
async function seedReplayChat(ctx: SeedContext, users: SeededUsers): Promise<void> {
  // Their host (主持人), who answered: the demo moderator.
  const host = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', '13800138005')
    .where('role', '=', 'moderator')
    .executeTakeFirstOrThrow();
  for (const { live, lines } of REPLAY_CHAT) {
    const row = await ctx.db
      .selectFrom('live_broadcasts')
      .select(['id', 'start_at', 'end_at'])
      .where('title', '=', live)
      .executeTakeFirstOrThrow();
    if (row.end_at > ctx.now.toISOString()) throw new Error(`seed: ${live} has not ended`);
    await ctx.db
      .updateTable('live_broadcasts')
      .set({ host_id: host.id })
      .where('id', '=', row.id)
      .execute();
    const start = Date.parse(row.start_at);
    for (const l of lines) {
      const when = (seconds: number) => new Date(start + seconds * 1000).toISOString();
      const message = await ctx.db
        .insertInto('live_chat_messages')
        .values({
          live_id: row.id,
          user_id: nth(users.memberIds, l.member),
          kind: l.kind,
          content: l.content,
          status: 'visible',
          media_seconds: l.at,
          votes: l.voters?.length ?? 0,
          answer: l.answer ?? null,
          answered_at: l.answer ? when(l.at + 120) : null,
          pinned: l.pinned ? 1 : 0,
          created_at: when(l.at),
          ip_region: nth(users.memberRegions, l.member),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (l.voters?.length)
        await insertRows(
          ctx,
          'live_chat_votes',
          l.voters.map((v, i) => ({
            message_id: message.id,
            user_id: nth(users.memberIds, v),
            created_at: when(l.at + 30 + i * 10),
          })),
        );
    }
    ctx.counts.live_chat_messages = (ctx.counts.live_chat_messages ?? 0) + lines.length;
  }
}
