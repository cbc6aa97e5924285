import { ACCOUNTS_MSG as SHARED } from '../../../shared/messages/accounts.ts';

/** The accounts domain's messages: the forms' (shared with the islands) and the server's own. */
export const ACCOUNTS_MSG = {
  ...SHARED,
  loginFailed: '手机号或密码错误',
  accountDisabled: '该账号已被停用，如有疑问请联系客服',
  /** The default display name of a new account: 用户 + the phone's last 4 digits. */
  defaultName: '用户{{last4}}',
  /** /safesetting: the password and the login phone. */
  security: {
    ...SHARED.security,
    oldPasswordWrong: '原密码错误',
    passwordSame: '新密码不能与原密码相同',
    passwordChanged: '密码修改成功',
    mobileSame: '新手机号与当前手机号相同',
    mobileTaken: '该手机号已被其他账号使用',
    mobileChanged: '手机号修改成功',
  },
} as const;
