/**
 * Input pieces and helpers the route families share (staff forms post
 * strings). Part of the API framework: it never imports a route file.
 */
import { z } from 'zod';
import { MSG } from '../../shared/messages.ts';
import { requiredId } from '../../shared/schemas.ts';
import type { Deps } from '../deps.ts';
import type { AuditTarget } from '../services/audit/index.ts';
import { route, type Access, type RouteDef } from './define.ts';
import { API_MSG } from './messages.ts';
import { toSeconds } from '../../shared/duration.ts';
import { ON_SITE_OR_HTTPS } from '../../shared/urls.ts';
import { MEDIA_TEXT_MSG, parseChapters, parseVtt } from '../../shared/media-text.ts';

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
    .max(500, API_MSG.urlTooLong)
    .regex(ON_SITE_OR_HTTPS, MSG.form.url)
    .nullable()
    .optional(),
);

/** An address of at most 500 characters, taken as given; '' clears it. */
export const anyUrl = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string().max(500, API_MSG.urlTooLong).nullable().optional(),
);

/** A media address: a site path or an https URL; '' clears it. */
export const mediaUrl = z.preprocess(
  (v) => (v === '' ? null : v),
  z
    .string({ error: API_MSG.mediaUrl })
    .trim()
    .max(500, API_MSG.mediaUrl)
    .regex(ON_SITE_OR_HTTPS, API_MSG.mediaUrl)
    .regex(/^\S+$/, API_MSG.mediaUrl)
    .nullable(),
);

/** A list position, 0 to 9999; left out keeps it. */
export const displayOrder = z.coerce
  .number({ error: API_MSG.order })
  .int(API_MSG.order)
  .min(0, API_MSG.order)
  .max(9999, API_MSG.order)
  .optional();

/** The audit target id of a create: the id in the answer. */
export const createdId = (_input: unknown, answer?: unknown) =>
  (answer as { id?: number } | undefined)?.id;

/** The audit target id of an edit or delete: the input's id. */
export const inputId = (input: { id: number }) => input.id;

/** A length of 1 s to 24 h, typed as toSeconds (src/shared/duration.ts) reads it. */
export const duration = z.preprocess(
  toSeconds,
  z
    .number({ error: MSG.form.duration })
    .int(MSG.form.duration)
    .min(1, MSG.form.duration)
    .max(86_400, MSG.form.duration),
);

/** Ids as a form sends them: '3,1,2' or [3, 1, 2] → [3, 1, 2]; '' → []. */
export const idList = (message: string, min = 0) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').filter((x) => x.trim() !== '') : v),
    z
      .array(z.coerce.number({ error: message }).int(message).positive(message), { error: message })
      .min(min, message)
      .max(1000, message),
  );

/** A required text of at most `max` characters (at least `min`), trimmed. */
export const text = (max: number, message: string, min = 1) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);

export const withId = z.object({ id: requiredId });

/** A staff list answer: the rows and their count. */
export const listed = <T>(list: T[]) => ({ list, count: list.length });

/** Staff create/update/delete of one kind under /api/admin/<kind>/, audited under `target`. */
export function crud<S extends z.ZodObject, U extends z.ZodObject = S>(opts: {
  kind: string;
  target: AuditTarget;
  schema: S;
  /** Who may use the calls (default: staff with the content section). */
  access?: Access;
  /** The fields an edit takes, when not every create field made optional. */
  updateSchema?: U;
  /** The kind's list call, when it has one of its own. */
  list?: RouteDef;
  create(deps: Deps, input: z.infer<S>): Promise<unknown>;
  update(deps: Deps, id: number, input: Partial<z.infer<U>>): Promise<unknown>;
  remove(deps: Deps, id: number): Promise<unknown>;
}): RouteDef[] {
  const base = `/api/admin/${opts.kind}`;
  const access = opts.access ?? 'staff:content';
  return [
    ...(opts.list ? [opts.list] : []),
    route({
      method: 'post',
      path: `${base}/create`,
      access,
      audit: { target: opts.target, id: createdId },
      input: opts.schema,
      handler: ({ deps, input }) => opts.create(deps, input as z.infer<S>),
    }),
    route({
      method: 'post',
      path: `${base}/update`,
      access,
      audit: { target: opts.target, id: inputId },
      input: (opts.updateSchema ?? opts.schema).partial().extend({ id: requiredId }),
      handler: ({ deps, input }) => {
        const { id, ...rest } = input as { id: number };
        return opts.update(deps, id, rest as Partial<z.infer<U>>);
      },
    }),
    route({
      method: 'post',
      path: `${base}/delete`,
      access,
      audit: { target: opts.target, id: inputId },
      input: withId,
      handler: ({ deps, input }) => opts.remove(deps, input.id),
    }),
  ];
}

/**
 * Chapters as the console types them, one `分:秒 标题` line each (src/shared/media-text.ts);
 * '' clears them. A refusal names the line. The service checks them against the video's length.
 */
export const chapters = z
  .string({ error: MSG.badRequest })
  .max(20_000, MEDIA_TEXT_MSG.chapterCount)
  .transform((v, ctx) => {
    const r = parseChapters(v);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.message });
    return z.NEVER;
  });

/** Subtitles as an uploaded WebVTT file's text, read into cues; '' removes them (null). */
export const subtitles = z.string({ error: MSG.badRequest }).transform((v, ctx) => {
  if (v.trim() === '') return null;
  const r = parseVtt(v);
  if (r.ok) return r.value;
  ctx.addIssue({ code: 'custom', message: r.message });
  return z.NEVER;
});
