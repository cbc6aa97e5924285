/**
 * Password recovery (spec 2 /forgetpass; spec 7 verify_reset, reset,
 * resetConfirm): the same answer for unknown phones, single-use short-lived
 * reset tokens, and every earlier session ended.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';
import { call, lastCode, logsLeak, sendCode } from '../../support/accounts.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const MIN = 60_000;

async function resetToken(mobile: string, ip: string): Promise<string> {
  expect((await sendCode(rt, mobile, { path: '/api/user/verify_reset', ip })).code).toBe(200);
  const code = await lastCode(rt, mobile);
  const res = await call<{ resetToken: string }>(rt, '/api/user/reset', {
    form: { mobile, areaNum: '86', code: code! },
  });
  expect(res.body.code).toBe(200);
  return res.body.data.resetToken;
}

describe('password recovery', () => {
  it('resets the password, ends every session, and lets only the new password in', async () => {
    const mobile = DEMO.members[0];
    const before = await rt.tokenFor(mobile);
    const alsoBefore = await rt.tokenFor(mobile);
    expect(
      (await call(rt, '/api/user/information', { method: 'POST', token: before })).body.code,
    ).toBe(200);

    const token = await resetToken(mobile, '10.5.0.1');
    expect(token).toMatch(/^[\w-]{43}$/);
    const row = await rt.db
      .selectFrom('sms_codes')
      .select('purpose')
      .where('mobile', '=', mobile)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.purpose).toBe('reset');

    const done = await call(rt, '/api/user/resetConfirm', {
      form: { resetToken: token, password: 'NewPass#2026' },
    });
    expect(done.body).toEqual({ code: 200, message: '密码已重置，请重新登录', data: null });
    for (const t of [before, alsoBefore]) {
      expect((await call(rt, '/api/user/information', { method: 'POST', token: t })).body).toEqual({
        code: 401,
        message: '请先登录',
        data: null,
      });
    }
    expect(
      (await call(rt, '/api/user/login', { form: { mobile, password: DEMO.password } })).body
        .message,
    ).toBe('手机号或密码错误');
    expect(
      (await call(rt, '/api/user/login', { form: { mobile, password: 'NewPass#2026' } })).body.code,
    ).toBe(200);

    // Single use.
    expect(
      (
        await call(rt, '/api/user/resetConfirm', {
          form: { resetToken: token, password: 'Other#2026' },
        })
      ).body,
    ).toEqual({
      code: 400,
      message: '重置已失效，请重新验证手机号',
      data: null,
    });
    for (const secret of [token, 'NewPass#2026']) expect(logsLeak(rt, secret)).toBe(false);
  });

  it('answers the same for an unknown phone and sends it nothing', async () => {
    const known = await sendCode(rt, DEMO.members[1], {
      path: '/api/user/verify_reset',
      ip: '10.5.0.2',
    });
    const unknown = await sendCode(rt, '13500001111', {
      path: '/api/user/verify_reset',
      ip: '10.5.0.2',
    });
    expect(unknown).toEqual(known);
    expect(unknown).toEqual({ code: 200, message: '验证码发送成功，请注意查收', data: null });
    expect(await lastCode(rt, '13500001111')).toBeNull();
    // The limits count for unknown phones too, so they answer alike as well.
    expect(
      (await sendCode(rt, '13500001111', { path: '/api/user/verify_reset', ip: '10.5.0.2' }))
        .message,
    ).toMatch(/^发送过于频繁/);
    // sendCode with type 2 is the same call.
    const viaType = await sendCode(rt, '13500002222', { type: 2, ip: '10.5.0.3' });
    expect(viaType).toEqual(known);
    expect(await lastCode(rt, '13500002222')).toBeNull();
    const bad = await call(rt, '/api/user/reset', {
      form: { mobile: '13500001111', areaNum: '86', code: '1234' },
    });
    expect(bad.body).toEqual({ code: 400, message: '验证码错误或已过期', data: null });
  });

  it('keeps login and reset codes apart', async () => {
    const mobile = DEMO.members[2];
    await sendCode(rt, mobile, { type: 1, ip: '10.5.0.4' });
    const loginCode = await lastCode(rt, mobile);
    const res = await call(rt, '/api/user/reset', {
      form: { mobile, areaNum: '86', code: loginCode! },
    });
    expect(res.body.message).toBe('验证码错误或已过期');
  });

  it('lets a reset token expire after 10 minutes, and validates the new password', async () => {
    rt.clock.advance(2 * MIN);
    const token = await resetToken(DEMO.admin, '10.5.0.5');
    const weak = await call(rt, '/api/user/resetConfirm', {
      form: { resetToken: token, password: '12345' },
    });
    expect(weak.body).toEqual({ code: 400, message: '密码不能低于6位', data: null });
    expect(
      (await call(rt, '/api/user/resetConfirm', { form: { resetToken: token, password: '' } })).body
        .message,
    ).toBe('请输入密码');
    rt.clock.advance(10 * MIN + 1);
    const late = await call(rt, '/api/user/resetConfirm', {
      form: { resetToken: token, password: 'Fresh#2026' },
    });
    expect(late.body.message).toBe('重置已失效，请重新验证手机号');
    expect(
      (
        await call(rt, '/api/user/resetConfirm', {
          form: { resetToken: 'forged', password: 'Fresh#2026' },
        })
      ).body.code,
    ).toBe(400);
  });

  it('validates verify_reset with the spec messages', async () => {
    expect(
      (
        await call(rt, '/api/user/verify_reset', {
          form: { mobile: '', captcha: 'x', captchaId: 'y' },
        })
      ).body.message,
    ).toBe('请输入手机号');
    expect(
      (
        await call(rt, '/api/user/verify_reset', {
          form: { mobile: '13500003333', captcha: '', captchaId: 'y' },
        })
      ).body.message,
    ).toBe('请输入图形验证码');
    expect(
      (
        await call(rt, '/api/user/verify_reset', {
          form: { mobile: '13500003333', captcha: 'ABCD', captchaId: 'y' },
        })
      ).body,
    ).toEqual({
      code: 400,
      message: '图形验证码错误或已过期',
      data: null,
    });
  });
});
