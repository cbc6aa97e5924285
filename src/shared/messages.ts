/**
 * Every user-facing message with an exact text in spec sections 5 and 8,
 * plus the platform's own messages. Used by islands and by the server.
 */
import { CHUNK_LOAD_FAILED } from './messages/chunk-load.ts';

export const MSG = {
  // spec 5: validation
  phoneRequired: '请输入手机号',
  phoneInvalid: '请输入正确的手机号',
  passwordRequired: '请输入密码',
  passwordTooShort: '密码不能低于6位',
  captchaRequired: '请输入图形验证码',
  codeRequired: '请输入验证码',
  codeLength: '验证码为4位',
  autoRegisterNotice: '未注册的手机号验证后将自动注册',
  // spec 8: outcomes
  networkError: '网络错误',
  /** The islands of a static export on a host without the API (issue 25). */
  staticNoApi: '当前为静态页面，登录服务暂不可用',
  loginSuccess: '登录成功',
  codeSent: '验证码发送成功，请注意查收',
  commentSuccess: '评论成功',
  commentFailure: '评论失败',
  commentEmpty: '评论内容不能为空',
  commentTooLong: '评论不能超过500个字',
  collectSuccess: '收藏成功',
  collectFailure: '收藏失败',
  uncollectSuccess: '取消收藏成功',
  uncollectFailure: '取消收藏失败',
  examNotEnabled: '该资源未开启课后练习',
  // spec 2: login dialog warnings
  liveLoginRequired: '直播需要认证用户，请先登录',
  examLoginRequired: '请先登录',
  // the platform's own
  ok: '成功',
  notLoggedIn: '请先登录',
  forbidden: '没有权限执行此操作',
  notFound: '内容不存在或已下线',
  badRequest: '请求参数有误',
  invalidId: '编号无效',
  invalidAdTypes: '广告类型无效',
  serverError: '服务器开小差了，请稍后再试',
  /** The database stayed locked by another writer for longer than a request may wait. */
  busy: '系统繁忙，请稍后再试',
  /** A lazily loaded part of the page (login dialog, player) did not arrive in time (spec 9). */
  chunkLoadFailed: CHUNK_LOAD_FAILED,
  tooManyRequests: '操作过于频繁，请稍后再试',
  crossSite: '请求来源不被允许',
  /** The staff forms' fields of every content kind: the API refuses with these, the console checks the same. */
  form: {
    title: '请输入标题（不超过100个字）',
    summary: '摘要不能超过300个字',
    content: '请输入正文（不超过50000个字）',
    author: '请输入作者（不超过50个字）',
    url: '地址须以 https:// 或 / 开头',
    duration: '请输入时长，如 12:30（分:秒）或秒数，最长24小时',
  },
} as const;

export type MessageKey = keyof typeof MSG;

/** Replaces `{{name}}` placeholders: fmt('{{n}}秒后重新发送', { n: 5 }) → '5秒后重新发送'. */
export function fmt(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}
