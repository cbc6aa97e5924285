/**
 * 项目挑战 (issue 28): the states, the write-up's limits and the exact messages, shared by the
 * challenge page's island, the console and the API (no zod here: the island loads none).
 */

export type ChallengeStage = 'upcoming' | 'running' | 'ended';
export type SubmissionState = 'pending' | 'accepted' | 'refused';

export const STAGE_LABEL: Record<ChallengeStage, string> = {
  upcoming: '即将开始',
  running: '进行中',
  ended: '已结束',
};

export const SUBMISSION_LABEL: Record<SubmissionState, string> = {
  pending: '待审核',
  accepted: '已通过',
  refused: '未通过',
};

/** The write-up's limits, checked on the server and mirrored in the island. */
export const WRITEUP_LIMITS = { title: 50, minBody: 20, body: 20_000, url: 500 } as const;

/** A link a write-up may carry: http(s), with a host, no spaces, at most 500 characters. */
export function isWorkUrl(v: string): boolean {
  if (v.length > WRITEUP_LIMITS.url || /\s/.test(v)) return false;
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.includes('.');
  } catch {
    return false;
  }
}

export const CHALLENGE_MSG = {
  missing: '挑战不存在',
  notOpen: '报名尚未开始',
  closed: '报名已截止',
  joined: '报名成功',
  notJoined: '请先报名该挑战',
  pastDeadline: '作品提交已截止',
  accepted: '作品已通过审核，不能再修改',
  submitted: '作品已提交，请等待审核',
  title: `请填写作品标题（1到${WRITEUP_LIMITS.title}个字）`,
  body: `请填写作品正文（${WRITEUP_LIMITS.minBody}到${WRITEUP_LIMITS.body}个字）`,
  videoUrl: '请填写正确的视频链接（以 http:// 或 https:// 开头）',
  codeUrl: '请填写正确的代码链接（以 http:// 或 https:// 开头）',
  // Staff
  submissionMissing: '作品不存在',
  reviewed: '该作品已审核',
  approved: '已通过，奖励已发放',
  refused: '已标记为未通过',
  reason: '请填写未通过的原因（1到200个字）',
  form: {
    title: '请填写挑战名称（1到50个字）',
    summary: '简介最多2000个字',
    kit: '请填写套件课程编号（须为“套件”类型的课程）',
    live: '开营直播不存在',
    rewardCourse: '奖励课程不存在',
    rewardDays: '兑换码有效天数须为1到365之间的整数',
    badge: '请填写徽章名称（1到20个字）',
    time: '请填写北京时间，如 2026-11-01 00:00',
    window: '报名截止须晚于报名开始，提交截止不得早于报名截止',
    tasks: '请填写任务（1到10个，每行一个：标题｜说明）',
    status: '状态须为已发布或草稿',
  },
  reward: {
    category: '项目挑战',
    title: '恭喜！你的作品《{{work}}》已通过审核',
    body: '你在“{{challenge}}”中提交的作品已通过审核，获得徽章“{{badge}}”。奖励兑换码：{{code}}，可兑换课程《{{course}}》，{{days}}天内有效。',
    badgeOnly: '你在“{{challenge}}”中提交的作品已通过审核，获得徽章“{{badge}}”。',
    link: '去兑换',
  },
} as const;
