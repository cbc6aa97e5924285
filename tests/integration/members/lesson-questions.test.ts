/**
 * 课时问答 (issue 26) on SQLite and PostgreSQL: whoever may watch a lesson reads its questions
 * (pinned first, the teacher's answers with them) and a member asks one, with its IP 属地, under
 * the comment rules (length, word list, ban); a locked lesson's questions are as locked as its
 * video. The course's teacher (a member account set in 课程管理) and staff answer, pin and mark
 * 已解决, and count the open questions per lesson; the asker hears of the answer once in 我的消息,
 * however many answers race. Anyone else is refused and nothing changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LessonQuestionPage,
  LessonQuestionView,
} from '../../../src/server/services/members/index.ts';
import { call } from '../../support/accounts.ts';
import { createTestRuntime, DEMO, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;
let teacher: string;
let editor: string;
let moderator: string;
let buyer: string;
let other: string;
let visitorLesson: number;
let paidLesson: number;
let courseId: number;

const TEACHER = '13800138006';

beforeAll(async () => {
  rt = await createTestRuntime();
  teacher = await rt.tokenFor(TEACHER);
  editor = await rt.tokenFor('13800138004');
  moderator = await rt.tokenFor('13800138005');
  // Member 1 bought the STM32 course in the demo; member 3 did not.
  buyer = await rt.tokenFor(DEMO.members[0]);
  other = await rt.tokenFor(DEMO.members[2]);
  const lessons = await rt.db
    .selectFrom('lessons as l')
    .innerJoin('courses as c', 'c.id', 'l.course_id')
    .select(['l.id', 'l.title', 'l.free_preview', 'c.id as course_id'])
    .where('c.title', 'like', 'STM32F103 从零到项目%')
    .orderBy('l.sort_order')
    .execute();
  visitorLesson = lessons.find((l) => l.free_preview === 1)!.id;
  paidLesson = lessons.find((l) => l.title.startsWith('时钟树'))!.id;
  courseId = lessons[0]!.course_id;
});
afterAll(async () => {
  await rt?.close();
});

const list = (lessonId: number, token?: string) =>
  call<LessonQuestionPage>(rt, `/api/lesson/questions?lessonId=${lessonId}&page=1&size=20`, {
    token,
  });
const ask = (lessonId: number, content: string, token: string, ip = '120.24.78.68') =>
  call<LessonQuestionView>(rt, '/api/lesson/question/add', {
    form: { lessonId: String(lessonId), content },
    token,
    ip,
  });
const answer = (id: number, reply: string, token: string) =>
  call<{ id: number }>(rt, '/api/lesson/question/answer', {
    form: { id: String(id), reply },
    token,
  });
const stored = (id: number) =>
  rt.db
    .selectFrom('comments')
    .select(['content', 'status', 'reply', 'reply_user_id', 'pinned', 'resolved', 'ip_region'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const questionRows = () =>
  rt.db.selectFrom('comments').select('id').where('target_type', '=', 'lesson').execute();
const inbox = (mobile: string) =>
  rt.db
    .selectFrom('notices as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.title', 'n.content'])
    .where('u.mobile', '=', mobile)
    .where('n.title', 'like', '你在「%')
    .execute();

describe('课时问答', () => {
  it('a visitor reads the free lesson’s questions: pinned first, with the teacher’s answer', async () => {
    const r = await list(visitorLesson);
    expect(r.body.code).toBe(200);
    const { list: items, count, open, canAnswer } = r.body.data;
    expect(canAnswer).toBe(false);
    expect(count).toBe(3);
    expect(open).toBe(2);
    expect(items[0]).toMatchObject({
      pinned: true,
      resolved: true,
      userName: '张浩然',
      ipRegion: '江苏',
      reply: { userName: '刘建国', byTeacher: true },
    });
    expect(items[0]!.content).toContain('No target connected');
    // Then the newest first.
    expect(items.slice(1).map((q) => q.content.slice(0, 12))).toEqual([
      'STM32CubeIDE',
      '我的最小系统板 LED ',
    ]);
    expect(items[2]!.reply?.content).toContain('GPIO_PIN_RESET');
  });

  it('a paid lesson’s questions are for those who may watch it: the buyer, the teacher, staff', async () => {
    const before = await questionRows();
    for (const token of [undefined, other]) {
      const r = await list(paidLesson, token);
      expect(r.body.code).toBe(403);
      expect(r.body.message).toBe('购买课程后即可观看该课时');
    }
    const refused = await ask(paidLesson, '时钟树里的 USB 分频怎么选？', other);
    expect(refused.body).toMatchObject({ code: 403, message: '购买课程后即可观看该课时' });
    expect(await questionRows()).toHaveLength(before.length);
    const read = await list(paidLesson, buyer);
    expect(read.body.data).toMatchObject({ count: 1, open: 0, canAnswer: false });
    expect(read.body.data.list[0]!.content).toContain('12 MHz');
    for (const token of [teacher, editor, moderator])
      expect((await list(paidLesson, token)).body.data.canAnswer).toBe(true);
  });

  it('a member asks with their IP 属地; bad input is refused in Chinese and stores nothing', async () => {
    const before = await questionRows();
    const empty = await ask(visitorLesson, '   ', other);
    expect(empty.body).toMatchObject({ code: 400, message: '请填写问题内容' });
    const long = await ask(visitorLesson, '问'.repeat(501), other);
    expect(long.body).toMatchObject({ code: 400, message: '问题不能超过500个字' });
    const visitor = await ask(visitorLesson, '游客能提问吗？', '');
    expect(visitor.body.code).toBe(401);
    expect(await questionRows()).toHaveLength(before.length);
    const asked = await ask(visitorLesson, '点灯程序里 HAL_Delay 的精度是多少？', other);
    expect(asked.body).toMatchObject({
      code: 200,
      message: '提问成功',
      data: { mine: true, held: false, ipRegion: '广东', pinned: false, reply: null },
    });
    expect(await stored(asked.body.data.id)).toMatchObject({
      content: '点灯程序里 HAL_Delay 的精度是多少？',
      status: 'visible',
      ip_region: '广东',
      reply: null,
    });
    const r = await list(visitorLesson);
    expect(r.body.data).toMatchObject({ count: 4, open: 3 });
    expect(r.body.data.list[1]!.content).toBe('点灯程序里 HAL_Delay 的精度是多少？');
  });

  it('the word list holds a question for review; a banned member cannot ask', async () => {
    await call(rt, '/api/admin/moderation/word/add', {
      form: { word: '代写作业' },
      token: moderator,
    });
    const held = await ask(visitorLesson, '有人代写作业吗', buyer);
    expect(held.body.data).toMatchObject({ held: true });
    expect((await list(visitorLesson)).body.data.list.map((q) => q.id)).not.toContain(
      held.body.data.id,
    );
    expect((await list(visitorLesson, buyer)).body.data.list.map((q) => q.id)).toContain(
      held.body.data.id,
    );
    // Moderators find it with the other held comments, linked to its lesson.
    const queue = await call<{ list: { id: number; url: string }[] }>(
      rt,
      '/api/admin/comment/list?status=held&page=1&size=50',
      { token: moderator },
    );
    expect(queue.body.data.list.find((c) => c.id === held.body.data.id)?.url).toBe(
      `/course/${courseId}#lesson=${visitorLesson}&t=0`,
    );
    const userId = await rt.userId(DEMO.members[1]);
    await call(rt, '/api/admin/member/ban', {
      form: { userId: String(userId), days: '2' },
      token: moderator,
    });
    const before = await questionRows();
    const banned = await ask(
      visitorLesson,
      '禁言期间还能提问吗？',
      await rt.tokenFor(DEMO.members[1]),
    );
    expect(banned.body.code).toBe(403);
    expect(banned.body.message).toMatch(
      /^您已被禁言至\d{4}-\d{2}-\d{2} \d{2}:\d{2}，暂时不能评论$/,
    );
    expect(await questionRows()).toHaveLength(before.length);
    await call(rt, '/api/admin/member/ban', {
      form: { userId: String(userId), days: '0' },
      token: moderator,
    });
  });

  it('the teacher answers once to the asker’s inbox, however many answers race; others are refused', async () => {
    const asked = await ask(visitorLesson, 'PC13 可以配置成 PWM 输出吗？', other);
    const id = asked.body.data.id;
    const refused = await answer(id, '可以的', buyer);
    expect(refused.body).toMatchObject({
      code: 403,
      message: '只有本课程的讲师或工作人员可以操作',
    });
    expect((await answer(id, '   ', teacher)).body.message).toBe('请填写回答内容');
    expect((await answer(id, '答'.repeat(1001), teacher)).body.message).toBe(
      '回答不能超过1000个字',
    );
    expect(await stored(id)).toMatchObject({ reply: null, reply_user_id: null });
    const before = (await inbox(DEMO.members[2])).length;
    const tries = await Promise.all([
      answer(id, 'PC13 不连到定时器通道，只能用软件翻转模拟 PWM。', teacher),
      answer(id, 'PC13 没有定时器复用功能，请换 PA8 等 TIM1 通道。', teacher),
      answer(id, '请参考数据手册的引脚定义表。', editor),
    ]);
    expect(tries.map((t) => t.body.message)).toEqual(['已回答', '已回答', '已回答']);
    const notes = await inbox(DEMO.members[2]);
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)!.title).toBe('你在「开发环境搭建与第一个点灯程序」的提问有了回答');
    expect(notes.at(-1)!.content).toContain('PC13 可以配置成 PWM 输出吗？');
    const teacherId = await rt.userId(TEACHER);
    const row = await stored(id);
    expect([teacherId, await rt.userId('13800138004')]).toContain(row.reply_user_id);
    // A later change of the answer is shown, and tells no one again.
    expect((await answer(id, 'PC13 不能硬件 PWM，改用 PA8（TIM1_CH1）。', teacher)).body.code).toBe(
      200,
    );
    expect(await inbox(DEMO.members[2])).toHaveLength(before + 1);
    const shown = (await list(visitorLesson)).body.data.list.find((q) => q.id === id)!;
    expect(shown.reply).toMatchObject({
      content: 'PC13 不能硬件 PWM，改用 PA8（TIM1_CH1）。',
      userName: '刘建国',
      byTeacher: true,
    });
  });

  it('pin and 已解决 by the teacher or staff reorder and count; the outline counts per lesson', async () => {
    const asked = await ask(visitorLesson, 'SWD 和 JTAG 下载有什么区别？', other);
    const id = asked.body.data.id;
    const flag = (kind: 'pin' | 'resolve', on: string, token: string) =>
      call(rt, `/api/lesson/question/${kind}`, {
        form: { id: String(id), [kind === 'pin' ? 'pinned' : 'resolved']: on },
        token,
      });
    expect((await flag('pin', '1', other)).body.message).toBe('只有本课程的讲师或工作人员可以操作');
    const counts = async (token: string) =>
      (
        await call<Record<string, number>>(rt, `/api/course/questions/open?courseId=${courseId}`, {
          token,
        })
      ).body;
    expect(await counts(buyer)).toMatchObject({ code: 403 });
    const before = (await counts(teacher)).data[visitorLesson]!;
    expect((await counts(editor)).data[visitorLesson]).toBe(before);
    expect((await flag('pin', '1', teacher)).body.message).toBe('已置顶');
    expect((await flag('resolve', '1', moderator)).body.message).toBe('已标记为已解决');
    expect(await stored(id)).toMatchObject({ pinned: 1, resolved: 1 });
    const r = await list(visitorLesson);
    expect(r.body.data.list.filter((q) => q.pinned).map((q) => q.id)).toContain(id);
    expect(r.body.data.list.findIndex((q) => q.id === id)).toBe(0);
    expect((await counts(teacher)).data[visitorLesson]).toBe(before - 1);
    expect((await flag('resolve', '0', teacher)).body.message).toBe('已改为未解决');
    expect((await flag('pin', '0', teacher)).body.message).toBe('已取消置顶');
    expect((await counts(teacher)).data[visitorLesson]).toBe(before);
  });

  it('the console sets the teacher’s account by phone number; an unknown number is refused', async () => {
    const admin = await rt.tokenFor(DEMO.admin);
    const set = (teacherMobile: string) =>
      call(rt, '/api/admin/course/update', {
        form: { id: String(courseId), teacherMobile },
        token: admin,
      });
    const teacherOf = async () =>
      (
        await rt.db
          .selectFrom('courses')
          .select('teacher_user_id')
          .where('id', '=', courseId)
          .executeTakeFirstOrThrow()
      ).teacher_user_id;
    const was = await teacherOf();
    expect(was).toBe(await rt.userId(TEACHER));
    expect((await set('13899990000')).body.message).toBe('未找到该手机号的账号');
    expect(await teacherOf()).toBe(was);
    const detail = await call<{ teacherMobile: string }>(
      rt,
      `/api/admin/course/detail?id=${courseId}`,
      {
        token: admin,
      },
    );
    expect(detail.body.data.teacherMobile).toBe(TEACHER);
    // Another member as the teacher: they answer now, and 刘建国 no longer does.
    expect((await set(DEMO.members[2])).body.code).toBe(200);
    expect((await list(paidLesson, other)).body.data.canAnswer).toBe(true);
    expect((await list(paidLesson, teacher)).body.code).toBe(403);
    expect((await set('')).body.code).toBe(200);
    expect(await teacherOf()).toBeNull();
    expect((await set(TEACHER)).body.code).toBe(200);
    expect(await teacherOf()).toBe(was);
  });
});
