/**
 * Community moderation (issue 12): comments hidden, shown or deleted by
 * staff; a word list that holds matching comments for review; members
 * banned from commenting until a time, disabled (no login, sessions ended)
 * or signed out everywhere; member search by phone or name. Staff accounts
 * are out of reach of these actions.
 */
import { sql } from 'kysely';
import { formatDateTime } from '../../../shared/format.ts';
import { fmt } from '../../../shared/messages.ts';
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { endUserSessions, setUserBan, setUserDisabled } from '../accounts/index.ts';
import { memberTags } from '../../cache/tags.ts';
import {
  commitChange,
  containsPattern,
  listPage,
  type Paged,
  type PageInput,
} from '../lib/index.ts';
import { targetUrl } from './targets.ts';
import { lessonNoteUrl } from '../../../shared/member-notes.ts';
import { changeComment } from './comments/comments.ts';
import { MEMBERS_MSG } from './messages.ts';

type D = Pick<Deps, 'db' | 'clock'>;

export type CommentStatus = 'visible' | 'hidden' | 'held';

/** Whether a comment's text contains a word of the list (it is then held for review). */
export async function matchesWordList(db: Database, text: string): Promise<boolean> {
  const words = await db.selectFrom('moderation_words').select('word').execute();
  const lower = text.toLowerCase();
  return words.some((w) => lower.includes(w.word.toLowerCase()));
}

/**
 * Refuses a member banned until later than now (their comment, or with `messages` their live
 * chat message), naming the ban's end; and, with `messages.disabled`, a disabled account.
 */
export async function checkNotBanned(
  deps: D,
  userId: number,
  messages: { banned: string; disabled?: string } = MEMBERS_MSG.moderation,
): Promise<void> {
  const u = await deps.db
    .selectFrom('users')
    .select(['banned_until', 'disabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (messages.disabled && (!u || u.disabled === 1)) throw AppError.forbidden(messages.disabled);
  if (u?.banned_until && u.banned_until > iso(deps.clock.now()))
    throw AppError.forbidden(fmt(messages.banned, { until: formatDateTime(u.banned_until) }));
}

export interface AdminCommentView {
  id: number;
  content: string;
  status: CommentStatus;
  createdAt: string;
  userId: number;
  userName: string;
  targetType: string;
  targetId: number;
  url: string;
}

export async function listAdminComments(
  deps: Pick<Deps, 'db'>,
  opts: PageInput & { status?: CommentStatus; word?: string; userId?: number },
): Promise<Paged<AdminCommentView>> {
  const base = deps.db
    .selectFrom('comments as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .$if(opts.status !== undefined, (q) => q.where('m.status', '=', opts.status!))
    .$if(opts.userId !== undefined, (q) => q.where('m.user_id', '=', opts.userId!))
    .$if(!!opts.word, (q) =>
      q.where(sql<boolean>`lower(m.content) LIKE ${containsPattern(opts.word!)} ESCAPE '\\'`),
    );
  return listPage(
    base,
    (q) =>
      q
        // A lesson's question links to its lesson on the course page.
        .leftJoin('lessons as l', (j) =>
          j.onRef('l.id', '=', 'm.target_id').on('m.target_type', '=', 'lesson'),
        )
        .select([
          'm.id',
          'm.content',
          'm.status',
          'm.created_at',
          'm.user_id',
          'u.name',
          'm.target_type',
          'm.target_id',
          'l.course_id as lesson_course',
        ])
        .orderBy('m.id', 'desc'),
    (r) => ({
      id: r.id,
      content: r.content,
      status: r.status,
      createdAt: r.created_at,
      userId: r.user_id,
      userName: r.name,
      targetType: r.target_type,
      targetId: r.target_id,
      url:
        r.lesson_course !== null
          ? lessonNoteUrl(r.lesson_course, r.target_id, 0)
          : targetUrl(r.target_type as Parameters<typeof targetUrl>[0], r.target_id),
    }),
    opts,
  );
}

/** Hides a comment from everyone, or shows it (approving a held one). */
export async function setCommentStatus(
  deps: Pick<Deps, 'db' | 'cache'>,
  id: number,
  status: 'visible' | 'hidden',
): Promise<{ id: number; status: CommentStatus }> {
  return changeComment(deps, id, async (trx) => {
    const res = await trx
      .updateTable('comments')
      .set({ status })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0)
      throw AppError.notFound(MEMBERS_MSG.moderation.commentMissing);
    return { id, status };
  });
}

export async function deleteComment(
  deps: Pick<Deps, 'db' | 'cache'>,
  id: number,
): Promise<{ id: number }> {
  return changeComment(deps, id, async (trx) => {
    const res = await trx.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0)
      throw AppError.notFound(MEMBERS_MSG.moderation.commentMissing);
    return { id };
  });
}

/** A member (never staff) that an action may target. */
async function memberOnly(db: Database, userId: number): Promise<void> {
  const u = await db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
  if (!u) throw AppError.notFound(MEMBERS_MSG.moderation.memberMissing);
  if (u.role !== 'member') throw AppError.forbidden(MEMBERS_MSG.moderation.staffProtected);
}

/** Bans a member from commenting for `days` days from now; 0 lifts a ban. */
export async function banMember(
  deps: D,
  userId: number,
  days: number,
): Promise<{ userId: number; bannedUntil: string | null }> {
  if (!Number.isInteger(days) || days < 0 || days > 365)
    throw AppError.badRequest(MEMBERS_MSG.moderation.banDays);
  await memberOnly(deps.db, userId);
  const until = days === 0 ? null : iso(new Date(deps.clock.now().getTime() + days * 86_400_000));
  await setUserBan(deps.db, userId, until);
  return { userId, bannedUntil: until };
}

/** Signs a member out everywhere; answers how many sessions ended. */
export async function endSessions(deps: Pick<Deps, 'db'>, userId: number): Promise<number> {
  await memberOnly(deps.db, userId);
  return endUserSessions(deps.db, userId);
}

/** Disables a member (no login, every session ended) or enables them again. */
export async function setMemberDisabled(
  deps: Pick<Deps, 'db' | 'cache'>,
  userId: number,
  disabled: boolean,
): Promise<{ userId: number; disabled: boolean }> {
  await memberOnly(deps.db, userId);
  // A disabled member's public page goes (a 404), and comes back when enabled.
  return commitChange(deps, async (trx) => {
    await setUserDisabled(trx, userId, disabled);
    return { value: { userId, disabled }, tags: [memberTags.one(userId)] };
  });
}

export interface AdminMemberView {
  id: number;
  name: string;
  mobile: string;
  areaNum: string;
  role: string;
  disabled: boolean;
  bannedUntil: string | null;
  createdAt: string;
  comments: number;
}

/** Members by phone (any part of it) or name, newest first. */
export async function searchMembers(
  deps: Pick<Deps, 'db'>,
  opts: PageInput & { word?: string },
): Promise<Paged<AdminMemberView>> {
  const word = opts.word?.trim();
  const base = deps.db
    .selectFrom('users as u')
    .$if(!!word, (q) =>
      q.where((eb) =>
        eb.or([
          sql<boolean>`u.mobile LIKE ${containsPattern(word!)} ESCAPE '\\'`,
          sql<boolean>`lower(u.name) LIKE ${containsPattern(word!)} ESCAPE '\\'`,
        ]),
      ),
    );
  return listPage(
    base,
    (q) =>
      q
        .select([
          'u.id',
          'u.name',
          'u.mobile',
          'u.area_num',
          'u.role',
          'u.disabled',
          'u.banned_until',
          'u.created_at',
          (eb) =>
            eb
              .selectFrom('comments as m')
              .select((e) => e.fn.countAll<number>().as('n'))
              .whereRef('m.user_id', '=', 'u.id')
              .as('comments'),
        ])
        .orderBy('u.id', 'desc'),
    (r) => ({
      id: r.id,
      name: r.name,
      mobile: r.mobile,
      areaNum: r.area_num,
      role: r.role,
      disabled: r.disabled === 1,
      bannedUntil: r.banned_until,
      createdAt: r.created_at,
      comments: Number(r.comments ?? 0),
    }),
    opts,
  );
}

export async function listWords(deps: Pick<Deps, 'db'>): Promise<{ id: number; word: string }[]> {
  return deps.db.selectFrom('moderation_words').select(['id', 'word']).orderBy('word').execute();
}

export async function addWord(deps: D, raw: string): Promise<{ id: number; word: string }> {
  const word = raw.trim();
  if (!word || [...word].length > 20) throw AppError.badRequest(MEMBERS_MSG.moderation.wordInvalid);
  const row = await deps.db
    .insertInto('moderation_words')
    .values({ word, created_at: iso(deps.clock.now()) })
    .onConflict((oc) => oc.column('word').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) throw AppError.badRequest(MEMBERS_MSG.moderation.wordExists);
  return { id: row.id, word };
}

export async function deleteWord(deps: Pick<Deps, 'db'>, id: number): Promise<{ id: number }> {
  const res = await deps.db.deleteFrom('moderation_words').where('id', '=', id).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw AppError.notFound(MEMBERS_MSG.moderation.wordMissing);
  return { id };
}
