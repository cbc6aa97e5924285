/**
 * 项目挑战 (issue 28) through the real app, on SQLite and PostgreSQL: the seeded challenge and
 * its gallery (accepted work only); 报名 only inside the sign-up window, with the exact message
 * and nothing stored outside it; 提交作品 only when joined, before the deadline, with valid
 * links; parallel approvals give one reward (one code, one badge, one message); 不通过 needs a
 * reason, which the member sees; every staff write is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminChallengeRow,
  AdminSubmissionRow,
  ChallengeMemberState,
  ChallengeSummary,
  ChallengeView,
  MyChallenges,
} from '../../../src/server/services/learning/index.ts';
import { call, codeLogin } from '../../support/accounts.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let demo: ChallengeView;
let admin: string;
let moderator: string;

beforeAll(async () => {
  rt = await createTestRuntime();
  const list = (await call<{ list: ChallengeSummary[] }>(rt, '/api/challenge/list')).body.data.list;
  demo = (await call<ChallengeView>(rt, `/api/challenge/detail?id=${list[0]!.id}`)).body.data;
  admin = await rt.tokenFor(DEMO.admin);
  moderator = await rt.tokenFor('13800138005');
});
afterAll(async () => {
  await rt.close();
});

let phones = 0;
async function newMember(): Promise<{ token: string; mobile: string }> {
  phones += 1;
  const mobile = `1390045${String(phones).padStart(4, '0')}`;
  return { token: (await codeLogin(rt, mobile)).token, mobile };
}

const post = <T = ChallengeMemberState>(
  path: string,
  form: Record<string, string>,
  token: string,
) => call<T>(rt, path, { token, form }).then((r) => r.body);

const WORK = {
  title: '我的 Follow me 作品',
  body: '四个任务都完成了：点灯、OLED 温湿度显示、PWM 调光和 CAN 互发。\n\n下面是视频和源码。',
  videoUrl: 'https://www.bilibili.com/video/BV1xx411c7mD',
  codeUrl: 'https://github.com/example/follow-me',
};

/** A new member joined to a new challenge with the given window, and its id. */
async function challengeWith(days: { start: number; end: number; deadline: number }) {
  const at = (d: number) => new Date(rt.clock.now().getTime() + d * 86_400_000).toISOString();
  const r = await call<{ id: number }>(rt, '/api/admin/challenge/create', {
    token: admin,
    json: {
      title: `测试挑战 ${phones}-${days.start}-${days.end}`,
      kitCourseId: demo.kit.id,
      signupStart: at(days.start),
      signupEnd: at(days.end),
      deadline: at(days.deadline),
      rewardCourseId: demo.reward.course!.id,
      badgeName: '测试徽章',
      status: 'published',
      tasks: '点灯｜让 LED 闪烁\nCAN｜两板互发',
    },
  });
  expect(r.body.message).toBe('成功');
  return r.body.data.id;
}

async function submitted(challengeId: number) {
  const m = await newMember();
  await post('/api/challenge/join', { challengeId: String(challengeId) }, m.token);
  const s = await post(
    '/api/challenge/submit',
    { challengeId: String(challengeId), ...WORK },
    m.token,
  );
  expect(s.message).toBe('作品已提交，请等待审核');
  return { ...m, submissionId: s.data.submission!.id };
}

describe('kit challenges', () => {
  it('shows the seeded running challenge: kit, kickoff, four tasks, reward and two accepted works', () => {
    expect(demo).toMatchObject({
      stage: 'running',
      kit: { title: 'STM32F103 开发板套件（含配套视频课程）', url: `/course/${demo.kit.id}` },
      badge: 'Follow me 第 1 期完成者',
      reward: { kind: 'code', days: 90 },
    });
    expect(demo.live!.title).toMatch(/^国产 32 位 MCU 电机控制/);
    expect(demo.reward.course!.title).toMatch(/^STM32F103 从零到项目/);
    expect(demo.tasks.map((t) => t.title)).toEqual([
      '任务一：开箱点灯与按键中断',
      '任务二：OLED 显示温湿度',
      '任务三：定时器 PWM 与 ADC + DMA',
      '任务四：CAN 收发与波形分析',
    ]);
    expect(demo.gallery.map((g) => g.author)).toHaveLength(2);
    expect(demo.gallery[0]!.html).toContain('<p>拿到套件先核对了清单');
  });

  it('joins only while sign-up is open, with the exact message and nothing stored', async () => {
    const before = await challengeWith({ start: 1, end: 5, deadline: 10 });
    const after = await challengeWith({ start: -10, end: -1, deadline: 10 });
    const m = await newMember();
    expect(
      (await post('/api/challenge/join', { challengeId: String(before) }, m.token)).message,
    ).toBe('报名尚未开始');
    expect(
      (await post('/api/challenge/join', { challengeId: String(after) }, m.token)).message,
    ).toBe('报名已截止');
    const userId = await rt.userId(m.mobile);
    const rows = await rt.db
      .selectFrom('challenge_members')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(rows).toEqual([]);
    const ok = await post('/api/challenge/join', { challengeId: String(demo.id) }, m.token);
    expect(ok.message).toBe('报名成功');
    expect(ok.data).toMatchObject({ joined: true, submission: null });
    // Joining twice, even in parallel, leaves one row.
    await Promise.all(
      [1, 2, 3].map(() => post('/api/challenge/join', { challengeId: String(demo.id) }, m.token)),
    );
    const again = await rt.db
      .selectFrom('challenge_members')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(again).toHaveLength(1);
  });

  it('takes a write-up only from a joined member, before the deadline, with valid links', async () => {
    const m = await newMember();
    const id = String(demo.id);
    expect(
      (await post('/api/challenge/submit', { challengeId: id, ...WORK }, m.token)).message,
    ).toBe('请先报名该挑战');
    await post('/api/challenge/join', { challengeId: id }, m.token);
    for (const [field, value, message] of [
      ['videoUrl', 'bilibili.com/video/1', '请填写正确的视频链接（以 http:// 或 https:// 开头）'],
      ['videoUrl', 'javascript:alert(1)', '请填写正确的视频链接（以 http:// 或 https:// 开头）'],
      ['codeUrl', 'https://github.com/a b', '请填写正确的代码链接（以 http:// 或 https:// 开头）'],
      ['body', '太短了', '请填写作品正文（20到20000个字）'],
      ['title', '', '请填写作品标题（1到50个字）'],
    ] as const)
      expect(
        (await post('/api/challenge/submit', { challengeId: id, ...WORK, [field]: value }, m.token))
          .message,
      ).toBe(message);
    const userId = await rt.userId(m.mobile);
    const none = await rt.db
      .selectFrom('challenge_submissions')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(none).toEqual([]);

    // Past the deadline: refused, nothing stored.
    const late = await challengeWith({ start: -10, end: 1, deadline: 2 });
    const n = await newMember();
    await post('/api/challenge/join', { challengeId: String(late) }, n.token);
    // The deadline passes (moved into the past, as time would).
    await rt.db
      .updateTable('challenges')
      .set({ deadline: new Date(rt.clock.now().getTime() - 1000).toISOString() })
      .where('id', '=', late)
      .execute();
    expect(
      (await post('/api/challenge/submit', { challengeId: String(late), ...WORK }, n.token))
        .message,
    ).toBe('作品提交已截止');
    const lateRows = await rt.db
      .selectFrom('challenge_submissions')
      .select('id')
      .where('challenge_id', '=', late)
      .execute();
    expect(lateRows).toEqual([]);
  });

  it('gives one reward, one badge and one message for parallel approvals', async () => {
    const s = await submitted(demo.id);
    const answers = await Promise.all(
      [admin, moderator, admin, moderator].map((token) =>
        post<{ code: string | null }>(
          '/api/admin/challenge/approve',
          { id: String(s.submissionId) },
          token,
        ),
      ),
    );
    const won = answers.filter((a) => a.code === 200);
    expect(won).toHaveLength(1);
    expect(won[0]!.message).toBe('已通过，奖励已发放');
    expect(answers.filter((a) => a.code !== 200).map((a) => a.message)).toEqual([
      '该作品已审核',
      '该作品已审核',
      '该作品已审核',
    ]);
    const code = won[0]!.data.code!;
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const userId = await rt.userId(s.mobile);
    const codes = await rt.db
      .selectFrom('redemption_codes')
      .select(['code', 'course_id'])
      .where('batch', '=', `CHALLENGE-${demo.id}`)
      .where('code', '=', code.replaceAll('-', ''))
      .execute();
    expect(codes).toEqual([{ code: code.replaceAll('-', ''), course_id: demo.reward.course!.id }]);
    const badges = await rt.db
      .selectFrom('member_badges')
      .select('name')
      .where('user_id', '=', userId)
      .execute();
    expect(badges).toEqual([{ name: 'Follow me 第 1 期完成者' }]);
    const notices = await rt.db
      .selectFrom('notices')
      .select(['title', 'content'])
      .where('user_id', '=', userId)
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('恭喜！你的作品《我的 Follow me 作品》已通过审核');
    expect(notices[0]!.content).toContain(`奖励兑换码：${code}`);
    expect(notices[0]!.content).toContain('徽章“Follow me 第 1 期完成者”');
    // The code opens the course like any other.
    const redeemed = await post<{ courseId: number }>('/api/redemption/redeem', { code }, s.token);
    expect(redeemed.data?.courseId ?? redeemed.message).toBe(demo.reward.course!.id);
    // The member's page lists the state and the badge; a resubmission is refused.
    const mine = (await call<MyChallenges>(rt, '/api/challenge/mine', { token: s.token })).body
      .data;
    expect(mine.list[0]).toMatchObject({ id: demo.id, state: 'accepted' });
    expect(mine.badges.map((b) => b.name)).toEqual(['Follow me 第 1 期完成者']);
    expect(
      (await post('/api/challenge/submit', { challengeId: String(demo.id), ...WORK }, s.token))
        .message,
    ).toBe('作品已通过审核，不能再修改');
    // Audited once per attempt, refusals included.
    const audit = await rt.db
      .selectFrom('admin_audit')
      .select(['target_type', 'target_id'])
      .where('target_type', '=', 'submission')
      .where('target_id', '=', s.submissionId)
      .execute();
    expect(audit).toHaveLength(4);
  });

  it('refuses with a reason the member sees, takes a resubmission, and lists accepted work only', async () => {
    const s = await submitted(demo.id);
    const id = String(s.submissionId);
    expect((await post('/api/admin/challenge/refuse', { id, reason: '' }, moderator)).message).toBe(
      '请填写未通过的原因（1到200个字）',
    );
    expect(
      (await post('/api/admin/challenge/refuse', { id, reason: '缺少任务四的波形截图' }, moderator))
        .message,
    ).toBe('已标记为未通过');
    const state = (
      await call<ChallengeMemberState>(rt, `/api/challenge/state?challengeId=${demo.id}`, {
        token: s.token,
      })
    ).body.data;
    expect(state.submission).toMatchObject({ state: 'refused', reason: '缺少任务四的波形截图' });
    const pending = (
      await call<{ list: AdminSubmissionRow[] }>(
        rt,
        '/api/admin/challenge/submissions?state=pending',
        {
          token: moderator,
        },
      )
    ).body.data.list;
    expect(pending.some((p) => p.id === s.submissionId)).toBe(false);
    // The gallery shows accepted work only: not the refused one, not a pending one.
    const gallery = (await call<ChallengeView>(rt, `/api/challenge/detail?id=${demo.id}`)).body.data
      .gallery;
    expect(gallery.every((g) => g.id !== s.submissionId)).toBe(true);
    const again = await post(
      '/api/challenge/submit',
      { challengeId: String(demo.id), ...WORK, title: '补充了波形' },
      s.token,
    );
    expect(again.data.submission).toMatchObject({
      state: 'pending',
      reason: '',
      title: '补充了波形',
    });
    const after = (await call<ChallengeView>(rt, `/api/challenge/detail?id=${demo.id}`)).body.data
      .gallery;
    expect(after.map((g) => g.id)).toEqual(gallery.map((g) => g.id));
    const rows = await rt.db
      .selectFrom('challenge_submissions')
      .select('state')
      .where('challenge_id', '=', demo.id)
      .execute();
    expect(after).toHaveLength(rows.filter((r) => r.state === 'accepted').length);
  });

  it('lets content staff make challenges (audited) and refuses a kit that is not a kit', async () => {
    const bad = await call(rt, '/api/admin/challenge/create', {
      token: admin,
      json: {
        title: '错误的套件',
        kitCourseId: demo.reward.course!.id,
        signupStart: '2026-12-01 00:00',
        signupEnd: '2026-12-10 00:00',
        deadline: '2026-12-31 23:59',
        badgeName: '徽章',
        tasks: '点灯',
      },
    });
    expect(bad.body.message).toBe('请填写套件课程编号（须为“套件”类型的课程）');
    const window = await call(rt, '/api/admin/challenge/create', {
      token: admin,
      json: {
        title: '日期颠倒',
        kitCourseId: demo.kit.id,
        signupStart: '2026-12-10 00:00',
        signupEnd: '2026-12-01 00:00',
        deadline: '2026-12-31 23:59',
        badgeName: '徽章',
        tasks: '点灯',
      },
    });
    expect(window.body.message).toBe('报名截止须晚于报名开始，提交截止不得早于报名截止');
    expect((await call(rt, '/api/admin/challenge/list', { token: moderator })).body.message).toBe(
      '没有权限执行此操作',
    );
    const list = (
      await call<{ list: AdminChallengeRow[] }>(rt, '/api/admin/challenge/list', { token: admin })
    ).body.data.list;
    const seeded = list.find((c) => c.id === demo.id)!;
    expect(seeded).toMatchObject({ accepted: expect.any(Number), tasks: expect.any(Array) });
    expect(seeded.signupStart < seeded.signupEnd).toBe(true);
    const made = await rt.db
      .selectFrom('admin_audit')
      .select('target_type')
      .where('target_type', '=', 'challenge')
      .execute();
    expect(made.length).toBeGreaterThan(0);
  });
});
