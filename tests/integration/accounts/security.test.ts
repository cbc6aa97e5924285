/** /safesetting: changing the password and the phone, and the company zone's login image. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSmsCode } from '../../../src/server/services/accounts/index.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

async function login(mobile: string, password: string) {
  return rt.post<{ token: string }>('/api/user/login', { mobile, password });
}

describe('change password', () => {
  it('needs the old password, refuses a wrong one and the same one, then ends the other sessions only', async () => {
    const current = (await login(DEMO.members[0], DEMO.password)).body.data.token;
    const other = (await login(DEMO.members[0], DEMO.password)).body.data.token;
    const post = (form: Record<string, string>) =>
      rt.post('/api/user/changePassword', form, current);
    expect((await post({ password: 'NewPass#1' })).body).toEqual({
      code: 400,
      message: '请输入原密码',
      data: null,
    });
    expect((await post({ oldPassword: 'wrong-one', password: 'NewPass#1' })).body.message).toBe(
      '原密码错误',
    );
    expect((await post({ oldPassword: DEMO.password, password: '12345' })).body.message).toBe(
      '密码不能低于6位',
    );
    expect((await post({ oldPassword: DEMO.password, password: DEMO.password })).body.message).toBe(
      '新密码不能与原密码相同',
    );
    expect((await login(DEMO.members[0], DEMO.password)).body.code).toBe(200);
    const ok = await post({ oldPassword: DEMO.password, password: 'NewPass#1' });
    expect(ok.body).toEqual({ code: 200, message: '密码修改成功', data: null });
    expect((await rt.post('/api/user/information', {}, current)).body.code).toBe(200);
    expect((await rt.post('/api/user/information', {}, other)).body.code).toBe(401);
    expect((await login(DEMO.members[0], DEMO.password)).body.message).toBe('手机号或密码错误');
    expect((await login(DEMO.members[0], 'NewPass#1')).body.code).toBe(200);
  });

  it('is for members only', async () => {
    expect((await rt.post('/api/user/changePassword', { password: 'NewPass#1' })).body.code).toBe(
      401,
    );
  });
});

describe('change phone', () => {
  it('moves the account to a new phone proven by its SMS code', async () => {
    const token = await rt.tokenFor(DEMO.members[1]);
    const id = await rt.userId(DEMO.members[1]);
    const newPhone = { areaNum: '86', mobile: '13912345678' };
    const post = (form: Record<string, string>) => rt.post('/api/user/changeMobile', form, token);
    // No enumeration (issue 13): without the new phone's code, a registered phone and an
    // unregistered one get the same answer.
    expect((await post({ mobile: DEMO.members[2], code: '1234' })).body.message).toBe(
      '验证码错误或已过期',
    );
    expect((await post({ mobile: '13912340000', code: '1234' })).body.message).toBe(
      '验证码错误或已过期',
    );
    // Whoever holds a registered phone (has its code) is told it is taken.
    await issueSmsCode(rt.deps, {
      phone: { areaNum: '86', mobile: DEMO.members[2] },
      purpose: 'login',
      ip: '127.0.0.1',
      deliver: true,
    });
    const takenCode = (
      await rt.get<{ code: string }>(`/api/dev/sms-outbox?mobile=${DEMO.members[2]}`)
    ).body.data.code;
    expect((await post({ mobile: DEMO.members[2], code: takenCode })).body.message).toBe(
      '该手机号已被其他账号使用',
    );
    expect((await post({ mobile: DEMO.members[1], code: '1234' })).body.message).toBe(
      '新手机号与当前手机号相同',
    );
    expect((await post({ mobile: newPhone.mobile, code: '12' })).body.message).toBe('验证码为4位');
    expect((await post({ mobile: newPhone.mobile, code: '0000' })).body.message).toBe(
      '验证码错误或已过期',
    );
    await issueSmsCode(rt.deps, {
      phone: newPhone,
      purpose: 'login',
      ip: '127.0.0.1',
      deliver: true,
    });
    const code = (await rt.get<{ code: string }>(`/api/dev/sms-outbox?mobile=${newPhone.mobile}`))
      .body.data.code;
    const ok = await post({ mobile: newPhone.mobile, code });
    expect(ok.body).toEqual({
      code: 200,
      message: '手机号修改成功',
      data: { mobile: newPhone.mobile },
    });
    const row = await rt.db
      .selectFrom('users')
      .select(['mobile'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.mobile).toBe(newPhone.mobile);
    expect((await login(newPhone.mobile, DEMO.password)).body.code).toBe(200);
    expect((await login(DEMO.members[1], DEMO.password)).body.message).toBe('手机号或密码错误');
  });

  it('limits a member to 10 attempts an hour', async () => {
    const token = await rt.tokenFor(DEMO.members[0]);
    const post = () =>
      rt.post('/api/user/changeMobile', { mobile: '13912349999', code: '0000' }, token);
    const answers = await Promise.all(Array.from({ length: 12 }, post));
    const messages = answers.map((a) => a.body.message);
    expect(messages.filter((m) => m === '验证码错误或已过期')).toHaveLength(10);
    expect(messages.filter((m) => m === '操作过于频繁，请稍后再试')).toHaveLength(2);
  });
});

describe('company zone login image', () => {
  it("answers a featured company's login image as data.imageUrl", async () => {
    const company = await rt.db
      .selectFrom('companies')
      .select(['id', 'login_image_url'])
      .where('login_image_url', 'is not', null)
      .executeTakeFirstOrThrow();
    const res = await rt.postJson<{ imageUrl: string }>('/api/roll_image/loginImg', {
      companyId: company.id,
    });
    expect(res.body.data.imageUrl).toBe(company.login_image_url);
    expect((await rt.postJson('/api/roll_image/loginImg', { companyId: 999999 })).body.code).toBe(
      404,
    );
    expect((await rt.postJson('/api/roll_image/loginImg', {})).body.message).toBe('编号无效');
  });
});
