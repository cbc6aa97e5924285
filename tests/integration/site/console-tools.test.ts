/**
 * Learning tools for staff (issue 12) on SQLite and PostgreSQL: create, edit
 * and delete with Chinese messages for bad input (nothing stored), what the
 * public page lists following each change, members refused. (The page itself
 * is checked in Chromium: tests/e2e/admin-tools.spec.ts.)
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listLearningTools } from '../../../src/server/services/site/index.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let editor = '';

beforeAll(async () => {
  rt = await createTestRuntime();
  editor = (await codeLogin(rt, '13800138004')).token;
});

afterAll(async () => {
  await rt?.close();
});

const page = async () => JSON.stringify(await listLearningTools(rt.deps));
const count = async () =>
  Number(
    (
      await rt.deps.db
        .selectFrom('learning_tools')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

it('creates, edits and deletes a tool; /learningtools follows; bad input changes nothing', async () => {
  const before = await count();
  const bad: [Record<string, string>, string][] = [
    [{ name: '', category: '计算', url: '/tool/x' }, '请输入工具名称（不超过30个字）'],
    [{ name: '工具', category: '计算', url: 'javascript:alert(1)' }, '地址须以 https:// 或 / 开头'],
    [{ name: '工具', category: '计算', url: '//evil.example/x' }, '地址须以 https:// 或 / 开头'],
    [{ name: '工具', category: '', url: '/tool/x' }, '请输入分类（不超过20个字）'],
  ];
  for (const [form, message] of bad)
    expect((await call(rt, '/api/admin/tool/create', { form, token: editor })).body.message).toBe(
      message,
    );
  expect(await count()).toBe(before);

  const made = await call<{ id: number }>(rt, '/api/admin/tool/create', {
    form: {
      name: '测试用压差工具',
      category: '电源',
      url: '/tool/ldo',
      description: '压差与功耗。',
    },
    token: editor,
  });
  const id = made.body.data.id;
  expect(await page()).toContain('测试用压差工具');
  await call(rt, '/api/admin/tool/update', {
    form: { id: String(id), name: '测试用功耗工具' },
    token: editor,
  });
  const html = await page();
  expect(html).toContain('测试用功耗工具');
  expect(html).not.toContain('测试用压差工具');
  const row = await rt.deps.db
    .selectFrom('learning_tools')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  expect(row).toMatchObject({ name: '测试用功耗工具', category: '电源', url: '/tool/ldo' });
  const gone = await call(rt, '/api/admin/tool/delete', {
    form: { id: String(id) },
    token: editor,
  });
  expect(gone.body.code).toBe(200);
  expect(await page()).not.toContain('测试用功耗工具');
  const again = await call(rt, '/api/admin/tool/delete', {
    form: { id: String(id) },
    token: editor,
  });
  expect(again.body.message).toBe('工具不存在');
  const member = (await codeLogin(rt, '13800138001')).token;
  expect((await call(rt, '/api/admin/tool/list', { token: member })).body.code).toBe(403);
});
