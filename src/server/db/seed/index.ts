/**
 * The demo content: accounts, partners, catalogue, articles, media, notices,
 * ads and some member activity. Deterministic (the same rows on every run,
 * with times relative to `now`) and written in one transaction through
 * Kysely only, so it works on SQLite and PostgreSQL alike.
 */
import type { Database } from '../database.ts';
import { seedActivity } from './activity.ts';
import { seedAds } from './ads.ts';
import { seedArticles } from './articles.ts';
import { seedCompanies } from './companies.ts';
import { seedCatalogue } from './courses.ts';
import { seedLessonChecks } from './checks.ts';
import { seedMedia } from './media.ts';
import { seedLearningPaths } from './paths.ts';
import { seedChallenges } from './challenges.ts';
import { seedTraffic } from './traffic.ts';
import { seedAuditTrail } from './audit.ts';
import { seedLearningTools, seedModerationWords, seedNotices, seedResources } from './site.ts';
export { storeDemoResourceFiles } from './site.ts';
import { hashDemoPasswords, seedUsers } from './users.ts';
import { nth, type SeedContext } from './util.ts';

export { DEMO_PASSWORD } from './users.ts';

export interface SeedResult {
  seeded: boolean;
  /** Rows written per table; empty when nothing was seeded. */
  counts: Record<string, number>;
}

/** The demo article written by member 1 (the rest are editorial or by partners). */
const MEMBER_ARTICLE = '反接保护与理想二极管：从肖特基到 PMOS';

async function hasUsers(db: Database): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Fills an empty database with the demo content; does nothing when content exists. */
export async function seed(db: Database, opts: { now: Date }): Promise<SeedResult> {
  if (await hasUsers(db)) return { seeded: false, counts: {} };
  // scrypt is deliberately slow: hash before the transaction so it holds no lock meanwhile.
  const hashes = await hashDemoPasswords();

  return db.transaction().execute(async (trx) => {
    // Checked again inside the transaction in case another process seeded meanwhile.
    if (await hasUsers(trx)) return { seeded: false, counts: {} };
    const ctx: SeedContext = { db: trx, now: opts.now, counts: {} };

    const users = await seedUsers(ctx, hashes);
    const companies = await seedCompanies(ctx);
    const catalogue = await seedCatalogue(ctx);
    await seedLessonChecks(ctx, catalogue.courses);
    const articles = await seedArticles(ctx, companies, {
      title: MEMBER_ARTICLE,
      userId: users.memberIds[0],
      name: users.memberNames[0],
      region: users.memberRegions[0],
    });
    const media = await seedMedia(ctx, companies, catalogue.columnIds);
    await seedNotices(ctx, users.memberIds[0]);
    await seedResources(ctx, companies);
    await seedLearningTools(ctx);
    await seedModerationWords(ctx);
    // Issue 11: the DC-DC seminar (its replay) and the loop-compensation sheet come with the paid Buck course.
    const buckCourse = await ctx.db
      .selectFrom('courses')
      .select('id')
      .where('title', 'like', 'Buck 变换器设计与环路补偿实战%')
      .executeTakeFirstOrThrow();
    await ctx.db
      .updateTable('live_broadcasts')
      .set({ course_id: buckCourse.id })
      .where('title', 'like', '高效率 DC-DC 设计研讨会%')
      .execute();
    await ctx.db
      .updateTable('resources')
      .set({ course_id: buckCourse.id })
      .where('title', '=', '《开关电源环路补偿计算表》')
      .execute();

    // Issue 15: courses a partner company offers appear in its zone.
    const COURSE_COMPANY: [string, number][] = [
      ['STM32F103 从零到项目', 0],
      ['STM32F103 开发板套件', 0],
      ['Buck 变换器设计', 2],
      ['线性稳压器与 LDO', 2],
      ['运算放大器应用', 1],
      ['ESP32 物联网开发', 8],
      ['LoRa 低功耗广域网', 8],
      ['射频电路与天线匹配', 3],
    ];
    // Partners whose articles are not among the classify rotation (articles.ts) get theirs here.
    const ARTICLE_COMPANY: [string, number][] = [
      ['IMU 姿态解算', 7],
      ['振动传感器加机器学习', 7],
      ['TPS5430 降压电路设计：电感与输出电容选型', 9],
    ];
    for (const [titleStart, company] of ARTICLE_COMPANY)
      await ctx.db
        .updateTable('articles')
        .set({ company_id: nth(companies, company).id })
        .where('title', 'like', `${titleStart}%`)
        .execute();
    for (const [titleStart, company] of COURSE_COMPANY)
      await ctx.db
        .updateTable('courses')
        .set({ company_id: nth(companies, company).id })
        .where('title', 'like', `${titleStart}%`)
        .execute();

    const courseId = (titleStart: string): number => {
      const c = catalogue.courses.find((x) => x.title.startsWith(titleStart));
      if (!c) throw new Error(`seed: no course titled ${titleStart}…`);
      return c.id;
    };
    await seedAds(ctx, {
      companies,
      buckCourseId: courseId('Buck 变换器设计'),
      interviewCourseId: courseId('硬件工程师面试'),
      aiLiveId: nth(media.liveIds, 2),
    });
    await seedActivity(ctx, {
      users,
      courses: catalogue.courses,
      articles,
      media,
      columnIds: catalogue.columnIds,
    });
    await seedLearningPaths(ctx, users.memberIds[0]);
    await seedChallenges(ctx, users.memberIds);
    await seedTraffic(ctx, {
      articleIds: articles.filter((a) => a.publishedAt <= ctx.now.toISOString()).map((a) => a.id),
      courseIds: catalogue.courses.map((c) => c.id),
      liveIds: media.liveIds,
      memberIds: users.memberIds,
    });
    await seedAuditTrail(ctx, users.adminId);

    return { seeded: true, counts: ctx.counts };
  });
}
