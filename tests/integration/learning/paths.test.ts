/**
 * 学习路线 (issue 28) through the real app, on SQLite and PostgreSQL: a step's state comes from
 * the member's real reading and watching (or, for a tool, their mark), the share done and this
 * week's count follow; joins in parallel leave one membership; a plan's bad input is refused
 * with its exact message and changes nothing; staff make, edit and delete paths with audit
 * rows; a draft is not visible publicly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminPathRow,
  MyPath,
  PathProgress,
  PathSummary,
  PathView,
} from '../../../src/server/services/learning/index.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let power: PathView;
let admin: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  const list = (await call<{ list: PathSummary[] }>(rt, '/api/path/list')).body.data.list;
  const id = list.find((p) => p.title.startsWith('电源设计入门'))!.id;
  power = (await call<PathView>(rt, `/api/path/detail?id=${id}`)).body.data;
  admin = await rt.tokenFor(DEMO.admin);
});
afterAll(async () => {
  await rt.close();
});

let phones = 0;
async function newMember(): Promise<string> {
  phones += 1;
  return (await codeLogin(rt, `1390028${String(phones).padStart(4, '0')}`)).token;
}

const progress = async (token: string, pathId = power.id) =>
  (await call<PathProgress>(rt, `/api/path/progress?pathId=${pathId}`, { token })).body;
const post = <T = PathProgress>(path: string, form: Record<string, string>, token: string) =>
  call<T>(rt, path, { token, form }).then((r) => r.body);

describe('learning paths', () => {
  it('lists the seeded power path with its steps of every kind, linked to their pages', () => {
    expect(power.steps.map((s) => s.kind)).toEqual([
      'article',
      'lesson',
      'article',
      'tool',
      'article',
      'lesson',
      'article',
      'replay',
      'resource',
      'article',
    ]);
    expect(power.steps[0]).toMatchObject({
      position: 1,
      url: `/article/${power.steps[0]!.targetId}`,
      markable: false,
    });
    expect(power.steps[3]).toMatchObject({ title: 'LDO 功耗计算', markable: true });
    expect(power.steps[8]!.url).toMatch(
      new RegExp(`^/resources(/page/\\d+)?#resource-${power.steps[8]!.targetId}$`),
    );
  });

  it('gives the seeded member their state: the first article read, the tool marked this week', async () => {
    const token = await rt.tokenFor(DEMO.members[0]);
    const p = (await progress(token)).data;
    // The activity seed has them through the LDO course's first lesson as well.
    expect(p.steps.map((s) => s.state)).toEqual([
      'done',
      'done',
      'todo',
      'done',
      'todo',
      'todo',
      'todo',
      'todo',
      'todo',
      'todo',
    ]);
    expect(p).toMatchObject({ joined: true, done: 3, total: 10, percent: 30 });
    expect(p.plan).toEqual({ days: [1, 3, 5], stepsPerWeek: 3 });
    expect(p.week).toMatchObject({ start: '2026-11-15T16:00:00.000Z', target: 3, doneThisWeek: 1 });
    const mine = (await call<{ list: MyPath[] }>(rt, '/api/path/mine', { token })).body.data.list;
    expect(mine.map((m) => [m.title, m.progress.done])).toEqual([['电源设计入门 → 进阶', 3]]);
  });

  it('takes step states from real reading and watching, and the share done from them', async () => {
    const token = await newMember();
    expect((await post('/api/path/join', { pathId: String(power.id) }, token)).message).toBe(
      '已加入学习路线',
    );
    const [article, lesson, , tool] = power.steps;
    // Half an article: started; the end of it: done.
    await post(
      '/api/reading/progress',
      { articleId: String(article!.targetId), paragraph: '3', percent: '50' },
      token,
    );
    let p = (await progress(token)).data;
    expect(p.steps[0]).toMatchObject({ state: 'started', doneAt: null });
    expect(p.done).toBe(0);
    await post(
      '/api/reading/progress',
      { articleId: String(article!.targetId), paragraph: '40', percent: '100' },
      token,
    );
    // A lesson watched to the end, as the player's reports store it.
    const userId = await rt.userId('13900280001');
    const l = await rt.db
      .selectFrom('lessons')
      .select(['course_id'])
      .where('id', '=', lesson!.targetId)
      .executeTakeFirstOrThrow();
    await rt.db
      .insertInto('lesson_progress')
      .values({
        user_id: userId,
        lesson_id: lesson!.targetId,
        course_id: l.course_id,
        completed: 1,
        updated_at: rt.clock.now().toISOString(),
      })
      .execute();
    // A lesson step is not marked by hand; a tool step is.
    expect(
      await post('/api/path/step/mark', { stepId: String(lesson!.id), done: '1' }, token),
    ).toMatchObject({
      code: 400,
      message: '文章和课时的完成情况来自学习记录，无需手动标记',
    });
    const marked = await post(
      '/api/path/step/mark',
      { stepId: String(tool!.id), done: '1' },
      token,
    );
    expect(marked.message).toBe('已标记为完成');
    p = marked.data;
    expect(p.steps.slice(0, 4).map((s) => s.state)).toEqual(['done', 'done', 'todo', 'done']);
    expect(p).toMatchObject({ done: 3, total: 10, percent: 30 });
    expect(p.week).toMatchObject({ target: 3, doneThisWeek: 3 });
    p = (await post('/api/path/step/mark', { stepId: String(tool!.id), done: '0' }, token)).data;
    expect(p).toMatchObject({ done: 2, percent: 20 });
  });

  it('joins once whatever runs in parallel, and leaves', async () => {
    const token = await newMember();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post('/api/path/join', { pathId: String(power.id) }, token)),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(8).fill(200));
    const userId = await rt.userId('13900280002');
    const rows = await rt.db
      .selectFrom('learning_path_members')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ path_id: power.id, study_days: '1,3,5', steps_per_week: 3 });
    expect((await post('/api/path/leave', { pathId: String(power.id) }, token)).message).toBe(
      '已退出学习路线',
    );
    expect((await post('/api/path/leave', { pathId: String(power.id) }, token)).message).toBe(
      '请先加入该学习路线',
    );
    expect(
      await rt.db
        .selectFrom('learning_path_members')
        .selectAll()
        .where('user_id', '=', userId)
        .execute(),
    ).toEqual([]);
  });

  it('sets a weekly plan within its limits, with exact messages for bad input', async () => {
    const token = await newMember();
    const plan = (days: string, steps: string) =>
      post('/api/path/plan', { pathId: String(power.id), days, stepsPerWeek: steps }, token);
    expect(await plan('2,4', '5')).toMatchObject({ code: 400, message: '请先加入该学习路线' });
    await post('/api/path/join', { pathId: String(power.id) }, token);
    const ok = await plan('6,2,4,2', '5');
    expect(ok).toMatchObject({ code: 200, message: '学习计划已保存' });
    expect(ok.data.plan).toEqual({ days: [2, 4, 6], stepsPerWeek: 5 });
    const refused: [string, string, string][] = [
      ['', '5', '请至少选择一个学习日'],
      ['0,3', '5', '学习日须为周一到周日'],
      ['8', '5', '学习日须为周一到周日'],
      ['周一', '5', '学习日须为周一到周日'],
      ['1', '0', '每周步数须为1到20之间的整数'],
      ['1', '21', '每周步数须为1到20之间的整数'],
      ['1', '2.5', '每周步数须为1到20之间的整数'],
      ['1', 'abc', '每周步数须为1到20之间的整数'],
    ];
    for (const [days, steps, message] of refused)
      expect(await plan(days, steps), `${days} / ${steps}`).toMatchObject({ code: 400, message });
    expect((await progress(token)).data.plan).toEqual({ days: [2, 4, 6], stepsPerWeek: 5 });
  });

  it('lets staff make, edit and delete paths, audited; a draft is not public', async () => {
    const steps = JSON.stringify([
      { kind: 'article', targetId: power.steps[0]!.targetId, note: '先读' },
      { kind: 'tool', targetId: power.steps[3]!.targetId },
    ]);
    const member = await newMember();
    expect(
      await post('/api/admin/path/create', { title: '草稿路线', steps }, member),
    ).toMatchObject({ code: 403 });
    const refusals: [Record<string, string>, string][] = [
      [{ title: '', steps }, '请填写路线名称（1到50个字）'],
      [{ title: '草稿路线', steps: '[]' }, '请填写路线步骤（1到50步）'],
      [
        { title: '草稿路线', steps: '[{"kind":"video","targetId":1}]' },
        '步骤类型须为文章、课时、直播回放、工具或资料下载',
      ],
      [
        { title: '草稿路线', steps: '[{"kind":"article","targetId":"x"}]' },
        '请填写步骤目标编号（正整数）',
      ],
      [
        {
          title: '草稿路线',
          steps: '[{"kind":"article","targetId":1},{"kind":"lesson","targetId":999999}]',
        },
        '第2步的目标不存在',
      ],
      [{ title: '草稿路线', steps, status: 'open' }, '状态须为已发布或草稿'],
    ];
    const before = await rt.db.selectFrom('learning_paths').select('id').execute();
    for (const [form, message] of refusals)
      expect(await post('/api/admin/path/create', form, admin)).toMatchObject({
        code: 400,
        message,
      });
    expect(await rt.db.selectFrom('learning_paths').select('id').execute()).toEqual(before);

    const created = await post<{ id: number }>(
      '/api/admin/path/create',
      { title: '草稿路线', steps },
      admin,
    );
    expect(created.code).toBe(200);
    const id = created.data.id;
    expect((await call(rt, `/api/path/detail?id=${id}`)).body).toMatchObject({
      code: 404,
      message: '学习路线不存在',
    });
    const list = (await call<{ list: PathSummary[] }>(rt, '/api/path/list')).body.data.list;
    expect(list.map((p) => p.id)).not.toContain(id);
    expect(await post('/api/path/join', { pathId: String(id) }, member)).toMatchObject({
      code: 404,
    });

    // Published, with the steps reordered: the kept steps keep their rows.
    const stepIds = await rt.db
      .selectFrom('learning_path_steps')
      .select(['id', 'kind'])
      .where('path_id', '=', id)
      .orderBy('position')
      .execute();
    const reordered = JSON.stringify([
      { kind: 'tool', targetId: power.steps[3]!.targetId, note: '' },
      { kind: 'article', targetId: power.steps[0]!.targetId, note: '再读' },
    ]);
    expect(
      await post(
        '/api/admin/path/update',
        { id: String(id), status: 'published', steps: reordered },
        admin,
      ),
    ).toMatchObject({ code: 200 });
    const shown = (await call<PathView>(rt, `/api/path/detail?id=${id}`)).body.data;
    expect(shown.steps.map((s) => [s.id, s.kind, s.note])).toEqual([
      [stepIds[1]!.id, 'tool', ''],
      [stepIds[0]!.id, 'article', '再读'],
    ]);
    const rows = (
      await call<{ list: AdminPathRow[] }>(rt, '/api/admin/path/list', { token: admin })
    ).body.data.list;
    expect(rows.find((r) => r.id === id)).toMatchObject({
      title: '草稿路线',
      status: 'published',
      members: 0,
    });
    expect(rt.invalidated.flat()).toContain(`path:${id}`);

    // The console's form sends the steps one `类型 编号 说明` line each.
    const lines = `工具 ${power.steps[3]!.targetId}\n文章 ${power.steps[0]!.targetId} 最后 再读`;
    expect(
      await post('/api/admin/path/update', { id: String(id), steps: lines }, admin),
    ).toMatchObject({ code: 200 });
    expect(
      (await call<PathView>(rt, `/api/path/detail?id=${id}`)).body.data.steps.map((s) => [
        s.kind,
        s.note,
      ]),
    ).toEqual([
      ['tool', ''],
      ['article', '最后 再读'],
    ]);
    expect(
      await post('/api/admin/path/update', { id: String(id), steps: '视频 3' }, admin),
    ).toMatchObject({ code: 400, message: '步骤类型须为文章、课时、直播回放、工具或资料下载' });

    expect(await post('/api/admin/path/delete', { id: String(id) }, admin)).toMatchObject({
      code: 200,
    });
    expect(
      await rt.db
        .selectFrom('learning_path_steps')
        .select('id')
        .where('path_id', '=', id)
        .execute(),
    ).toEqual([]);
    const audited = await rt.db
      .selectFrom('admin_audit')
      .select(['action', 'target_id', 'refusal'])
      .where('target_type', '=', 'path')
      .orderBy('id')
      .execute();
    expect(audited.filter((a) => a.target_id === id).map((a) => a.action)).toEqual([
      '/api/admin/path/create',
      '/api/admin/path/update',
      '/api/admin/path/update',
      '/api/admin/path/delete',
    ]);
    // Refusals are audited too, with their message.
    expect(audited.filter((a) => a.refusal === '第2步的目标不存在')).toHaveLength(1);
    expect(
      audited.filter((a) => a.refusal === '步骤类型须为文章、课时、直播回放、工具或资料下载'),
    ).toHaveLength(2);
  });
});
