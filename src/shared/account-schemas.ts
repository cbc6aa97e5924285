/**
 * Input schemas of the accounts calls (spec 7, user), shared by the login
 * dialog and profile islands and by the API, with the spec 5 messages.
 */
import { z } from 'zod';
import { JOB_ROLES, PRODUCT_TYPES } from './forms/options.ts';
import {
  areaNumSchema,
  captchaSchema,
  passwordSchema,
  phoneSchema,
  smsCodeSchema,
} from './schemas.ts';
import { ACCOUNTS_MSG } from './messages/accounts.ts';

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const optionalText = (max: number) => z.preprocess((v) => trimmed(v ?? ''), z.string().max(max));

/** `/api/getCaptcha` body: `{ captchaType: 0 }` (other values are ignored). */
export const getCaptchaSchema = z.object({ captchaType: z.unknown().optional() });

/** The captcha id returned with the image; missing means none was fetched. */
const captchaIdSchema = z.preprocess(
  (v) => trimmed(v ?? ''),
  z.string().min(1, ACCOUNTS_MSG.captchaIdRequired).max(64),
);

/** Send-code purposes: type 1 login/register, type 2 password reset. */
export const SEND_CODE_TYPE = { login: 1, reset: 2 } as const;

/** `/api/user/sendCode`: mobile, areaNum, type, captcha, captchaId. */
export const sendCodeSchema = z.object({
  mobile: phoneSchema,
  areaNum: areaNumSchema,
  captcha: captchaSchema,
  captchaId: captchaIdSchema,
  type: z.preprocess(
    (v) => (v === undefined || v === '' ? 1 : Number(v)),
    z.union([z.literal(1), z.literal(2)], { error: ACCOUNTS_MSG.codeTypeInvalid }),
  ),
});
export type SendCodeInput = z.infer<typeof sendCodeSchema>;

/** `/api/user/verify_reset`: like sendCode, always type 2. */
export const verifyResetSchema = sendCodeSchema.omit({ type: true });

/** `/api/user/loginCode` (JSON): mobile, areaNum, code, optional inviteCode. */
export const codeLoginSchema = z.object({
  mobile: phoneSchema,
  areaNum: areaNumSchema,
  code: smsCodeSchema,
  inviteCode: optionalText(32).optional(),
});
export type CodeLoginInput = z.infer<typeof codeLoginSchema>;

/** `/api/user/reset`: mobile, areaNum, code. */
export const resetCodeSchema = codeLoginSchema.omit({ inviteCode: true });

/** `/api/user/resetConfirm`: resetToken, password. */
export const resetConfirmSchema = z.object({
  resetToken: z.preprocess(
    (v) => trimmed(v ?? ''),
    z.string().min(1, ACCOUNTS_MSG.resetTokenInvalid).max(200),
  ),
  password: passwordSchema,
});

/** `/api/invite/save`: the inviter's code. */
export const inviteSaveSchema = z.object({
  code: z.preprocess(
    (v) => trimmed(v ?? ''),
    z.string().min(1, ACCOUNTS_MSG.inviteRequired).max(32, ACCOUNTS_MSG.inviteInvalid),
  ),
});

/** A comma list or a repeated field, as a de-duplicated list of trimmed strings. */
function listOf(v: unknown): unknown {
  const items = (Array.isArray(v) ? v : [v]).flatMap((x) =>
    typeof x === 'string' ? x.split(',') : [x],
  );
  const strings = items.map(trimmed).filter((x) => x !== '');
  return [...new Set(strings)];
}

/**
 * A trimmed value that is either '' (clear the field) or valid for `schema`.
 * zod reports the closest option's own issue, so `schema` carries the message too.
 */
function emptyOr<T extends z.ZodType>(schema: T, message: string) {
  return z.preprocess(trimmed, z.union([z.literal(''), schema], { error: message }));
}

/**
 * `/api/user/saveUser`. name is required; a field left out keeps its value,
 * a field sent empty clears it (email, jobRole, productInterests, photo).
 */
export const saveUserSchema = z
  .object({
    name: z.preprocess(
      (v) => trimmed(v ?? ''),
      z.string().min(1, ACCOUNTS_MSG.nameRequired).max(20, ACCOUNTS_MSG.nameTooLong),
    ),
    email: emptyOr(
      z.email({ error: ACCOUNTS_MSG.emailInvalid }).max(100, ACCOUNTS_MSG.emailInvalid),
      ACCOUNTS_MSG.emailInvalid,
    ).optional(),
    jobRole: emptyOr(
      z.enum(JOB_ROLES, { error: ACCOUNTS_MSG.jobRoleInvalid }),
      ACCOUNTS_MSG.jobRoleInvalid,
    ).optional(),
    productInterests: z
      .preprocess(listOf, z.array(z.enum(PRODUCT_TYPES, { error: ACCOUNTS_MSG.productInvalid })))
      .optional(),
    'productInterests[]': z
      .preprocess(listOf, z.array(z.enum(PRODUCT_TYPES, { error: ACCOUNTS_MSG.productInvalid })))
      .optional(),
    photo: z.preprocess(trimmed, z.string().max(300, ACCOUNTS_MSG.photoInvalid)).optional(),
  })
  .transform(({ 'productInterests[]': repeated, ...rest }) => ({
    ...rest,
    productInterests: rest.productInterests ?? repeated,
  }));
export type SaveUserInput = z.infer<typeof saveUserSchema>;

/** `/api/user/wx/callback`: the provider's code and our state. */
export const wxCallbackSchema = z.object({
  code: z.preprocess(
    (v) => trimmed(v ?? ''),
    z.string().min(1, ACCOUNTS_MSG.wxAuthFailed).max(256, ACCOUNTS_MSG.wxAuthFailed),
  ),
  state: z.preprocess(
    (v) => trimmed(v ?? ''),
    z.string().min(1, ACCOUNTS_MSG.wxStateInvalid).max(128, ACCOUNTS_MSG.wxStateInvalid),
  ),
});

/** `/api/user/wx/bind/check`: bindToken plus the SMS-code login fields. */
export const wxBindSchema = z.object({
  bindToken: z.preprocess(
    (v) => trimmed(v ?? ''),
    z.string().min(1, ACCOUNTS_MSG.wxBindInvalid).max(200, ACCOUNTS_MSG.wxBindInvalid),
  ),
  mobile: phoneSchema,
  areaNum: areaNumSchema,
  code: smsCodeSchema,
});
