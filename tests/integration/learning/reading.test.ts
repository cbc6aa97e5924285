/**
 * Reading progress and 继续学习 (issue 28) through the real app, on SQLite and PostgreSQL:
 * the furthest paragraph wins whatever order reports come in (in parallel too, as from two
 * tabs), bad input changes nothing, and 继续学习 answers the newest unfinished article at its
 * paragraph or lesson at its second (the next lesson once one was watched to the end).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContinueItem, ReadingProgress } from '../../../src/server/services/learning/index.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let articles: number[];
let course: { id: number; title: string; lessons: { id: number; title: string }[] };

beforeAll(async () => {
  rt = await createTestRuntime();
  articles = (
    await rt.db
      .selectFrom('articles')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .limit(3)
      .execute()
  ).map((a) => a.id);
  const free = await rt.db
    .selectFrom('courses')
    .select(['id', 'title'])
    .where('published', '=', 1)
    .where('price_cents', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  // Lessons of 12 s from a remote stream, whose length is the catalogue's.
  await rt.db
    .updateTable('lessons')
    .set({ duration_seconds: 12, video_url: 'https://media.example.com/demo/lesson-12s.m3u8' })
    .where('course_id', '=', free.id)
    .execute();
  const lessons = await rt.db
    .selectFrom('lessons')
    .select(['id', 'title'])
    .where('course_id', '=', free.id)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
  course = { ...free, lessons };
});
afterAll(async () => {
  await rt.close();
});

let phones = 0;
/** A member registered just now through the code login, with nothing read or watched. */
async function newMember(): Promise<string> {
  phones += 1;
  return (await codeLogin(rt, `1390013${String(phones).padStart(4, '0')}`)).token;
}

const report = (
  token: string,
  articleId: number,
  paragraph: number | string,
  percent: number | string,
) =>
  call<ReadingProgress>(rt, '/api/reading/progress', {
    token,
    form: { articleId: String(articleId), paragraph: String(paragraph), percent: String(percent) },
  });

const progressOf = (token: string, articleId: number) =>
  call<{ progress: ReadingProgress | null }>(rt, `/api/reading/progress?articleId=${articleId}`, {
    token,
  });

const continueOf = async (token: string) =>
  (await call<{ item: ContinueItem | null }>(rt, '/api/learning/continue', { token })).body;

const rows = () => rt.db.selectFrom('article_progress').selectAll().execute();

describe('POST /api/reading/progress', () => {
  it('needs a login and stores nothing for a visitor', async () => {
    const before = (await rows()).length;
    const res = await call(rt, '/api/reading/progress', {
      form: { articleId: String(articles[0]), paragraph: '3', percent: '30' },
    });
    expect(res.body.code).toBe(401);
    expect((await call(rt, '/api/learning/continue')).body.code).toBe(401);
    expect((await rows()).length).toBe(before);
  });

  it('keeps the furthest paragraph, the latest time, and finished once finished', async () => {
    const token = await newMember();
    const first = await report(token, articles[0]!, 10, 50);
    expect(first.body).toMatchObject({
      code: 200,
      message: '阅读进度已保存',
      data: { articleId: articles[0], paragraph: 10, percent: 50, finished: false },
    });
    rt.clock.advance(60_000);
    const back = await report(token, articles[0]!, 3, 15);
    expect(back.body.data).toMatchObject({ paragraph: 10, percent: 50, finished: false });
    expect(back.body.data.updatedAt > first.body.data.updatedAt).toBe(true);

    const end = await report(token, articles[0]!, 19, 100);
    expect(end.body.data).toMatchObject({ paragraph: 19, percent: 100, finished: true });
    const reread = await report(token, articles[0]!, 0, 5);
    expect(reread.body.data).toMatchObject({ paragraph: 19, percent: 100, finished: true });
    expect((await progressOf(token, articles[0]!)).body.data.progress).toMatchObject({
      paragraph: 19,
      finished: true,
    });
    expect((await progressOf(token, articles[1]!)).body.data.progress).toBeNull();
  });

  it('keeps the furthest of parallel reports from two tabs, in one row', async () => {
    const token = await newMember();
    const paragraphs = Array.from({ length: 24 }, (_, i) => i).sort(() => Math.random() - 0.5);
    const answers = await Promise.all(
      paragraphs.map((p) => report(token, articles[1]!, p, Math.round(((p + 1) / 40) * 100))),
    );
    expect(answers.every((a) => a.body.code === 200)).toBe(true);
    const stored = (await rows()).filter((r) => r.article_id === articles[1]);
    const mine = stored.filter((r) => Number(r.paragraph) === 23);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ percent: 60, finished: 0 });
    expect((await progressOf(token, articles[1]!)).body.data.progress).toMatchObject({
      paragraph: 23,
      percent: 60,
      finished: false,
    });
  });

  it('refuses bad positions and missing articles with their own messages, storing nothing', async () => {
    const token = await newMember();
    const before = (await rows()).length;
    const cases: [number, string, string, number, string][] = [
      [articles[2]!, '3', '101', 400, '阅读进度应为0到100之间的整数'],
      [articles[2]!, '3', '-1', 400, '阅读进度应为0到100之间的整数'],
      [articles[2]!, '3', '2.5', 400, '阅读进度应为0到100之间的整数'],
      [articles[2]!, '-1', '10', 400, '段落位置无效'],
      [articles[2]!, '5001', '10', 400, '段落位置无效'],
      [articles[2]!, 'abc', '10', 400, '段落位置无效'],
      [987_654, '3', '10', 404, '文章不存在或已下线'],
    ];
    for (const [articleId, paragraph, percent, code, message] of cases) {
      const res = await report(token, articleId, paragraph, percent);
      expect(res.body, `${paragraph}/${percent}`).toMatchObject({ code, message });
    }
    const pending = await rt.db
      .selectFrom('articles')
      .select('id')
      .where('status', '!=', 'published')
      .executeTakeFirst();
    if (pending)
      expect((await report(token, pending.id, 1, 10)).body).toMatchObject({
        code: 404,
        message: '文章不存在或已下线',
      });
    expect((await rows()).length).toBe(before);
  });
});

describe('GET /api/learning/continue', () => {
  it('answers the newest unfinished article at its paragraph, or lesson at its second', async () => {
    const token = await newMember();
    expect(await continueOf(token)).toMatchObject({ code: 200, data: { item: null } });

    await report(token, articles[0]!, 7, 35);
    expect((await continueOf(token)).data.item).toMatchObject({
      kind: 'article',
      url: `/article/${articles[0]}#p-7`,
      percent: 35,
      courseTitle: null,
      seconds: null,
    });

    // A lesson watched later comes first, at its second.
    rt.clock.advance(60_000);
    const [l1, l2] = course.lessons;
    const key = await call<{ key: string }>(rt, '/api/duration/key', {
      token,
      form: { lessonId: String(l1!.id) },
    });
    expect(key.body.code).toBe(200);
    // A report may not claim more media time than has passed since the last one.
    const watch = (from: number, to: number) => (
      rt.clock.advance((to - from) * 1000),
      call(rt, '/api/duration/add', {
        token,
        form: { key: key.body.data.key, from: String(from), to: String(to), position: String(to) },
      })
    );
    expect((await watch(0, 5)).body.code).toBe(200);
    expect((await continueOf(token)).data.item).toMatchObject({
      kind: 'lesson',
      title: l1!.title,
      courseTitle: course.title,
      url: `/course/${course.id}#lesson=${l1!.id}&t=5`,
      seconds: 5,
      percent: 42,
    });

    // Watched to the end: the course's next lesson, from its start.
    rt.clock.advance(60_000);
    expect((await watch(5, 12)).body.code).toBe(200);
    expect((await continueOf(token)).data.item).toMatchObject({
      kind: 'lesson',
      title: l2!.title,
      url: `/course/${course.id}#lesson=${l2!.id}&t=0`,
      seconds: 0,
    });

    // Reading again puts the article first; finishing it leaves the lesson.
    rt.clock.advance(60_000);
    await report(token, articles[0]!, 9, 45);
    expect((await continueOf(token)).data.item).toMatchObject({
      kind: 'article',
      url: `/article/${articles[0]}#p-9`,
    });
    rt.clock.advance(60_000);
    await report(token, articles[0]!, 20, 100);
    expect((await continueOf(token)).data.item).toMatchObject({ kind: 'lesson', seconds: 0 });
  });

  it('is never cached', async () => {
    const token = await newMember();
    const res = await call(rt, '/api/learning/continue', { token });
    expect(res.headers.get('cache-control')).toContain('no-store');
  });
});
