/**
 * Server-side input schemas with the exact messages of spec 5, built on the
 * same rules the islands use (validation.ts), so both sides agree.
 */
import { z } from 'zod';
import { DEFAULT_AREA_NUM } from './constants.ts';
import { MSG } from './messages.ts';
import { checkCaptcha, checkPassword, checkPhone, checkSmsCode, isAreaCode } from './validation.ts';

const text = (v: unknown) =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v);

/** A string field checked by one of the spec-5 rules; `trim` stores the trimmed value. */
function ruled(check: (v: string) => string | null, trim = true) {
  return z
    .preprocess(text, z.string())
    .superRefine((v, ctx) => {
      const message = check(v);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .transform((v) => (trim ? v.trim() : v));
}

export const phoneSchema = ruled(checkPhone);
export const passwordSchema = ruled(checkPassword, false).pipe(
  z.string().max(128, '密码不能超过128位'),
);
export const smsCodeSchema = ruled(checkSmsCode);
export const captchaSchema = ruled(checkCaptcha).pipe(z.string().max(16, '图形验证码错误或已过期'));

/** Area code: default 86 (spec 5), one of the spec's options; a leading + is accepted. */
export const areaNumSchema = z
  .preprocess((v) => text(v).trim().replace(/^\+/, '') || DEFAULT_AREA_NUM, z.string())
  .refine(isAreaCode, MSG.phoneInvalid);

export const passwordLoginSchema = z.object({
  mobile: phoneSchema,
  areaNum: areaNumSchema,
  password: passwordSchema,
});
export type PasswordLoginInput = z.infer<typeof passwordLoginSchema>;
