/**
 * The validation rules of spec 5 as small pure functions, each returning the
 * spec's exact message or null. Islands use them directly (no schema library
 * in the browser); the server's zod schemas (schemas.ts) are built on them.
 */
import { LIMITS } from './constants.ts';
import { AREA_CODES } from './forms/options.ts';
import { MSG } from './messages.ts';

/** checkPhone(' 138 ') → '请输入正确的手机号'; checkPhone('') → '请输入手机号' */
export function checkPhone(value: string): string | null {
  const v = value.trim();
  if (!v) return MSG.phoneRequired;
  if (!/^\d{5,15}$/.test(v)) return MSG.phoneInvalid;
  return null;
}

/** checkCommentContent('  ') → '评论内容不能为空'; longer than LIMITS.commentMax → '评论不能超过500个字'. */
export function checkCommentContent(value: string): string | null {
  const v = value.trim();
  if (!v) return MSG.commentEmpty;
  if ([...v].length > LIMITS.commentMax) return MSG.commentTooLong;
  return null;
}

export function checkPassword(value: string): string | null {
  if (!value) return MSG.passwordRequired;
  if (value.length < LIMITS.passwordMin) return MSG.passwordTooShort;
  return null;
}

export function checkCaptcha(value: string): string | null {
  return value.trim() ? null : MSG.captchaRequired;
}

export function checkSmsCode(value: string): string | null {
  const v = value.trim();
  if (!v) return MSG.codeRequired;
  if (v.length !== LIMITS.smsCodeLength) return MSG.codeLength;
  return null;
}

export function isAreaCode(value: string): value is (typeof AREA_CODES)[number] {
  return (AREA_CODES as readonly string[]).includes(value);
}
