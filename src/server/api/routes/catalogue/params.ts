/** Input pieces shared by the learning routes: ids, list sizes and filter types. */
import { z } from 'zod';
import { FILTER_TYPES, MAX_PAGE_SIZE } from '../../../../shared/constants.ts';
import { MSG } from '../../../../shared/messages.ts';

const blankToUndefined = (v: unknown) =>
  v === '' || v === undefined || v === null ? undefined : v;

/** A positive integer id; a missing or blank one is a 400. */
export const requiredId = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: MSG.invalidId })
    .int(MSG.invalidId)
    .positive(MSG.invalidId)
    .max(2_147_483_647, MSG.invalidId),
);

/** A positive integer id, or undefined when blank (the label row's 全部 has an empty id, spec 3). */
export const optionalId = z.preprocess(
  blankToUndefined,
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
