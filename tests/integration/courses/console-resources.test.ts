/**
 * Resources uploaded by staff (issue 12): an editor uploads a PDF, it is
 * listed and a member downloads the same bytes; the kind is decided by the
 * file's first bytes; moderators are refused; a deleted resource is gone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setProviders } from '../../../src/server/providers/registry.ts';
import { diskFiles } from '../../../src/server/providers/storage/files.ts';
import { downloadResponse } from '../../../src/server/services/courses/index.ts';
import { call } from '../../support/accounts.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let editor: string;
let dir: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  editor = await rt.tokenFor('13800138004');
  // Uploaded files go to a store of this test's own (the disk kind, in a temp dir).
  dir = mkdtempSync(join(tmpdir(), 'xxt-resources-'));
  setProviders(rt.deps, { resources: diskFiles(dir) });
});
afterAll(async () => {
  await rt.close();
  rmSync(dir, { recursive: true, force: true });
});

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

function upload(token: string, file: File | null, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append('title', fields.title ?? 'GaN 快充参考设计手册');
  form.append('summary', '拓扑、BOM 与实测数据');
  for (const [k, v] of Object.entries(fields)) if (k !== 'title') form.append(k, v);
  if (file) form.append('file', file);
  return call<{ id: number }>(rt, '/api/admin/resource/create', { multipart: form, token });
}

const listed = async () =>
  (
    await rt.get<{ list: { id: number; title: string; fileType: string }[] }>(
      '/api/index/resource/list?page=1&size=100',
    )
  ).body.data.list;

describe('resources uploaded by staff', () => {
  it('an uploaded PDF is listed and downloads with the same bytes', async () => {
    const res = await upload(editor, new File([PDF], 'manual.pdf', { type: 'application/pdf' }));
    expect(res.body.code, res.body.message).toBe(200);
    const id = res.body.data.id;
    expect((await listed()).find((r) => r.id === id)).toMatchObject({
      title: 'GaN 快充参考设计手册',
      fileType: 'PDF',
    });
    const member = await rt.userId(DEMO.members[0]);
    const file = await downloadResponse(rt.deps, id, member);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    const row = await rt.db
      .selectFrom('resources')
      .select(['file_url', 'file_size'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.file_url).toMatch(/^\/downloads\/pdf-[0-9a-f]{16}\.pdf$/);
    expect(row.file_size).toBe(PDF.length);
  });

  it('refuses a file whose bytes are not its kind, or no file, and stores nothing', async () => {
    const before = (await listed()).length;
    const png = new File([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1')], 'fake.pdf');
    expect((await upload(editor, png)).body).toEqual({
      code: 400,
      message: '只能上传 PDF、ZIP、XLSX 或 DOCX 文件',
      data: null,
    });
    expect((await upload(editor, new File([PDF], 'manual.exe'))).body.message).toBe(
      '只能上传 PDF、ZIP、XLSX 或 DOCX 文件',
    );
    expect((await upload(editor, null)).body.message).toBe('请选择要上传的文件');
    expect((await listed()).length).toBe(before);
  });

  it('moderators are refused; a deleted resource leaves the list', async () => {
    const moderator = await rt.tokenFor('13800138005');
    expect((await upload(moderator, new File([PDF], 'x.pdf'))).body.code).toBe(403);
    const made = await upload(editor, new File([PDF], 'tmp.pdf'), { title: '临时资料' });
    const id = made.body.data.id;
    const del = await rt.post('/api/admin/resource/delete', { id: String(id) }, editor);
    expect(del.body.code).toBe(200);
    expect((await listed()).map((r) => r.id)).not.toContain(id);
    expect((await rt.post('/api/admin/resource/delete', { id: String(id) }, editor)).body).toEqual({
      code: 404,
      message: '资料不存在',
      data: null,
    });
  });

  it('is found in search once uploaded, follows an edit (title, course), and leaves search when deleted', async () => {
    const search = async (word: string) =>
      (
        await rt.get<{ list: { id: number }[] }>(
          `/api/index/search?word=${encodeURIComponent(word)}&type=resource`,
        )
      ).body.data.list.map((r) => r.id);
    const made = await upload(editor, new File([PDF], 'sic.pdf'), { title: '碳化硅驱动应用笔记' });
    const id = made.body.data.id;
    expect(await search('碳化硅驱动')).toContain(id);

    const course = await rt.db
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('price_cents', '>', 0)
      .executeTakeFirstOrThrow();
    const edit = await rt.post(
      '/api/admin/resource/update',
      { id: String(id), title: '碳化硅 MOSFET 门极驱动笔记', courseId: String(course.id) },
      editor,
    );
    expect(edit.body.code, edit.body.message).toBe(200);
    expect(await search('门极驱动笔记')).toContain(id);
    const admin = await rt.get<{ list: { id: number; courseId: number; course: string }[] }>(
      '/api/admin/resource/list?size=100',
      editor,
    );
    expect(admin.body.data.list.find((r) => r.id === id)).toMatchObject({
      courseId: course.id,
      course: course.title,
    });
    expect(
      (await rt.post('/api/admin/resource/update', { id: String(id), courseId: '999999' }, editor))
        .body,
    ).toMatchObject({ code: 400, message: '课程不存在' });
    expect(
      (await rt.post('/api/admin/resource/update', { id: String(id), title: '' }, editor)).body,
    ).toMatchObject({ code: 400, message: '请输入标题（不超过100个字）' });

    expect(
      (await rt.post('/api/admin/resource/delete', { id: String(id) }, editor)).body.code,
    ).toBe(200);
    expect(await search('门极驱动笔记')).not.toContain(id);
  });
});
