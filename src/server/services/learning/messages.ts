import { LEARNING_MSG as SHARED } from '../../../shared/messages/learning.ts';

/** The learning domain's messages: lesson playback, watch time, exams and video uploads. */
export const LEARNING_MSG = {
  ...SHARED,
  lessonNotFound: '课时不存在或已下线',
  watchKeyInvalid: '观看记录已失效，请刷新页面后重试',
  watchRangeInvalid: '观看记录无效',
  examUnavailable: '课后练习服务暂不可用',
  /** /media/ answers for sealed lesson and broadcast media (media-grant.ts). */
  grant: {
    missing: '该视频需在播放器中观看：请打开课程或直播页面播放',
    expired: '播放授权已过期，请刷新页面后重新播放',
    invalid: '播放授权无效：请在登录本人账号的浏览器中播放',
  },
  /** The exam platform's result callback. */
  exam: {
    badCallback: '回调参数不完整或格式错误',
    badSign: '签名无效',
    stale: '回调已过期',
    unknown: '考试对象不存在或未开启课后练习',
    /** The demo-mode exam page's refusals (routes/learning/exam.ts). */
    pageSignInvalid: '签名无效或已过期，请从芯学堂重新进入练习。',
    pageSubjectMissing: '练习对象不存在。',
  },
  /** The console's video upload. */
  upload: {
    empty: '请选择要上传的视频',
    notMp4: '只能上传MP4格式的视频',
    tooLarge: '视频不能超过500MB',
    unreadable: '无法读取视频时长，请检查文件是否完整',
    done: '上传成功',
  },
} as const;
