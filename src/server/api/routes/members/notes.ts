/**
 * Notes and bookmarks (issue 23): add, list one item's, list all of mine, change, delete, and
 * export all of mine as Markdown. Every call is the member's own: another member's note is
 * answered as missing. The limits are the ones the islands check (src/shared/member-notes.ts).
 */
import { z } from 'zod';
import {
  NOTE_LIMITS,
  NOTE_TARGETS,
  NOTES_MSG,
  checkNoteBody,
  checkNoteQuote,
} from '../../../../shared/member-notes.ts';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  addNote,
  deleteNote,
  exportNotes,
  listMyNotes,
  listNotesOf,
  updateNote,
} from '../../../services/members/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { ok } from '../../errors.ts';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const text = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : v);

const target = z.object({
  targetType: z.enum(NOTE_TARGETS, { error: NOTES_MSG.targetInvalid }),
  targetId: requiredId,
});

/** A note's text: 1–1000 characters, trimmed. */
const bodySchema = z
  .preprocess(text, z.string({ error: NOTES_MSG.bodyEmpty }))
  .superRefine((v, ctx) => {
    const message = checkNoteBody(v);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform((v) => v.trim());

const whole = (max: number, error: string) =>
  z.preprocess(
    blank,
    z.coerce.number({ error }).int(error).min(0, error).max(max, error).optional(),
  );

const addSchema = target
  .extend({
    atSeconds: whole(NOTE_LIMITS.secondsMax, NOTES_MSG.secondsInvalid),
    paragraph: whole(NOTE_LIMITS.paragraphMax, NOTES_MSG.paragraphInvalid),
    quote: z.preprocess(blank, z.string().optional()),
    /** 1: a bookmark (lesson, live) or a bare highlight (article), whose text is empty. */
    bookmark: z.preprocess(blank, z.enum(['0', '1', 'true', 'false']).optional()),
    body: z.preprocess(text, z.string()),
  })
  .superRefine((v, ctx) => {
    const bare = v.bookmark === '1' || v.bookmark === 'true';
    const bodyMessage = bare && v.body.trim() === '' ? null : checkNoteBody(v.body);
    if (bodyMessage) ctx.addIssue({ code: 'custom', path: ['body'], message: bodyMessage });
    if (v.targetType === 'article') {
      const quoteMessage = checkNoteQuote(v.quote ?? '');
      if (quoteMessage) ctx.addIssue({ code: 'custom', path: ['quote'], message: quoteMessage });
      if (v.paragraph === undefined)
        ctx.addIssue({ code: 'custom', path: ['paragraph'], message: NOTES_MSG.paragraphInvalid });
    } else if (v.atSeconds === undefined)
      ctx.addIssue({ code: 'custom', path: ['atSeconds'], message: NOTES_MSG.secondsInvalid });
  });

export const noteRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/note/add',
    access: 'member',
    input: addSchema,
    async handler({ input, user, deps, c }) {
      const bare = input.bookmark === '1' || input.bookmark === 'true';
      const note = await addNote(deps, user!.id, {
        targetType: input.targetType,
        targetId: input.targetId,
        atSeconds: input.atSeconds,
        paragraph: input.paragraph,
        quote: input.quote?.trim(),
        body: input.body.trim(),
      });
      const message =
        input.targetType === 'article'
          ? NOTES_MSG.highlighted
          : bare && !note.body
            ? NOTES_MSG.bookmarked
            : NOTES_MSG.saved;
      return c.json(ok(note, message));
    },
  }),
  route({
    method: 'get',
    path: '/api/note/list',
    access: 'member',
    input: target,
    handler: async ({ input, user, deps }) => ({
      list: await listNotesOf(deps, user!.id, input),
    }),
  }),
  route({
    method: 'get',
    path: '/api/note/mine',
    access: 'member',
    input: pageSchema,
    handler: ({ input, user, deps }) => listMyNotes(deps, user!.id, input),
  }),
  route({
    method: 'post',
    path: '/api/note/update',
    access: 'owner',
    input: z.object({ id: requiredId, body: bodySchema }),
    message: NOTES_MSG.updated,
    handler: ({ input, user, deps }) => updateNote(deps, user!.id, input.id, input.body),
  }),
  route({
    method: 'post',
    path: '/api/note/delete',
    access: 'owner',
    input: z.object({ id: requiredId }),
    message: NOTES_MSG.deleted,
    handler: async ({ input, user, deps }) => {
      await deleteNote(deps, user!.id, input.id);
      return null;
    },
  }),
  route({
    method: 'get',
    path: '/api/note/export',
    access: 'member',
    handler: async ({ user, deps }) => {
      const out = await exportNotes(deps, user!.id);
      return new Response(out.markdown, {
        headers: {
          'Content-Type': 'text/markdown; charset=utf-8',
          'Content-Disposition': `attachment; filename="notes-${out.day}.md"; filename*=UTF-8''${encodeURIComponent(out.filename)}`,
          'Cache-Control': 'private, no-store',
        },
      });
    },
  }),
];
