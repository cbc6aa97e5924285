/** The dialog's texts by context (spec 2: the live-detail route changes them). */
import { MSG } from '../../shared/messages.ts';
import type { LoginContext } from '../../stores/login-dialog.ts';

export interface DialogTexts {
  title: string;
  passwordTab: string;
  codeTab: string;
  passwordSubmit: string;
  codeSubmit: string;
  /** Shown when the dialog cannot be closed. */
  warning: string | null;
}

export function textsFor(context: LoginContext): DialogTexts {
  if (context === 'live') {
    return {
      title: '会员登录观看',
      passwordTab: '密码登录',
      codeTab: '手机验证观看',
      passwordSubmit: '进入直播',
      codeSubmit: '进入直播',
      warning: MSG.liveLoginRequired,
    };
  }
  return {
    title: '登录/注册',
    passwordTab: '密码登录',
    codeTab: '验证码登录/注册',
    passwordSubmit: '登录',
    codeSubmit: '注册/登录',
    warning: context === 'exam' ? MSG.examLoginRequired : null,
  };
}
