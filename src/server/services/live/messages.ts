import { EMBED_HOSTS } from '../../../shared/live-embed.ts';
import { LIVE_MSG as SHARED } from '../../../shared/messages/live.ts';

/** The live domain's messages: playback, reservations, reminders and the console's calls. */
export const LIVE_MSG = {
  ...SHARED,
  liveNotFound: '直播不存在或已下线',
  liveNotStarted: '直播尚未开始，请在开播后观看',
  livePaid: '本场直播属于付费直播课，购买课程后即可观看',
  replayNotReady: '直播已结束，回放正在制作中，请稍后再来观看',
  replayNone: '直播已结束，本场直播没有回放',
  reserveSuccess: '预约成功',
  reserveEnded: '直播已结束，无法预约',
  reserveStarted: '直播已开始，无需预约，登录后即可进入观看',
  reserveRequired: '请填写{{label}}',
  reserveTooLong: '{{label}}不能超过{{max}}个字',
  reserveEmail: '请输入正确的邮箱',
  reservePhone: '请输入正确的手机号',
  reserveOption: '请选择{{label}}',
  /** The labels of a new broadcast's reservation form. */
  reserveFields: { name: '姓名', company: '公司', job: '职位', email: '邮箱' },
  /** The notice category of a reminder. */
  reminderCategory: '活动通知',
  reminderTitle: '直播提醒：{{title}}',
  reminderSoon: '您预约的直播《{{title}}》将于北京时间 {{time}} 开始，请准时进入直播间观看。',
  reminderOnAir:
    '您预约的直播《{{title}}》已经开始（北京时间 {{time}} 开播），现在进入直播间即可观看。',
  reminderSms: '【芯学堂】您预约的直播「{{title}}」将于{{time}}开始，请准时观看。',
  reminderLink: '进入直播间',
  /** The console's calls. */
  manage: {
    ...SHARED.manage,
    liveMissing: '直播不存在',
    endBeforeStart: '结束时间必须晚于开始时间',
    /** Saving a broadcast that is on air (its time has begun) with nothing members could watch. */
    noStreamOnAir:
      '直播时间已开始，请先填写可播放的直播流地址（.m3u8）或白名单播放器地址，否则观众看不到直播',
    playerNotAllowed: `播放器地址须为白名单内的 https 播放器（${EMBED_HOSTS.join('、')}）`,
    reservedNotEnded: '该直播已有用户预约且尚未结束，不能删除；可修改时间或等直播结束后再删除',
    /** A host chosen in the form who is not (or no longer) a staff member. */
    hostNotStaff: '主持人须为后台工作人员',
  },
  /** The host's part of a broadcast's chat, asked by staff who are not its host. */
  notHost: '只有本场直播的主持人或审核员可以操作',
} as const;
