/**
 * One phone identity (issue 13): however a member types the number (trunk 0,
 * country code, 00 prefix), it is one account, one set of SMS limits and one
 * lock; phones stored before normalisation are migrated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeStoredPhones } from '../../../src/server/db/migrations/0011-normalize-phones.ts';
import { call, captcha, codeLogin } from '../../support/accounts.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt?.close();
});

const DEMO_MEMBER = '13800138002';
const login = async (mobile: string, ip = '10.20.0.1') =>
  (
    await call<{ token: string }>(rt, '/api/user/login', {
      form: { mobile, areaNum: '86', password: 'Demo@2026' },
      ip,
    })
  ).body;

describe('one phone, however it is typed', () => {
  it('logs the same account in from 0p, 86p and 0086p', async () => {
    const ids = new Set<number>();
    for (const spelling of ['0', '86', '0086', '860'].map((p) => p + DEMO_MEMBER)) {
      const res = await login(spelling);
      expect(res.code).toBe(200);
      const info = await call<{ info: { id: number; mobile: string } }>(
        rt,
        '/api/user/information',
        { method: 'POST', token: res.data.token },
      );
      expect(info.body.data.info.mobile).toBe(DEMO_MEMBER);
      ids.add(info.body.data.info.id);
    }
    expect(ids.size).toBe(1);
  });

  it('shares the SMS resend limit across spellings', async () => {
    const mobile = '13911112222';
    const send = async (spelling: string) => {
      const { captchaId, answer } = await captcha(rt, '10.20.0.2');
      return (
        await call(rt, '/api/user/sendCode', {
          form: { mobile: spelling, areaNum: '86', type: '1', captcha: answer, captchaId },
          ip: '10.20.0.2',
        })
      ).body;
    };
    expect((await send(mobile)).code).toBe(200);
    const again = await send(`86${mobile}`);
    expect(again.code).toBe(429);
    expect(again.message).toMatch(/秒后/);
  });

  it('registers a new phone typed with its country code under its national number', async () => {
    const { token, registered } = await codeLogin(rt, '008613922223333', { ip: '10.20.0.3' });
    expect(registered).toBe(true);
    const info = await call<{ info: { mobile: string } }>(rt, '/api/user/information', {
      method: 'POST',
      token,
    });
    expect(info.body.data.info.mobile).toBe('13922223333');
    const rows = await rt.db
      .selectFrom('users')
      .select('mobile')
      .where('mobile', 'like', '%13922223333')
      .execute();
    expect(rows).toEqual([{ mobile: '13922223333' }]);
  });

  it('refuses a number that cannot be a mainland mobile with the spec message', async () => {
    expect(await login('23800138002')).toMatchObject({ code: 400, message: '请输入正确的手机号' });
  });

  it('migrates phones stored as typed, leaving a collision for an operator', async () => {
    const now = new Date().toISOString();
    const base = {
      area_num: '86',
      name: '旧账号',
      password_hash: null,
      login_name: null,
      photo: null,
      email: null,
      job_role: null,
      product_interests: '[]',
      role: 'member' as const,
      invited_by: null,
      locked_until: null,
      created_at: now,
      updated_at: now,
    };
    await rt.db
      .insertInto('users')
      .values([
        { ...base, mobile: '8613933334444', invite_code: 'OLDPHONE1' },
        { ...base, mobile: `0${DEMO_MEMBER}`, invite_code: 'OLDPHONE2' },
      ])
      .execute();
    expect(await normalizeStoredPhones(rt.db)).toBe(1);
    const rows = await rt.db
      .selectFrom('users')
      .select('mobile')
      .where('name', '=', '旧账号')
      .orderBy('mobile')
      .execute();
    expect(rows.map((r) => r.mobile)).toEqual([`0${DEMO_MEMBER}`, '13933334444']);
  });
});
