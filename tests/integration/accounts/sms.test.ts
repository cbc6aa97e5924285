/**
 * SMS codes (spec 5, 9): expiry, single use and death after 5 wrong tries;
 * every send limit (60 s, 5 per hour, 10 per day per phone, 20 per hour per
 * address), and that the limits survive a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeOldHits } from '../../../src/server/services/lib/index.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';
import { call, lastCode, restarted, sendCode } from '../../support/accounts.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const MIN = 60_000;
const HOUR = 60 * MIN;
let phoneSeq = 0;
/** A fresh unregistered phone per test, so limits never leak between tests. */
const newPhone = () => `1390000${String(2000 + ++phoneSeq)}`;

describe('SMS codes', () => {
  async function codeLoginWith(mobile: string, code: string | null) {
    return (
      await call<{ token: string; registered: boolean }>(rt, '/api/user/loginCode', {
        json: { mobile, areaNum: '86', code },
      })
    ).body;
  }

  it('stores a 4-digit code only as a hash, expiring in 5 minutes', async () => {
    const mobile = newPhone();
    expect((await sendCode(rt, mobile, { ip: '10.2.0.1' })).code).toBe(200);
    const code = await lastCode(rt, mobile);
    expect(code).toMatch(/^\d{4}$/);
    const row = await rt.db
      .selectFrom('sms_codes')
      .selectAll()
      .where('mobile', '=', mobile)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.purpose).toBe('login');
    expect(Date.parse(row.expires_at) - Date.parse(row.created_at)).toBe(5 * MIN);
    rt.clock.advance(5 * MIN + 1);
    expect(await codeLoginWith(mobile, code)).toEqual({
      code: 400,
      message: '验证码错误或已过期',
      data: null,
    });
  });

  it('is single use', async () => {
    const mobile = newPhone();
    await sendCode(rt, mobile, { ip: '10.2.0.2' });
    const code = await lastCode(rt, mobile);
    expect((await codeLoginWith(mobile, code)).code).toBe(200);
    expect((await codeLoginWith(mobile, code)).message).toBe('验证码错误或已过期');
  });

  it('dies after 5 wrong tries, even for the right code', async () => {
    const mobile = newPhone();
    await sendCode(rt, mobile, { ip: '10.2.0.3' });
    const code = (await lastCode(rt, mobile))!;
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i++)
      expect((await codeLoginWith(mobile, wrong)).message).toBe('验证码错误或已过期');
    expect((await codeLoginWith(mobile, code)).message).toBe('验证码错误或已过期');
  });

  it('compares at most 5 guesses of a code, however many arrive at once', async () => {
    const mobile = newPhone();
    await sendCode(rt, mobile, { ip: '10.2.0.5' });
    const code = (await lastCode(rt, mobile))!;
    // 60 different wrong guesses in parallel: a brute force of the 4 digits.
    const guesses = Array.from({ length: 60 }, (_, i) => String(i).padStart(4, '0')).filter(
      (g) => g !== code,
    );
    const answers = await Promise.all(guesses.map((g) => codeLoginWith(mobile, g)));
    expect(answers.every((a) => a.message === '验证码错误或已过期')).toBe(true);
    const row = await rt.db
      .selectFrom('sms_codes')
      .select(['attempts'])
      .where('mobile', '=', mobile)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await codeLoginWith(mobile, code)).message).toBe('验证码错误或已过期');
  });

  it('survives 4 wrong tries, and a newer code replaces an older one', async () => {
    const mobile = newPhone();
    await sendCode(rt, mobile, { ip: '10.2.0.4' });
    const first = (await lastCode(rt, mobile))!;
    const wrong = first === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) await codeLoginWith(mobile, wrong);
    rt.clock.advance(MIN);
    await sendCode(rt, mobile, { ip: '10.2.0.4' });
    const second = (await lastCode(rt, mobile))!;
    if (second !== first)
      expect((await codeLoginWith(mobile, first)).message).toBe('验证码错误或已过期');
    expect((await codeLoginWith(mobile, second)).code).toBe(200);
  });

  it('validates the code with the spec messages', async () => {
    expect(await codeLoginWith('13900009999', '')).toEqual({
      code: 400,
      message: '请输入验证码',
      data: null,
    });
    expect(await codeLoginWith('13900009999', '123')).toEqual({
      code: 400,
      message: '验证码为4位',
      data: null,
    });
    expect(await codeLoginWith('', '1234')).toEqual({
      code: 400,
      message: '请输入手机号',
      data: null,
    });
  });
});

describe('send limits', () => {
  it('allows one send per 60 seconds, saying how long to wait', async () => {
    const mobile = newPhone();
    expect((await sendCode(rt, mobile, { ip: '10.3.0.1' })).code).toBe(200);
    rt.clock.advance(15_000);
    expect(await sendCode(rt, mobile, { ip: '10.3.0.1' })).toEqual({
      code: 429,
      message: '发送过于频繁，请45秒后再试',
      data: null,
    });
    rt.clock.advance(45_000);
    expect((await sendCode(rt, mobile, { ip: '10.3.0.1' })).code).toBe(200);
  });

  it('allows 5 sends per hour and 10 per day per phone', async () => {
    const mobile = newPhone();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(rt, mobile, { ip: `10.3.1.${i}` })).code).toBe(200);
      rt.clock.advance(MIN);
    }
    // The first send was 5 minutes ago: the hour frees up 55 minutes from now.
    expect(await sendCode(rt, mobile, { ip: '10.3.1.9' })).toEqual({
      code: 429,
      message: '发送次数过多，请55分钟后再试',
      data: null,
    });
    rt.clock.advance(55 * MIN);
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(rt, mobile, { ip: `10.3.2.${i}` })).code).toBe(200);
      rt.clock.advance(MIN);
    }
    rt.clock.advance(2 * HOUR);
    expect(await sendCode(rt, mobile, { ip: '10.3.2.9' })).toEqual({
      code: 429,
      message: '今日发送次数已达上限，请明天再试',
      data: null,
    });
    rt.clock.advance(22 * HOUR);
    expect((await sendCode(rt, mobile, { ip: '10.3.2.9' })).code).toBe(200);
  });

  it('allows 20 sends per hour from one address', async () => {
    for (let i = 0; i < 20; i++)
      expect((await sendCode(rt, newPhone(), { ip: '10.3.3.1' })).code).toBe(200);
    expect(await sendCode(rt, newPhone(), { ip: '10.3.3.1' })).toEqual({
      code: 429,
      message: '请求过于频繁，请稍后再试',
      data: null,
    });
    expect((await sendCode(rt, newPhone(), { ip: '10.3.3.2' })).code).toBe(200);
    rt.clock.advance(HOUR);
    expect((await sendCode(rt, newPhone(), { ip: '10.3.3.1' })).code).toBe(200);
  });

  it('keeps the limits across a restart', async () => {
    const mobile = newPhone();
    expect((await sendCode(rt, mobile, { ip: '10.3.4.1' })).code).toBe(200);
    const second = await restarted(rt);
    try {
      rt.clock.advance(10_000);
      expect(await sendCode(second, mobile, { ip: '10.3.4.1' })).toEqual({
        code: 429,
        message: '发送过于频繁，请50秒后再试',
        data: null,
      });
    } finally {
      await second.close();
    }
  });

  it('purges hits older than a day', async () => {
    rt.clock.advance(25 * HOUR);
    await sendCode(rt, newPhone(), { ip: '10.3.5.1' });
    await purgeOldHits(rt.deps);
    const rows = await rt.db.selectFrom('rate_limit_hits').select('created_at').execute();
    expect(rows.length).toBeGreaterThan(0);
    const dayAgo = rt.clock.now().getTime() - 24 * HOUR;
    expect(rows.every((r) => Date.parse(r.created_at) >= dayAgo)).toBe(true);
  });
});
