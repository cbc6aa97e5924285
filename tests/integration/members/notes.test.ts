/**
 * Notes and bookmarks (issue 23) through the real app on a seeded database: a note at a
 * lesson's second, a bookmark, an article highlight; the limits with their Chinese messages and
 * nothing stored; gating (a locked lesson, an unpublished article); another member's notes
 * neither listed nor changed; the per-item limit under parallel adds; the user centre's list
 * with its links back; the Markdown export.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let a: string;
let b: string;
let memberA: number;
let freeCourse: number;
let freeLesson: number;
let paidCourse: number;
let lockedLesson: number;
let articleId: number;

interface Note {
  id: number;
  targetType: string;
  targetId: number;
  atSeconds: number | null;
  quote: string | null;
  paragraph: number | null;
  body: string;
}
interface MyNote extends Note {
  title: string;
  courseTitle: string | null;
  url: string;
}

beforeAll(async () => {
  rt = await createTestRuntime();
  a = await rt.tokenFor(DEMO.members[0]);
  b = await rt.tokenFor(DEMO.members[1]);
  memberA = await rt.userId(DEMO.members[0]);
  const lessonOf = async (free: boolean) =>
    rt.db
      .selectFrom('lessons as l')
      .innerJoin('courses as c', 'c.id', 'l.course_id')
      .select(['l.id', 'c.id as course_id'])
      .where('c.published', '=', 1)
      .where('c.price_cents', free ? '=' : '>', 0)
      .$if(!free, (q) => q.where('l.free_preview', '=', 0))
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('entitlements as e')
              .select('e.id')
              .whereRef('e.course_id', '=', 'c.id')
              .where('e.user_id', '=', memberA),
          ),
        ),
      )
      .orderBy('l.id')
      .executeTakeFirstOrThrow();
  const free = await lessonOf(true);
  freeCourse = free.course_id;
  freeLesson = free.id;
  const locked = await lessonOf(false);
  paidCourse = locked.course_id;
  lockedLesson = locked.id;
  articleId = (
    await rt.db
      .selectFrom('articles')
      .select('id')
      .where('status', '=', 'published')
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await rt.close();
});

const add = (form: Record<string, string>, token = a) =>
  rt.post<Note>('/api/note/add', form, token);
const stored = () => rt.db.selectFrom('member_notes').selectAll().orderBy('id').execute();
const lessonNote = (extra: Record<string, string>) => ({
  targetType: 'lesson',
  targetId: String(freeLesson),
  ...extra,
});

describe('adding notes', () => {
  it('saves a note at a lesson second and a bookmark, and lists them by second', async () => {
    const res = await add(lessonNote({ atSeconds: '83', body: '  这里讲了上拉电阻  ' }));
    expect(res.body).toMatchObject({
      code: 200,
      message: '笔记已保存',
      data: { targetType: 'lesson', targetId: freeLesson, atSeconds: 83, body: '这里讲了上拉电阻' },
    });
    const mark = await add(lessonNote({ atSeconds: '20', body: '', bookmark: '1' }));
    expect(mark.body).toMatchObject({ code: 200, message: '书签已添加', data: { body: '' } });
    const row = (await stored()).find((r) => r.id === res.body.data.id)!;
    expect(row).toMatchObject({ user_id: memberA, target_type: 'lesson', at_seconds: 83 });
    const list = await rt.get<{ list: Note[] }>(
      `/api/note/list?targetType=lesson&targetId=${freeLesson}`,
      a,
    );
    expect(list.body.data.list.map((n) => [n.atSeconds, n.body])).toEqual([
      [20, ''],
      [83, '这里讲了上拉电阻'],
    ]);
  });

  it('saves an article highlight with its quote and paragraph', async () => {
    const res = await add({
      targetType: 'article',
      targetId: String(articleId),
      quote: '示波器的带宽',
      paragraph: '2',
      body: '重点',
    });
    expect(res.body).toMatchObject({
      code: 200,
      message: '划线已保存',
      data: { quote: '示波器的带宽', paragraph: 2, atSeconds: null, body: '重点' },
    });
  });

  it('refuses bad input with its message and stores nothing', async () => {
    const before = (await stored()).length;
    const cases: [Record<string, string>, string | undefined, string][] = [
      [lessonNote({ atSeconds: '1', body: '长'.repeat(1001) }), a, '笔记内容不能超过1000字'],
      [lessonNote({ atSeconds: '1', body: '   ' }), a, '请填写笔记内容'],
      [lessonNote({ body: 'x' }), a, '笔记时间无效'],
      [lessonNote({ atSeconds: '-3', body: 'x' }), a, '笔记时间无效'],
      [lessonNote({ atSeconds: '1.5', body: 'x' }), a, '笔记时间无效'],
      [{ targetType: 'comment', targetId: '1', atSeconds: '1', body: 'x' }, a, '笔记对象类型无效'],
      [
        { targetType: 'article', targetId: String(articleId), paragraph: '0', body: 'x' },
        a,
        '请先在文章中选中要划线的文字',
      ],
      [
        {
          targetType: 'article',
          targetId: String(articleId),
          paragraph: '0',
          quote: '字'.repeat(501),
          body: 'x',
        },
        a,
        '划线内容不能超过500字',
      ],
      [lessonNote({ atSeconds: '1', body: 'x' }), undefined, '请先登录'],
    ];
    for (const [form, token, message] of cases) {
      const res = await rt.post('/api/note/add', form, token);
      expect(res.body.message, JSON.stringify(form).slice(0, 80)).toBe(message);
      expect(res.body.code).not.toBe(200);
    }
    expect((await stored()).length).toBe(before);
  });

  it('refuses a locked lesson until the member is entitled, and an unpublished article', async () => {
    const locked = await add({
      targetType: 'lesson',
      targetId: String(lockedLesson),
      atSeconds: '5',
      body: '试试',
    });
    expect(locked.body).toEqual({ code: 403, message: '购买课程后即可观看该课时', data: null });
    const now = new Date().toISOString();
    // The entitlement an order would grant (any order not granting one yet stands in for it).
    const order = await rt.db
      .selectFrom('orders')
      .select('id')
      .where('id', 'not in', rt.db.selectFrom('entitlements').select('order_id'))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await rt.db
      .insertInto('entitlements')
      .values({
        user_id: memberA,
        course_id: paidCourse,
        order_id: order.id,
        starts_at: '2020-01-01T00:00:00.000Z',
        ends_at: null,
        revoked_at: null,
        created_at: now,
      })
      .execute();
    const open = await add({
      targetType: 'lesson',
      targetId: String(lockedLesson),
      atSeconds: '5',
      body: '买了',
    });
    expect(open.body).toMatchObject({ code: 200, message: '笔记已保存' });

    await rt.db
      .updateTable('articles')
      .set({ status: 'draft' })
      .where('id', '=', articleId)
      .execute();
    const draft = await add({
      targetType: 'article',
      targetId: String(articleId),
      quote: '一段',
      paragraph: '0',
      body: 'x',
    });
    await rt.db
      .updateTable('articles')
      .set({ status: 'published' })
      .where('id', '=', articleId)
      .execute();
    expect(draft.body).toEqual({ code: 404, message: '文章不存在或已下线', data: null });
  });
});

describe('replays', () => {
  it('are noted by members who may watch them, not a paid live course’s by others', async () => {
    // A broadcast made part of a paid course memberA has not bought.
    const course = await rt.db
      .selectFrom('courses as c')
      .select('c.id')
      .where('c.price_cents', '>', 0)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('entitlements as e')
              .select('e.id')
              .whereRef('e.course_id', '=', 'c.id')
              .where('e.user_id', '=', memberA),
          ),
        ),
      )
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const paid = await rt.db
      .selectFrom('live_broadcasts')
      .select(['id', 'course_id'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    await rt.db
      .updateTable('live_broadcasts')
      .set({ course_id: course.id })
      .where('id', '=', paid.id)
      .execute();
    const refused = await add({
      targetType: 'live',
      targetId: String(paid.id),
      atSeconds: '12',
      body: '回放笔记',
    });
    await rt.db
      .updateTable('live_broadcasts')
      .set({ course_id: paid.course_id })
      .where('id', '=', paid.id)
      .execute();
    expect(refused.body).toEqual({
      code: 403,
      message: '本场直播属于付费直播课，购买课程后即可观看',
      data: null,
    });
    const missing = await add({
      targetType: 'live',
      targetId: '999999',
      atSeconds: '12',
      body: '回放笔记',
    });
    expect(missing.body).toEqual({ code: 404, message: '直播不存在或已下线', data: null });
  });
});

describe('one member’s notes', () => {
  it('are not listed, changed or deleted by another member', async () => {
    const mine = (await add(lessonNote({ atSeconds: '30', body: '我的' }))).body.data;
    const theirs = await rt.get<{ list: Note[] }>(
      `/api/note/list?targetType=lesson&targetId=${freeLesson}`,
      b,
    );
    expect(theirs.body.data.list).toEqual([]);
    expect((await rt.get<{ count: number }>('/api/note/mine', b)).body.data.count).toBe(0);
    const edit = await rt.post('/api/note/update', { id: String(mine.id), body: '改掉' }, b);
    expect(edit.body).toEqual({ code: 404, message: '笔记不存在或已删除', data: null });
    const del = await rt.post('/api/note/delete', { id: String(mine.id) }, b);
    expect(del.body).toEqual({ code: 404, message: '笔记不存在或已删除', data: null });
    const row = (await stored()).find((r) => r.id === mine.id);
    expect(row?.body).toBe('我的');
  });

  it('are changed and deleted by their member', async () => {
    const note = (await add(lessonNote({ atSeconds: '40', body: '旧的' }))).body.data;
    const long = await rt.post(
      '/api/note/update',
      { id: String(note.id), body: '长'.repeat(1001) },
      a,
    );
    expect(long.body.message).toBe('笔记内容不能超过1000字');
    const edit = await rt.post<Note>('/api/note/update', { id: String(note.id), body: '新的' }, a);
    expect(edit.body).toMatchObject({ code: 200, message: '笔记已修改', data: { body: '新的' } });
    const del = await rt.post('/api/note/delete', { id: String(note.id) }, a);
    expect(del.body).toMatchObject({ code: 200, message: '笔记已删除' });
    expect((await stored()).some((r) => r.id === note.id)).toBe(false);
  });
});

describe('the per-item limit', () => {
  it('lets exactly as many parallel adds through as the limit leaves', async () => {
    const live = await rt.db
      .selectFrom('live_broadcasts')
      .select('id')
      .where('course_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const rows = Array.from({ length: 497 }, (_, i) => ({
      user_id: memberA,
      target_type: 'live' as const,
      target_id: live.id,
      at_seconds: i,
      body: `第${i}条`,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await rt.db
        .insertInto('member_notes')
        .values(rows.slice(i, i + 100))
        .execute();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        add({
          targetType: 'live',
          targetId: String(live.id),
          atSeconds: String(600 + i),
          body: '并发',
        }),
      ),
    );
    const passed = results.filter((r) => r.body.code === 200);
    expect(passed).toHaveLength(3);
    for (const r of results.filter((x) => x.body.code !== 200))
      expect(r.body.message).toBe('每个内容最多保存500条笔记');
    const count = await rt.db
      .selectFrom('member_notes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', memberA)
      .where('target_type', '=', 'live')
      .where('target_id', '=', live.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(500);
    // Another member's limit is their own.
    const other = await add(
      { targetType: 'live', targetId: String(live.id), atSeconds: '1', body: '我也记' },
      b,
    );
    expect(other.body.code).toBe(200);
    await rt.db
      .deleteFrom('member_notes')
      .where('target_type', '=', 'live')
      .where('target_id', '=', live.id)
      .execute();
  });
});

describe('all of my notes', () => {
  it('lists them newest first with the links back to their second or passage', async () => {
    const note = (await add(lessonNote({ atSeconds: '83', body: '最新的一条' }))).body.data;
    const page = await rt.get<{ list: MyNote[]; count: number; page: number }>(
      '/api/note/mine?page=1&size=2',
      a,
    );
    expect(page.body.data.count).toBe((await stored()).filter((r) => r.user_id === memberA).length);
    expect(page.body.data.list).toHaveLength(2);
    expect(page.body.data.list[0]).toMatchObject({
      id: note.id,
      body: '最新的一条',
      url: `/course/${freeCourse}#lesson=${freeLesson}&t=83`,
    });
    expect(page.body.data.list[0]!.courseTitle).toBeTruthy();
    const all = await rt.get<{ list: MyNote[] }>('/api/note/mine?page=1&size=50', a);
    const highlight = all.body.data.list.find((n) => n.targetType === 'article')!;
    expect(highlight.url).toBe(`/article/${articleId}#note-${highlight.id}`);
    expect((await rt.get('/api/note/mine')).body.code).toBe(401);
  });

  it('exports them as a Markdown file grouped by item, seconds as mm:ss linking back', async () => {
    const res = await rt.app.request('/api/note/export', {
      headers: { authorization: `Bearer ${a}` },
    });
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const disposition = res.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="notes-\d{4}-\d{2}-\d{2}\.md"/);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('我的笔记-')}`);
    const md = await res.text();
    const course = await rt.db
      .selectFrom('courses')
      .select('title')
      .where('id', '=', freeCourse)
      .executeTakeFirstOrThrow();
    const lesson = await rt.db
      .selectFrom('lessons')
      .select('title')
      .where('id', '=', freeLesson)
      .executeTakeFirstOrThrow();
    const article = await rt.db
      .selectFrom('articles')
      .select('title')
      .where('id', '=', articleId)
      .executeTakeFirstOrThrow();
    const site = rt.deps.config.siteUrl;
    expect(md.startsWith('# 我的笔记\n')).toBe(true);
    expect(md).toContain(`## 课程：${course.title}\n\n### 课时：${lesson.title}\n`);
    expect(md).toContain(
      `- [01:23](${site}/course/${freeCourse}#lesson=${freeLesson}&t=83) 这里讲了上拉电阻\n`,
    );
    expect(md).toContain(
      `- [00:20](${site}/course/${freeCourse}#lesson=${freeLesson}&t=20) ★ 书签\n`,
    );
    expect(md).toContain(
      `## 文章：${article.title}\n\n> 示波器的带宽\n\n重点 [原文](${site}/article/${articleId}#note-`,
    );
    // Notes at earlier seconds come first within their lesson.
    expect(md.indexOf('t=20)')).toBeLessThan(md.indexOf('t=83)'));
    const other = await rt.app.request('/api/note/export', {
      headers: { authorization: `Bearer ${b}` },
    });
    expect(await other.text()).not.toContain('这里讲了上拉电阻');
  });
});
