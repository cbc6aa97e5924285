/**
 * Comments on articles, courses, live broadcasts, videos and short videos
 * (spec 7: /api/comment/list, /api/comment/add). Content is stored as plain
 * text and escaped wherever it is shown; a flood limit holds per member.
 */
import {
  commitChange,
  consumeLimits,
  listPage,
  type Paged,
  type PageInput,
  stripControls,
} from '../../lib/index.ts';
import { checkCommentContent } from '../../../../shared/validation.ts';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { AppError } from '../../../errors.ts';
import { iso } from '../../../clock.ts';
import { commentTags } from '../../../cache/tags.ts';
import type { Database } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';
import { fmt, MSG } from '../../../../shared/messages.ts';
import { targetUrl, targetVisible, type Target } from '../targets.ts';
import { checkNotBanned, matchesWordList } from '../manage-moderation.ts';
import { MEMBERS_MSG } from '../messages.ts';
import { noteMemberRegion } from '../../accounts/index.ts';
import { ipRegion } from '../../lib/index.ts';

/** Per member: 5 comments a minute, 100 a day. */
const FLOOD = [
  { windowMs: 60_000, max: 5 },
  { windowMs: 24 * 60 * 60_000, max: 100 },
] as const;

/** Takes one from the member's comment allowance (lesson questions count too), or throws. */
export async function consumeCommentFlood(deps: D, userId: number): Promise<void> {
  await consumeLimits(
    deps,
    FLOOD.map((f) => ({
      bucket: `comment:user:${userId}:${f.windowMs}`,
      windowMs: f.windowMs,
      max: f.max,
      message: (s) => fmt(MEMBERS_MSG.comment.flood, { n: s }),
    })),
  );
}

export interface CommentView {
  id: number;
  content: string;
  createdAt: string;
  userName: string;
  userPhoto: string | null;
  /** IP 属地 of the poster when posting (广东, 美国, 未知); null for comments older than it. */
  ipRegion: string | null;
  /** Whether the asking member wrote it (they may delete it). */
  mine: boolean;
  /** Held for review (its text matched the word list): only its author sees it, until approved. */
  held?: boolean;
}

type D = Pick<Deps, 'db' | 'clock' | 'cache'>;

/** Trims a comment and checks its length; throws the Chinese reason when it is unusable. */
export function cleanComment(
  raw: string,
  check: (text: string) => string | null = checkCommentContent,
): string {
  const text = stripControls(raw).trim();
  const problem = check(text);
  if (problem) throw AppError.badRequest(problem);
  return text;
}

/**
 * Which comments (as `m`) a reader sees: hidden ones are for no one, a held one only for its
 * author. Comments and lesson questions share it.
 */
export function shownTo(viewerId: number | null) {
  return (eb: ExpressionBuilder<{ m: DB['comments'] }, 'm'>) =>
    viewerId === null
      ? eb('m.status', '=', 'visible')
      : eb.or([
          eb('m.status', '=', 'visible'),
          eb.and([eb('m.status', '=', 'held'), eb('m.user_id', '=', viewerId)]),
        ]);
}

/** Comments of a public item, newest first, with the count; unknown items are not found. */
export async function listComments(
  deps: D,
  target: Target,
  page: PageInput,
  viewerId: number | null,
): Promise<Paged<CommentView>> {
  if (!(await targetVisible(deps, target))) throw AppError.notFound();
  const base = deps.db
    .selectFrom('comments as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.target_type', '=', target.targetType)
    .where('m.target_id', '=', target.targetId)
    .where(shownTo(viewerId));
  return listPage(
    base,
    (q) =>
      q
        .select([
          'm.id',
          'm.content',
          'm.created_at',
          'm.user_id',
          'm.status',
          'm.ip_region',
          'u.name',
          'u.photo',
        ])
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc'),
    (r) => ({
      id: r.id,
      content: r.content,
      createdAt: r.created_at,
      userName: r.name,
      userPhoto: r.photo,
      ipRegion: r.ip_region,
      mine: r.user_id === viewerId,
      ...(r.status === 'held' ? { held: true } : {}),
    }),
    page,
  );
}

/**
 * Adds a member's comment to a public item and returns it as the list shows it; `ip` is the
 * poster's address, kept only as its region (IP 属地).
 */
export async function addComment(
  deps: D,
  userId: number,
  target: Target,
  raw: string,
  ip: string,
): Promise<CommentView> {
  const content = cleanComment(raw);
  if (!(await targetVisible(deps, target))) throw AppError.notFound(MSG.commentFailure);
  await checkNotBanned(deps, userId);
  await consumeCommentFlood(deps, userId);
  const createdAt = iso(deps.clock.now());
  const held = await matchesWordList(deps.db, content);
  const region = ipRegion(ip);
  // A visible comment shows on the item's page (rendered and exported with its comments).
  const row = await commitChange(deps, async (trx) => {
    const inserted = await trx
      .insertInto('comments')
      .values({
        target_type: target.targetType,
        target_id: target.targetId,
        user_id: userId,
        content,
        status: held ? 'held' : 'visible',
        created_at: createdAt,
        ip_region: region,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await noteMemberRegion(trx, userId, region);
    return {
      value: inserted,
      tags: held ? [] : [commentTags.of(target.targetType, target.targetId)],
    };
  });
  const user = await deps.db
    .selectFrom('users')
    .select(['name', 'photo'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    content,
    createdAt,
    userName: user.name,
    userPhoto: user.photo,
    ipRegion: region,
    mine: true,
    ...(held ? { held: true } : {}),
  };
}

/** Deletes a comment of the member's own; anyone else's is "not found". */
export async function deleteOwnComment(deps: D, userId: number, id: number): Promise<void> {
  await changeComment(deps, id, async (trx) => {
    const res = await trx
      .deleteFrom('comments')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw AppError.notFound();
  });
}

/**
 * Changes a comment (deleted, hidden, approved) and refreshes its item's page, which renders
 * the visible comments; throws what `write` throws, nothing changed.
 */
export async function changeComment<T>(
  deps: Pick<Deps, 'db' | 'cache'>,
  id: number,
  write: (trx: Database) => Promise<T>,
): Promise<T> {
  return commitChange(deps, async (trx) => {
    const c = await trx
      .selectFrom('comments')
      .select(['target_type', 'target_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    const value = await write(trx);
    return { value, tags: c ? [commentTags.of(c.target_type, c.target_id)] : [] };
  });
}

export interface ReplyView {
  id: number;
  content: string;
  createdAt: string;
  userName: string;
  articleId: number;
  articleTitle: string;
  url: string;
}

/** Others' comments on the member's own articles, newest first (the "replies" of mymsg). */
export async function listReplies(deps: D, userId: number, limit = 50): Promise<ReplyView[]> {
  const rows = await deps.db
    .selectFrom('comments as m')
    .innerJoin('articles as a', (j) =>
      j.onRef('a.id', '=', 'm.target_id').on('m.target_type', '=', 'article'),
    )
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.id', 'm.content', 'm.created_at', 'u.name', 'a.id as article_id', 'a.title'])
    .where('a.user_id', '=', userId)
    .where('m.user_id', '!=', userId)
    .orderBy('m.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    content: r.content,
    createdAt: r.created_at,
    userName: r.name,
    articleId: r.article_id,
    articleTitle: r.title,
    url: targetUrl('article', r.article_id),
  }));
}
