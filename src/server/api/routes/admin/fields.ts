/** Input pieces every admin route family shares (forms post strings). */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';

/** '1'/'true' → true, '0'/'false' → false. */
export const flag = z.preprocess(
  (v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : v),
  z.boolean({ error: MSG.badRequest }),
);

/** An address on this site or an https URL ('//host' refused); '' clears it. */
export const siteUrl = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string()
    .max(500, '地址不能超过500个字')
    .regex(/^(https:\/\/|\/(?!\/))/, '地址须以 https:// 或 / 开头')
    .nullable()
    .optional(),
);

/** The audit target id of a create: the id in the answer. */
export const createdId = (_input: unknown, answer?: unknown) =>
  (answer as { id?: number } | undefined)?.id;

/** The audit target id of an edit or delete: the input's id. */
export const inputId = (input: { id: number }) => input.id;
