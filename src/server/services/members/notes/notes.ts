/**
 * Notes and bookmarks (issue 23): a member's private note at a second of a lesson or a live
 * replay, or on a highlighted passage of an article. Only the member who wrote a note reads,
 * changes or deletes it; another member's note answers as missing. A lesson is noted only by a
 * member gating lets watch it (commerce canWatch), a replay only by one who may watch it (as
 * the live player decides), an article only while it is published. A member keeps at most
 * NOTE_LIMITS.perTarget notes per item: counted and written under one lock per member and item
 * (an advisory lock on PostgreSQL; SQLite runs one write transaction at a time), so parallel
 * adds cannot pass it. An item taken down later keeps its notes; they show as 已下线.
 */
import { sql } from 'kysely';
import { iso } from '../../../clock.ts';
import { isPostgres } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import {
  NOTE_LIMITS,
  NOTES_MSG,
  articleNoteUrl,
  lessonNoteUrl,
  liveNoteUrl,
  type NoteTarget,
} from '../../../../shared/member-notes.ts';
import { canWatch, hasEntitlement } from '../../commerce/index.ts';
import { LEARNING_MSG } from '../../learning/index.ts';
import { LIVE_MSG } from '../../live/index.ts';
import { listPage, type Paged, type PageInput } from '../../lib/index.ts';

type D = Pick<Deps, 'db' | 'clock'>;

export interface NoteInput {
  targetType: NoteTarget;
  targetId: number;
  /** Lesson and live: the second noted. */
  atSeconds?: number | undefined;
  /** Article: the highlighted passage and its paragraph's index. */
  quote?: string | undefined;
  paragraph?: number | undefined;
  /** Empty only for a bookmark (lesson, live) or a bare highlight (article). */
  body: string;
}

export interface NoteView {
  id: number;
  targetType: NoteTarget;
  targetId: number;
  atSeconds: number | null;
  quote: string | null;
  paragraph: number | null;
  body: string;
  createdAt: string;
  updatedAt: string;
}

/** A note with the item it belongs to, for the user centre and the export. */
export interface MyNoteView extends NoteView {
  /** The lesson's, replay's or article's title; NOTES_MSG.gone when it is no longer public. */
  title: string;
  /** The course of a lesson note (its title), null otherwise. */
  courseId: number | null;
  courseTitle: string | null;
  /** Where the note was made (the second or the passage); '' when the item is gone. */
  url: string;
}

type Row = {
  id: number;
  target_type: NoteTarget;
  target_id: number;
  at_seconds: number | null;
  quote: string | null;
  paragraph: number | null;
  body: string;
  created_at: string;
  updated_at: string;
};

export const COLUMNS = [
  'id',
  'target_type',
  'target_id',
  'at_seconds',
  'quote',
  'paragraph',
  'body',
  'created_at',
  'updated_at',
] as const;

export function view(r: Row): NoteView {
  return {
    id: r.id,
    targetType: r.target_type,
    targetId: r.target_id,
    atSeconds: r.at_seconds === null ? null : Number(r.at_seconds),
    quote: r.quote,
    paragraph: r.paragraph === null ? null : Number(r.paragraph),
    body: r.body,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** Refuses a note on an item the member may not note, with the message its page would show. */
async function checkNotable(deps: D, userId: number, type: NoteTarget, id: number): Promise<void> {
  if (type === 'lesson') {
    const lesson = await deps.db
      .selectFrom('lessons as l')
      .innerJoin('courses as c', 'c.id', 'l.course_id')
      .select(['l.free_preview', 'c.id as course_id', 'c.price_cents'])
      .where('l.id', '=', id)
      .where('c.published', '=', 1)
      .executeTakeFirst();
    if (!lesson) throw AppError.notFound(LEARNING_MSG.lessonNotFound);
    const open =
      canWatch(
        { priceCents: lesson.price_cents, freePreview: lesson.free_preview === 1 },
        {
          memberId: userId,
          entitled: false,
        },
      ) || (await hasEntitlement(deps, userId, lesson.course_id));
    if (!open) throw AppError.forbidden(LEARNING_MSG.lessonLocked);
    return;
  }
  if (type === 'live') {
    const live = await deps.db
      .selectFrom('live_broadcasts as l')
      .leftJoin('courses as c', 'c.id', 'l.course_id')
      .select(['l.course_id', 'c.price_cents'])
      .where('l.id', '=', id)
      .executeTakeFirst();
    if (!live) throw AppError.notFound(LIVE_MSG.liveNotFound);
    // As the live player: a broadcast of a paid live course is for its entitled members only.
    if (
      live.course_id !== null &&
      (live.price_cents ?? 0) > 0 &&
      !(await hasEntitlement(deps, userId, live.course_id))
    )
      throw AppError.forbidden(LIVE_MSG.livePaid);
    return;
  }
  const article = await deps.db
    .selectFrom('articles')
    .select('id')
    .where('id', '=', id)
    .where('status', '=', 'published')
    .where('published_at', '<=', iso(deps.clock.now()))
    .executeTakeFirst();
  if (!article) throw AppError.notFound(NOTES_MSG.articleMissing);
}

/** The fields a note of this type keeps: a second for lessons and replays, a passage for articles. */
function placeOf(input: NoteInput): Pick<Row, 'at_seconds' | 'quote' | 'paragraph'> {
  if (input.targetType === 'article') {
    if (!input.quote) throw AppError.badRequest(NOTES_MSG.quoteEmpty);
    if (input.paragraph === undefined) throw AppError.badRequest(NOTES_MSG.paragraphInvalid);
    return { at_seconds: null, quote: input.quote, paragraph: input.paragraph };
  }
  if (input.atSeconds === undefined) throw AppError.badRequest(NOTES_MSG.secondsInvalid);
  return { at_seconds: input.atSeconds, quote: null, paragraph: null };
}

/** Adds a note (or a bookmark: an empty body) for the member; answers the stored note. */
export async function addNote(deps: D, userId: number, input: NoteInput): Promise<NoteView> {
  const place = placeOf(input);
  await checkNotable(deps, userId, input.targetType, input.targetId);
  const now = iso(deps.clock.now());
  return deps.db.transaction().execute(async (trx) => {
    if (isPostgres(trx)) {
      const lock = `member_notes:${userId}:${input.targetType}:${input.targetId}`;
      await sql`SELECT pg_advisory_xact_lock(hashtextextended(${lock}, 0))`.execute(trx);
    }
    const counted = await trx
      .selectFrom('member_notes')
      .select(sql<number | string>`count(*)`.as('n'))
      .where('user_id', '=', userId)
      .where('target_type', '=', input.targetType)
      .where('target_id', '=', input.targetId)
      .executeTakeFirst();
    if (Number(counted?.n ?? 0) >= NOTE_LIMITS.perTarget)
      throw AppError.badRequest(NOTES_MSG.tooMany);
    const row = await trx
      .insertInto('member_notes')
      .values({
        user_id: userId,
        target_type: input.targetType,
        target_id: input.targetId,
        ...place,
        body: input.body,
        created_at: now,
        updated_at: now,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return view(row);
  });
}

/** The member's notes on one item: by second (lesson, live) or by place in the text (article). */
export async function listNotesOf(
  deps: D,
  userId: number,
  t: { targetType: NoteTarget; targetId: number },
): Promise<NoteView[]> {
  const rows = await deps.db
    .selectFrom('member_notes')
    .select(COLUMNS)
    .where('user_id', '=', userId)
    .where('target_type', '=', t.targetType)
    .where('target_id', '=', t.targetId)
    .orderBy('at_seconds')
    .orderBy('paragraph')
    .orderBy('id')
    .execute();
  return rows.map(view);
}

/** Changes the text of one of the member's notes; another member's note is missing. */
export async function updateNote(
  deps: D,
  userId: number,
  id: number,
  body: string,
): Promise<NoteView> {
  const row = await deps.db
    .updateTable('member_notes')
    .set({ body, updated_at: iso(deps.clock.now()) })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(NOTES_MSG.noteMissing);
  return view(row);
}

/** Deletes one of the member's notes; another member's note is missing. */
export async function deleteNote(deps: D, userId: number, id: number): Promise<void> {
  const res = await deps.db
    .deleteFrom('member_notes')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw AppError.notFound(NOTES_MSG.noteMissing);
}

/** Titles and links of the items of some notes (public items only; others show as gone). */
export async function withItems(deps: D, notes: NoteView[]): Promise<MyNoteView[]> {
  const ids = (type: NoteTarget) => [
    ...new Set(notes.filter((n) => n.targetType === type).map((n) => n.targetId)),
  ];
  const lessonIds = ids('lesson');
  const liveIds = ids('live');
  const articleIds = ids('article');
  const [lessons, lives, articles] = await Promise.all([
    lessonIds.length === 0
      ? []
      : deps.db
          .selectFrom('lessons as l')
          .innerJoin('courses as c', 'c.id', 'l.course_id')
          .select(['l.id', 'l.title', 'c.id as course_id', 'c.title as course_title'])
          .where('l.id', 'in', lessonIds)
          .where('c.published', '=', 1)
          .execute(),
    liveIds.length === 0
      ? []
      : deps.db
          .selectFrom('live_broadcasts')
          .select(['id', 'title'])
          .where('id', 'in', liveIds)
          .execute(),
    articleIds.length === 0
      ? []
      : deps.db
          .selectFrom('articles')
          .select(['id', 'title'])
          .where('id', 'in', articleIds)
          .where('status', '=', 'published')
          .where('published_at', '<=', iso(deps.clock.now()))
          .execute(),
  ]);
  const lessonOf = new Map(lessons.map((l) => [l.id, l]));
  const liveOf = new Map(lives.map((l) => [l.id, l.title]));
  const articleOf = new Map(articles.map((a) => [a.id, a.title]));
  return notes.map((n) => {
    const none = { title: NOTES_MSG.gone, courseId: null, courseTitle: null, url: '' };
    if (n.targetType === 'lesson') {
      const l = lessonOf.get(n.targetId);
      if (!l) return { ...n, ...none };
      return {
        ...n,
        title: l.title,
        courseId: l.course_id,
        courseTitle: l.course_title,
        url: lessonNoteUrl(l.course_id, l.id, n.atSeconds ?? 0),
      };
    }
    if (n.targetType === 'live') {
      const title = liveOf.get(n.targetId);
      if (title === undefined) return { ...n, ...none };
      return { ...n, ...none, title, url: liveNoteUrl(n.targetId, n.atSeconds ?? 0) };
    }
    const title = articleOf.get(n.targetId);
    if (title === undefined) return { ...n, ...none };
    return { ...n, ...none, title, url: articleNoteUrl(n.targetId, n.id) };
  });
}

/** All of the member's notes, newest first, a page at a time, with their items. */
export async function listMyNotes(
  deps: D,
  userId: number,
  p: PageInput,
): Promise<Paged<MyNoteView>> {
  const page = await listPage(
    deps.db.selectFrom('member_notes').where('user_id', '=', userId),
    (q) => q.select(COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc'),
    view,
    p,
  );
  return { ...page, list: await withItems(deps, page.list) };
}
