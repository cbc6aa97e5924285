/**
 * Invite codes (spec 3 invite; spec 7 /api/user/invite, /api/invite/save).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';
import { call, codeLogin } from '../../support/accounts.ts';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
});
afterAll(async () => {
  await rt.close();
});

const MIN = 60_000;

async function userRow(mobile: string) {
  return rt.db.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();
}

describe('invite codes', () => {
  it("answers the member's own code", async () => {
    const token = await rt.tokenFor(DEMO.members[0]);
    const user = (await userRow(DEMO.members[0]))!;
    const res = await call<{ invite: string; url: string }>(rt, '/api/user/invite', {
      method: 'POST',
      token,
    });
    expect(res.body.data.invite).toBe(user.invite_code);
    expect(res.body.data.url).toMatch(new RegExp(`/regeister\\?code=${user.invite_code}$`));
    expect((await call(rt, '/api/user/invite', { method: 'POST' })).body.code).toBe(401);
  });

  it('records the inviter once, never oneself, only within 7 days, with clear errors', async () => {
    const { token } = await codeLogin(rt, '13700003001', { ip: '10.9.1.1' });
    const me = (await userRow('13700003001'))!;
    const inviter = (await userRow(DEMO.members[1]))!;
    const save = async (code: string, t = token) =>
      (await call(rt, '/api/invite/save', { form: { code }, token: t })).body;

    expect(await save('')).toEqual({ code: 400, message: '请输入邀请码', data: null });
    expect(await save(me.invite_code)).toEqual({
      code: 400,
      message: '不能填写自己的邀请码',
      data: null,
    });
    expect(await save('NOPE2345')).toEqual({ code: 400, message: '邀请码无效', data: null });
    expect(await save(inviter.invite_code)).toEqual({
      code: 200,
      message: '邀请码填写成功',
      data: null,
    });
    expect((await userRow('13700003001'))!.invited_by).toBe(inviter.id);
    const rows = await rt.db
      .selectFrom('invites')
      .selectAll()
      .where('invitee_id', '=', me.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await save((await userRow(DEMO.members[2]))!.invite_code)).toEqual({
      code: 400,
      message: '您已填写过邀请码',
      data: null,
    });

    // The inviter may not then name the member they invited.
    const inviterToken = await rt.tokenFor(DEMO.members[1]);
    expect((await save(me.invite_code, inviterToken)).message).toBe(
      '注册超过7天，无法再填写邀请码',
    );
    const { token: fresh } = await codeLogin(rt, '13700003002', { ip: '10.9.1.2' });
    const freshRow = (await userRow('13700003002'))!;
    const { token: third } = await codeLogin(rt, '13700003003', { ip: '10.9.1.3' });
    expect((await save(freshRow.invite_code, third)).code).toBe(200);
    const thirdRow = (await userRow('13700003003'))!;
    expect(await save(thirdRow.invite_code, fresh)).toEqual({
      code: 400,
      message: '不能填写您邀请的用户的邀请码',
      data: null,
    });

    await codeLogin(rt, '13700003004', { ip: '10.9.1.4' });
    rt.clock.advance(7 * 24 * 60 * MIN + 1000);
    const late = await rt.tokenFor('13700003004'); // sessions last 3 days: log in again
    expect(await save(inviter.invite_code, late)).toEqual({
      code: 400,
      message: '注册超过7天，无法再填写邀请码',
      data: null,
    });
  });
});
