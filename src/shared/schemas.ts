/**
 * Server-side input schemas with the exact messages of spec 5, built on the
 * same rules the islands use (validation.ts), so both sides agree.
 */
import { z } from 'zod';
import { DEFAULT_AREA_NUM, FILTER_TYPES, MAX_PAGE_SIZE, PAGE_SIZE } from './constants.ts';
import { PATH_MSG, PLAN_LIMITS } from './learning-paths.ts';
import { checkQuestion } from './lesson-questions.ts';
import { MSG } from './messages.ts';
import {
  checkCaptcha,
  checkCommentContent,
  checkPassword,
  checkPhone,
  checkSmsCode,
  isAreaCode,
} from './validation.ts';
import './zod-locale.ts';

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
  /** Needed once the account has had many wrong passwords (code 428 says so). */
  captcha: z.string().max(16).optional(),
  captchaId: z.string().max(64).optional(),
});
export type PasswordLoginInput = z.infer<typeof passwordLoginSchema>;

// Ids, paging and list filters, shared by every route (issue 10: defined once).
const blankToUndefined = (v: unknown) =>
  v === '' || v === undefined || v === null ? undefined : v;

/** Ids come as numbers or digit strings; `true` must not coerce to id 1. */
const idValue = (v: unknown) => (typeof v === 'boolean' ? Number.NaN : blankToUndefined(v));

/** A positive integer id; a missing or blank one is a 400. */
export const requiredId = z.preprocess(
  idValue,
  z.coerce
    .number({ error: MSG.invalidId })
    .int(MSG.invalidId)
    .positive(MSG.invalidId)
    .max(2_147_483_647, MSG.invalidId),
);

/** A positive integer id, or undefined when blank (the label row's 全部 has an empty id, spec 3). */
export const optionalId = z.preprocess(
  idValue,
  z.coerce
    .number({ error: MSG.invalidId })
    .int(MSG.invalidId)
    .positive(MSG.invalidId)
    .max(2_147_483_647, MSG.invalidId)
    .optional(),
);

/** How many items a short list returns; bad values fall back to the default. */
export const limitOf = (fallback: number) =>
  z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(fallback).default(fallback);

/** A list filter of spec 4 (1 recommended, 2 newest, 3 hot), optional; anything else is a 400. */
export const filterType = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: MSG.badRequest })
    .refine((n): n is 1 | 2 | 3 => (FILTER_TYPES as readonly number[]).includes(n), MSG.badRequest)
    .optional(),
);

/** A searched word: trimmed, at most 50 characters. */
export const searchWord = z.preprocess(
  blankToUndefined,
  z.string().trim().max(50, MSG.badRequest).optional(),
);

/** page (from 1) and size, as query strings or numbers; bad values fall back to defaults. */
export const pageSchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).catch(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).catch(PAGE_SIZE).default(PAGE_SIZE),
});
export type PageInput = z.infer<typeof pageSchema>;

/** A comment's text: the rule the comment island checks too (validation.ts). */
export const commentContentSchema = ruled(checkCommentContent, false);
export const questionContentSchema = ruled(checkQuestion, false);

// Learning paths (issue 28): kept out of shared/learning-paths.ts, which the path island loads
// (zod's check for eval is a CSP violation on a page).
/** Study days as a form sends them: '1,3,5' or [1, 3, 5] → [1, 3, 5] (sorted, once each). */
export const studyDaysSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v),
  z
    .array(
      z.coerce
        .number({ error: PATH_MSG.dayInvalid })
        .int(PATH_MSG.dayInvalid)
        .min(1, PATH_MSG.dayInvalid)
        .max(7, PATH_MSG.dayInvalid),
      { error: PATH_MSG.daysEmpty },
    )
    .min(1, PATH_MSG.daysEmpty)
    .max(7, PATH_MSG.dayInvalid)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
);

/** The weekly plan a member sets: study days and steps per week (1–20). */
export const planSchema = z.object({
  days: studyDaysSchema,
  stepsPerWeek: z.coerce
    .number({ error: PATH_MSG.stepsInvalid })
    .int(PATH_MSG.stepsInvalid)
    .min(PLAN_LIMITS.minSteps, PATH_MSG.stepsInvalid)
    .max(PLAN_LIMITS.maxSteps, PATH_MSG.stepsInvalid),
});
export type PlanInput = z.infer<typeof planSchema>;
