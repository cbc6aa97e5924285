/**
 * Short videos for staff (issue 12): title, the video (a site path — an
 * uploaded MP4 or an HLS playlist — or an https address), cover, author,
 * length, recommended. Each change re-indexes search in its transaction and
 * drops the short-video pages and the home page; a deleted video takes its
 * comments, favourites and likes with it.
 */
import { pageTags, searchTags, shortVideoTags } from '../../cache/tags.ts';
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { reindexDocument, removeDocument } from '../search/index.ts';
import { dropMemberActivity } from '../members/index.ts';
import { commitChange, containsPattern, listPage, type PageInput } from '../lib/index.ts';
import { sql } from 'kysely';
import { VIDEOS_MSG } from './messages.ts';

export interface ShortVideoInput {
  title: string;
  path: string;
  cover?: string | null;
  author: string;
  durationSeconds: number;
  recommended?: boolean;
}

/** Newest first, searchable by title, with views and likes. */
export async function listAdminShortVideos(
  deps: Pick<Deps, 'db'>,
  opts: PageInput & { q?: string },
) {
  const q = opts.q?.trim();
  const base = deps.db
    .selectFrom('short_videos')
    .$if(!!q, (b) => b.where(sql<boolean>`lower(title) LIKE ${containsPattern(q!)} ESCAPE '\\'`));
  return listPage(
    base,
    (q) => q.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    (v) => ({
      id: v.id,
      title: v.title,
      path: v.path,
      cover: v.cover,
      author: v.author,
      durationSeconds: v.duration_seconds,
      recommended: v.recommended === 1,
      views: v.view_count,
      likes: v.laud_count,
      createdAt: v.created_at,
    }),
    opts,
  );
}

async function reindexed(trx: Database, id: number): Promise<string[]> {
  await reindexDocument({ db: trx }, 'shortvideo', id);
  return [shortVideoTags.one(id), shortVideoTags.list, pageTags.home, searchTags.list];
}

export async function createShortVideo(
  deps: Deps,
  input: ShortVideoInput,
): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('short_videos')
      .values({
        title: input.title,
        path: input.path,
        cover: input.cover ?? null,
        author: input.author,
        duration_seconds: input.durationSeconds,
        recommended: input.recommended ? 1 : 0,
        created_at: iso(deps.clock.now()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { value: { id: row.id }, tags: await reindexed(trx, row.id) };
  });
}

export async function updateShortVideo(
  deps: Deps,
  id: number,
  input: Partial<ShortVideoInput>,
): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const done = await trx
      .updateTable('short_videos')
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.path !== undefined && { path: input.path }),
        ...(input.cover !== undefined && { cover: input.cover }),
        ...(input.author !== undefined && { author: input.author }),
        ...(input.durationSeconds !== undefined && { duration_seconds: input.durationSeconds }),
        ...(input.recommended !== undefined && { recommended: input.recommended ? 1 : 0 }),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) === 0) throw AppError.notFound(VIDEOS_MSG.shortVideo.missing);
    return { value: { id }, tags: await reindexed(trx, id) };
  });
}

export async function deleteShortVideo(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    await dropMemberActivity(trx, 'shortvideo', id);
    const done = await trx.deleteFrom('short_videos').where('id', '=', id).executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw AppError.notFound(VIDEOS_MSG.shortVideo.missing);
    await removeDocument({ db: trx }, 'shortvideo', id);
    return {
      value: { id },
      tags: [shortVideoTags.one(id), shortVideoTags.list, pageTags.home, searchTags.list],
    };
  });
}
