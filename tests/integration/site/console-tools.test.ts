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

it('sets a tool icon by its key or an image address; anything else is refused (issue 24)', async () => {
  const before = await count();
  const icon = async (id: number) =>
    (
      await rt.deps.db
        .selectFrom('learning_tools')
        .select('icon')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).icon;
  for (const bad of ['Smith Chart', 'javascript:alert(1)', '//evil.example/a.png', '图标'])
    expect(
      (
        await call(rt, '/api/admin/tool/create', {
          form: { name: '图标工具', category: '射频', url: '/tool/smith', icon: bad },
          token: editor,
        })
      ).body.message,
      bad,
    ).toBe(
      '图标须为图标名（小写字母、数字或连字符，如 resistor）或以 https:// 或 / 开头的图片地址',
    );
  expect(await count()).toBe(before);
  const made = await call<{ id: number }>(rt, '/api/admin/tool/create', {
    form: { name: '图标工具', category: '射频', url: '/tool/smith', icon: 'smith' },
    token: editor,
  });
  const id = made.body.data.id;
  expect(await icon(id)).toBe('smith');
  await call(rt, '/api/admin/tool/update', {
    form: { id: String(id), icon: '/logos/company-1.svg' },
    token: editor,
  });
  expect(await icon(id)).toBe('/logos/company-1.svg');
  const bad = await call(rt, '/api/admin/tool/update', {
    form: { id: String(id), icon: 'Not A Key' },
    token: editor,
  });
  expect(bad.body.code).not.toBe(200);
  expect(await icon(id)).toBe('/logos/company-1.svg');
  await call(rt, '/api/admin/tool/delete', { form: { id: String(id) }, token: editor });
});
