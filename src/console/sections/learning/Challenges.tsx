/**
 * 挑战管理 (issue 28): kit challenges with their kit course (a 套件 course), kickoff broadcast,
 * sign-up window and deadline typed in Beijing time (2026-11-01 00:00), the reward course and
 * how long its code lasts, the badge, and the tasks one a line as 标题｜说明. The server checks
 * every rule and words each refusal.
 */
import { Tag } from 'antd';
import { CrudSection, type CrudConfig } from '../parts/crud.tsx';
import { CHALLENGE_MSG } from '../../../shared/challenges.ts';
import { toBeijingWall } from '../../../shared/beijing-time.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type { AdminChallengeRow as Row } from '../../../server/services/learning/index.ts';

const MSG = CHALLENGE_MSG.form;
/** An instant as the form shows it: '2026-11-01 00:00' (Beijing). */
const wall = (iso: string | undefined) => (iso ? toBeijingWall(iso).slice(0, 16) : '');
const TIME_HINT = '北京时间，如 2026-11-01 00:00';

const CHALLENGES: CrudConfig<Row> = {
  path: 'challenge',
  noun: '挑战',
  nameOf: (c) => c.title,
  fields: [
    { name: 'title', label: '挑战名称', max: 50, required: MSG.title },
    { name: 'summary', label: '简介', kind: 'textarea', max: 2000 },
    {
      name: 'kitCourseId',
      label: '套件课程编号',
      kind: 'number',
      required: MSG.kit,
      extra: '类型为“套件”的课程，会员在课程页下单购买，按订单地址发货',
    },
    { name: 'liveId', label: '开营直播编号', kind: 'number', extra: '可不填' },
    { name: 'signupStart', label: '报名开始', required: MSG.time, placeholder: TIME_HINT },
    { name: 'signupEnd', label: '报名截止', required: MSG.time, placeholder: TIME_HINT },
    { name: 'deadline', label: '提交截止', required: MSG.time, placeholder: TIME_HINT },
    {
      name: 'rewardCourseId',
      label: '奖励课程编号',
      kind: 'number',
      extra: '作品通过后发放该课程的兑换码；不填则只发徽章',
    },
    { name: 'rewardDays', label: '兑换码有效天数', kind: 'number' },
    { name: 'badgeName', label: '徽章名称', max: 20, required: MSG.badge },
    {
      name: 'tasks',
      label: '任务',
      kind: 'textarea',
      required: MSG.tasks,
      extra: '每行一个任务：标题｜说明',
    },
    {
      name: 'status',
      label: '状态',
      kind: 'select',
      options: [
        { value: 'draft', label: '草稿' },
        { value: 'published', label: '已发布' },
      ],
    },
  ],
  initial: (c) => ({
    title: c?.title ?? '',
    summary: c?.summary ?? '',
    kitCourseId: c?.kitCourseId,
    liveId: c?.liveId ?? undefined,
    signupStart: wall(c?.signupStart),
    signupEnd: wall(c?.signupEnd),
    deadline: wall(c?.deadline),
    rewardCourseId: c?.rewardCourseId ?? undefined,
    rewardDays: c?.rewardDays ?? 90,
    badgeName: c?.badgeName ?? '',
    tasks: (c?.tasks ?? []).map((t) => (t.body ? `${t.title}｜${t.body}` : t.title)).join('\n'),
    status: c?.status ?? 'draft',
  }),
  columns: [
    { title: '挑战', dataIndex: 'title' },
    {
      title: '报名',
      width: 250,
      render: (_: unknown, c: Row) =>
        `${formatDateTime(c.signupStart)} – ${formatDateTime(c.signupEnd)}`,
    },
    {
      title: '提交截止',
      width: 140,
      render: (_: unknown, c: Row) => formatDateTime(c.deadline),
    },
    { title: '任务', width: 60, render: (_: unknown, c: Row) => c.tasks.length },
    { title: '报名人数', dataIndex: 'members', width: 90 },
    { title: '待审核', dataIndex: 'pending', width: 80 },
    { title: '已通过', dataIndex: 'accepted', width: 80 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: Row['status']) =>
        s === 'published' ? <Tag color="green">已发布</Tag> : <Tag>草稿</Tag>,
    },
  ],
};

export function ChallengesSection() {
  return <CrudSection config={CHALLENGES} />;
}
