/**
 * Profile saving (/api/user/saveUser) and avatar upload
 * (/api/upload/image1.action): validation with exact messages, nothing
 * changed on bad input, images judged by content, re-encoded, stripped.
 */
import { readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUpload } from '../../../src/server/services/accounts/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';
import { call, tempUploads } from '../../support/accounts.ts';

let rt: TestRuntime;
let uploads: ReturnType<typeof tempUploads>;
let token: string;
beforeAll(async () => {
  rt = await createTestRuntime();
  uploads = tempUploads(rt);
  token = await rt.tokenFor(DEMO.members[0]);
});
afterAll(async () => {
  await rt.close();
  uploads.cleanup();
});

function upload(bytes: Uint8Array, name: string, type: string, t = token, field = 'file') {
  const form = new FormData();
  form.append(field, new File([new Uint8Array(bytes)], name, { type }));
  return call<{ url: string }>(rt, '/api/upload/image1.action', { multipart: form, token: t });
}

const png = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('/api/upload/image1.action', () => {
  it('re-encodes an image to WebP within 512×512 and serves it through readUpload', async () => {
    const res = await upload(await png(), 'photo.png', 'image/png');
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe('上传成功');
    expect(res.body.data.url).toMatch(/^\/uploads\/[\w-]{22}\.webp$/);
    const name = res.body.data.url.slice('/uploads/'.length);
    expect(readdirSync(uploads.dir)).toEqual([name]);
    const bytes = (await readUpload(name, rt.deps))!;
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 341 });
    expect(await readUpload('../test.db', rt.deps)).toBeNull();
    expect(await readUpload('AAAAAAAAAAAAAAAAAAAAAA.webp', rt.deps)).toBeNull();
  });

  it('accepts the field name image, judging by content, not by name', async () => {
    const jpeg = await sharp({
      create: { width: 40, height: 40, channels: 3, background: '#aa0000' },
    })
      .jpeg()
      .toBuffer();
    const res = await upload(jpeg, 'noextension', 'application/octet-stream', token, 'image');
    expect(res.body.code).toBe(200);
  });

  it('strips EXIF metadata', async () => {
    const jpeg = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#00aa00' },
    })
      .withExif({ IFD0: { Copyright: 'Secret Owner', ImageDescription: 'home address 123' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(jpeg, 'exif.jpg', 'image/jpeg');
    const bytes = (await readUpload(res.body.data.url.slice('/uploads/'.length), rt.deps))!;
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(Buffer.from(bytes).includes('Secret Owner')).toBe(false);
  });

  it('rejects a renamed non-image, an SVG, a file over 5 MB, and a missing file', async () => {
    const text = new TextEncoder().encode('#!/bin/sh\necho not an image\n');
    expect((await upload(text, 'avatar.jpg', 'image/jpeg')).body).toEqual({
      code: 400,
      message: '只支持JPG、PNG、WEBP、GIF格式的图片',
      data: null,
    });
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expect((await upload(svg, 'a.png', 'image/png')).body.message).toBe(
      '只支持JPG、PNG、WEBP、GIF格式的图片',
    );
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(await png());
    expect((await upload(big, 'big.png', 'image/png')).body).toEqual({
      code: 400,
      message: '图片不能超过5MB',
      data: null,
    });
    const empty = new FormData();
    empty.append('other', 'x');
    expect((await call(rt, '/api/upload/image1.action', { multipart: empty, token })).body).toEqual(
      { code: 400, message: '请选择要上传的图片', data: null },
    );
  });

  it('requires a member', async () => {
    expect((await upload(await png(), 'a.png', 'image/png', '')).body.code).toBe(401);
  });
});

describe('/api/user/saveUser', () => {
  const save = (form: Record<string, string | string[]>, t = token) =>
    call<{ info: Record<string, unknown> }>(rt, '/api/user/saveUser', { form, token: t });
  const row = async () =>
    rt.db
      .selectFrom('users')
      .selectAll()
      .where('mobile', '=', DEMO.members[0])
      .executeTakeFirstOrThrow();

  it('rejects bad input with exact messages and changes nothing', async () => {
    const before = await row();
    const cases: [Record<string, string | string[]>, string][] = [
      [{ name: '' }, '请输入昵称'],
      [{ name: '   ' }, '请输入昵称'],
      [{ name: '名'.repeat(21) }, '昵称不能超过20个字符'],
      [{ name: '新名字', email: 'not-an-email' }, '请输入正确的邮箱'],
      [{ name: '新名字', jobRole: '宇航员' }, '请选择正确的职位'],
      [{ name: '新名字', productInterests: '电源,火箭' }, '请选择正确的关注产品'],
      [{ name: '新名字', photo: 'https://evil.example/x.png' }, '头像无效，请重新上传'],
      [{ name: '新名字', photo: '/uploads/AAAAAAAAAAAAAAAAAAAAAA.webp' }, '头像无效，请重新上传'],
    ];
    for (const [form, message] of cases)
      expect((await save(form)).body).toEqual({ code: 400, message, data: null });
    expect(await row()).toEqual(before);
  });

  it("refuses another member's upload as photo", async () => {
    const other = await rt.tokenFor(DEMO.members[1]);
    const theirs = await upload(await png(), 'p.png', 'image/png', other);
    expect((await save({ name: '新名字', photo: theirs.body.data.url })).body.message).toBe(
      '头像无效，请重新上传',
    );
  });

  it('saves every field, with product interests as a comma list or a repeated field', async () => {
    const mine = await upload(await png(), 'me.png', 'image/png');
    const res = await save({
      name: ' 王工 ',
      email: 'wang@example.com',
      jobRole: '硬件工程师',
      productInterests: '电源, 无线',
      photo: mine.body.data.url,
    });
    expect(res.body.code).toBe(200);
    expect(res.body.message).toBe('保存成功');
    expect(res.body.data.info).toMatchObject({
      name: '王工',
      email: 'wang@example.com',
      jobRole: '硬件工程师',
      productInterests: ['电源', '无线'],
      photo: mine.body.data.url,
    });
    const repeated = await save({ name: '王工', productInterests: ['传感', '机器人'] });
    expect(repeated.body.data.info.productInterests).toEqual(['传感', '机器人']);
    const brackets = await save({ name: '王工', 'productInterests[]': ['照明'] });
    expect(brackets.body.data.info.productInterests).toEqual(['照明']);
    // Left out: kept. Sent empty: cleared.
    expect(brackets.body.data.info).toMatchObject({
      email: 'wang@example.com',
      photo: mine.body.data.url,
    });
    const cleared = await save({ name: '王工', email: '', jobRole: '', productInterests: '' });
    expect(cleared.body.data.info).toMatchObject({
      email: null,
      jobRole: null,
      productInterests: [],
    });
    expect((await row()).photo).toBe(mine.body.data.url);
  });

  it('requires a member', async () => {
    expect((await save({ name: 'x' }, '')).body.code).toBe(401);
  });
});
