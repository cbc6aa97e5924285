/**
 * The graphic captcha (spec 3, 5, 7): expiry, single use, burn on a wrong
 * answer, case-insensitive answers; send-code validation messages; and the
 * demo-only development endpoints.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';
import { call, captcha, lastCode, logsLeak, logText, sendCode } from '../../support/accounts.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const MIN = 60_000;
let phoneSeq = 0;
/** A fresh unregistered phone per test. */
const newPhone = () => `1390000${String(1000 + ++phoneSeq)}`;

describe('/api/getCaptcha', () => {
  it('answers an SVG data URL and an id, storing only a hash', async () => {
    const { body } = await call<{ captcha: string; captchaId: string }>(rt, '/api/getCaptcha', {
      json: { captchaType: 0 },
    });
    expect(body.code).toBe(200);
    expect(body.data.captcha).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(body.data.captcha.split(',')[1]!, 'base64').toString();
    expect(svg).toMatch(/^<svg[^>]+xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).not.toContain('<text');
    const answer = (await call<{ answer: string }>(rt, `/api/dev/captcha/${body.data.captchaId}`))
      .body.data.answer;
    expect(answer).toMatch(/^[A-Z0-9]{4}$/);
    const row = await rt.db
      .selectFrom('captchas')
      .selectAll()
      .where('id', '=', body.data.captchaId)
      .executeTakeFirstOrThrow();
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(answer);
    expect(Date.parse(row.expires_at) - rt.clock.now().getTime()).toBe(5 * MIN);
  });

  it('accepts the answer in any case, once', async () => {
    const mobile = newPhone();
    const c = await captcha(rt, '10.1.0.1');
    const form = {
      mobile,
      areaNum: '86',
      type: '1',
      captcha: c.answer.toLowerCase(),
      captchaId: c.captchaId,
    };
    expect((await call(rt, '/api/user/sendCode', { form, ip: '10.1.0.1' })).body).toEqual({
      code: 200,
      message: '验证码发送成功，请注意查收',
      data: null,
    });
    rt.clock.advance(MIN + 1000);
    expect((await call(rt, '/api/user/sendCode', { form, ip: '10.1.0.1' })).body).toEqual({
      code: 400,
      message: '图形验证码错误或已过期',
      data: null,
    });
  });

  it('burns the captcha on a wrong answer', async () => {
    const mobile = newPhone();
    const c = await captcha(rt, '10.1.0.2');
    const wrong = c.answer === 'AAAA' ? 'CCCC' : 'AAAA';
    const bad = await call(rt, '/api/user/sendCode', {
      form: { mobile, captcha: wrong, captchaId: c.captchaId },
      ip: '10.1.0.2',
    });
    expect(bad.body).toEqual({ code: 400, message: '图形验证码错误或已过期', data: null });
    const retry = await call(rt, '/api/user/sendCode', {
      form: { mobile, captcha: c.answer, captchaId: c.captchaId },
      ip: '10.1.0.2',
    });
    expect(retry.body.message).toBe('图形验证码错误或已过期');
    expect(await lastCode(rt, mobile)).toBeNull();
  });

  it('expires after 5 minutes', async () => {
    const mobile = newPhone();
    const c = await captcha(rt, '10.1.0.3');
    rt.clock.advance(5 * MIN + 1);
    const res = await call(rt, '/api/user/sendCode', {
      form: { mobile, captcha: c.answer, captchaId: c.captchaId },
      ip: '10.1.0.3',
    });
    expect(res.body.message).toBe('图形验证码错误或已过期');
    expect((await call(rt, `/api/dev/captcha/${c.captchaId}`)).body.code).toBe(404);
  });
});

describe('/api/user/sendCode validation', () => {
  it('answers the spec messages and sends nothing', async () => {
    const c = await captcha(rt);
    const cases: [Record<string, string>, string][] = [
      [{ mobile: '', captcha: 'ABCD', captchaId: c.captchaId }, '请输入手机号'],
      [{ mobile: '139abc', captcha: 'ABCD', captchaId: c.captchaId }, '请输入正确的手机号'],
      [{ mobile: '13900001111', captcha: '', captchaId: c.captchaId }, '请输入图形验证码'],
      [{ mobile: '13900001111', captcha: 'ABCD', captchaId: '' }, '请先获取图形验证码'],
      [
        { mobile: '13900001111', captcha: 'ABCD', captchaId: c.captchaId, type: '3' },
        '验证码类型无效',
      ],
      [
        { mobile: '13900001111', captcha: 'ABCD', captchaId: c.captchaId, areaNum: '999' },
        '请输入正确的手机号',
      ],
    ];
    for (const [form, message] of cases) {
      expect((await call(rt, '/api/user/sendCode', { form })).body).toEqual({
        code: 400,
        message,
        data: null,
      });
    }
    // Validation failures never reached the captcha: it is still usable.
    expect((await call(rt, `/api/dev/captcha/${c.captchaId}`)).body.data).toEqual({
      answer: c.answer,
    });
  });
});

describe('development endpoints', () => {
  it('answer 404 for unknown captchas and phones without codes', async () => {
    expect((await call(rt, '/api/dev/captcha/nope')).body).toEqual({
      code: 404,
      message: '图形验证码不存在或已过期',
      data: null,
    });
    expect((await call(rt, '/api/dev/sms-outbox?mobile=13911112222')).body.code).toBe(404);
    expect((await call(rt, '/api/dev/sms-outbox?mobile=abc')).body).toEqual({
      code: 400,
      message: '请输入正确的手机号',
      data: null,
    });
  });

  it('log the outbox as a development provider and never log a code', async () => {
    const mobile = newPhone();
    await sendCode(rt, mobile, { ip: '10.4.0.1' });
    const code = (await lastCode(rt, mobile))!;
    const text = logText(rt);
    expect(text).toContain('development SMS provider');
    expect(logsLeak(rt, code)).toBe(false);
    expect(text).not.toContain(mobile);
  });
});
