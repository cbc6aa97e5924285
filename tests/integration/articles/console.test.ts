/**
 * Articles from the console's editor (issue 12) on SQLite and PostgreSQL: the
 * editor's document is rendered to public HTML on the server through the one
 * sanitiser, unknown or unsafe content refused with a Chinese message and
 * nothing stored; staff list articles in every state and read one back with
 * its document; a scheduled article is listed as such and public at its time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, codeLogin } from '../../support/accounts.ts';
import { DEMO, createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let admin = '';
let editor = '';
let classifyId = 0;

beforeAll(async () => {
  rt = await createTestRuntime();
  admin = (await codeLogin(rt, DEMO.admin)).token;
  editor = (await codeLogin(rt, '13800138004')).token;
  classifyId = (
    await rt.deps.db
      .selectFrom('article_classifies')
      .select('id')
      .where('parent_id', 'is', null)
      .executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await rt?.close();
});

const text = (t: string, marks?: unknown[]) => ({ type: 'text', text: t, ...(marks && { marks }) });
const doc = (...content: unknown[]) => JSON.stringify({ type: 'doc', content });

describe('the editor’s document', () => {
  it('becomes the public HTML, escaped and sanitised; the document is kept for editing', async () => {
    const contentDoc = doc(
      { type: 'heading', attrs: { level: 2 }, content: [text('拓扑 <对比>')] },
      {
        type: 'paragraph',
        content: [
          text('结论：'),
          text('LLC', [{ type: 'bold' }]),
          text(' 见'),
          text('手册', [{ type: 'link', attrs: { href: 'https://www.ti.com/lit/an/slua.pdf' } }]),
        ],
      },
      { type: 'codeBlock', attrs: { language: 'c' }, content: [text('if (a < b) return;')] },
      {
        type: 'bulletList',
        content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('一')] }] }],
      },
    );
    const made = await call<{ id: number }>(rt, '/api/admin/article/create', {
      form: {
        title: '编辑器文章',
        classifyId: String(classifyId),
        authorName: '编辑部',
        contentDoc,
      },
      token: editor,
    });
    expect(made.body.code).toBe(200);
    const row = await rt.deps.db
      .selectFrom('articles')
      .select(['content', 'content_doc', 'status'])
      .where('id', '=', made.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe(
      '<h2>拓扑 &lt;对比&gt;</h2><p>结论：<strong>LLC</strong> 见<a href="https://www.ti.com/lit/an/slua.pdf" rel="nofollow noopener noreferrer">手册</a></p>' +
        '<pre><code class="language-c">if (a &lt; b) return;</code></pre><ul><li><p>一</p></li></ul>',
    );
    expect(JSON.parse(row.content_doc!)).toEqual(JSON.parse(contentDoc));
    const page = await rt.app.request(`/api/article/detail?id=${made.body.data.id}`);
    expect(await page.text()).toContain('<strong>LLC</strong>');
    const detail = await call<{ contentDoc: unknown }>(
      rt,
      `/api/admin/article/detail?id=${made.body.data.id}`,
      { token: editor },
    );
    expect(detail.body.data.contentDoc).toEqual(JSON.parse(contentDoc));
  });

  it('refuses unknown nodes, script links and off-site http images, storing nothing', async () => {
    const before = await rt.deps.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const cases: [string, string][] = [
      [doc({ type: 'iframe', attrs: { src: 'https://x' } }), '正文包含不支持的内容'],
      [
        doc({
          type: 'paragraph',
          content: [text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])],
        }),
        '链接地址须以 https://、http://、mailto: 或 / 开头',
      ],
      [
        doc({ type: 'image', attrs: { src: 'http://evil.example/a.png' } }),
        '图片地址须以 https:// 或 / 开头',
      ],
      [
        doc({ type: 'heading', attrs: { level: 1 }, content: [text('h1')] }),
        '正文包含不支持的内容',
      ],
      [doc({ type: 'paragraph' }), '请输入正文（不超过50000个字）'],
      ['{not json', '正文包含不支持的内容'],
    ];
    for (const [contentDoc, message] of cases) {
      const res = await call(rt, '/api/admin/article/create', {
        form: { title: '坏文档', classifyId: String(classifyId), authorName: '编辑部', contentDoc },
        token: admin,
      });
      expect(res.body.message).toBe(message);
    }
    const after = await rt.deps.db
      .selectFrom('articles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('the console’s article list', () => {
  it('shows every state, scheduled articles as such until their time; members are refused', async () => {
    const publishAt = new Date(rt.clock.now().getTime() + 3_600_000).toISOString();
    const made = await call<{ id: number }>(rt, '/api/admin/article/create', {
      form: {
        title: '定时发布的文章',
        classifyId: String(classifyId),
        authorName: '编辑部',
        content: '明天见。',
        publishAt,
      },
      token: admin,
    });
    const id = made.body.data.id;
    const scheduled = await call<{ list: { id: number; state: string }[] }>(
      rt,
      '/api/admin/article/list?state=scheduled',
      { token: admin },
    );
    expect(scheduled.body.data.list.map((a) => a.id)).toEqual([id]);
    expect((await call(rt, `/api/article/detail?id=${id}`)).body.code).toBe(404);
    rt.clock.advance(3_600_000 + 1_000);
    expect((await call(rt, `/api/article/detail?id=${id}`)).body.code).toBe(200);
    const now = await call<{ list: { id: number }[] }>(
      rt,
      '/api/admin/article/list?state=published',
      {
        token: admin,
      },
    );
    expect(now.body.data.list.map((a) => a.id)).toContain(id);
    await call(rt, '/api/admin/article/unpublish', { form: { id: String(id) }, token: admin });
    const drafts = await call<{ list: { id: number; state: string }[] }>(
      rt,
      '/api/admin/article/list?state=draft&q=定时',
      { token: admin },
    );
    expect(drafts.body.data.list).toMatchObject([{ id, state: 'draft' }]);
    const member = (await codeLogin(rt, '13800138001')).token;
    expect((await call(rt, '/api/admin/article/list', { token: member })).body.code).toBe(403);
  });
});

describe('notices from the editor', () => {
  it('render the document to the notice’s HTML, list for staff, refuse a notice with no body', async () => {
    const cats = await call<{ list: { id: number; name: string }[] }>(
      rt,
      '/api/admin/notice/categories',
      { token: editor },
    );
    const categoryId = String(cats.body.data.list[0]!.id);
    const contentDoc = doc({
      type: 'paragraph',
      content: [text('周六 '), text('02:00', [{ type: 'bold' }]), text(' 维护')],
    });
    const made = await call<{ id: number }>(rt, '/api/admin/notice/create', {
      form: { categoryId, title: '维护通知', contentDoc },
      token: editor,
    });
    const row = await rt.deps.db
      .selectFrom('notices')
      .select('content')
      .where('id', '=', made.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row.content).toBe('<p>周六 <strong>02:00</strong> 维护</p>');
    const list = await call<{ list: { id: number; categoryName: string }[] }>(
      rt,
      `/api/admin/notice/list?q=${encodeURIComponent('维护通知')}`,
      { token: editor },
    );
    expect(list.body.data.list).toEqual([
      expect.objectContaining({
        id: made.body.data.id,
        categoryName: cats.body.data.list[0]!.name,
      }),
    ]);
    const empty = await call(rt, '/api/admin/notice/create', {
      form: { categoryId, title: '空公告' },
      token: editor,
    });
    expect(empty.body.message).toBe('请输入正文（不超过50000个字）');
  });
});
