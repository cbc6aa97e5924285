/**
 * The items members comment on, favourite and like (spec 7: `targetType` and
 * `targetId`): whether one is visible to the public, its title and page, and
 * the table that keeps its like count.
 */
import { z } from 'zod';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { TARGET_TYPES, type TargetType } from '../../../shared/constants.ts';
import { MSG } from '../../../shared/messages.ts';
import { urls } from '../../../shared/urls.ts';
import { MEMBERS_MSG } from './messages.ts';

/** Chinese names of the target types, as the collect categories show them. */
export const TARGET_NAMES: Record<TargetType, string> = MEMBERS_MSG.targetNames;

/** The zod fields every comment, favourite and like call takes. */
export const targetSchema = z.object({
  targetType: z.enum(TARGET_TYPES, { error: MEMBERS_MSG.targetInvalid }),
  targetId: z.coerce.number({ error: MSG.invalidId }).int(MSG.invalidId).positive(MSG.invalidId),
});
export type Target = z.infer<typeof targetSchema>;

/** The page of an item. */
export function targetUrl(type: string, id: number): string {
  if (type === 'article') return urls.article(id);
  if (type === 'course') return urls.course(id);
  if (type === 'live') return urls.liveDetail(id);
  if (type === 'shortvideo') return urls.shortVideo(id);
  if (type === 'video') return urls.video(id);
  return urls.home();
}

type D = Pick<Deps, 'db' | 'clock'>;

/** Titles of the public items among `ids` of one type, by id. */
export async function publicTitles(
  deps: D,
  type: string,
  ids: number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (ids.length === 0) return out;
  const now = iso(deps.clock.now());
  let rows: { id: number; title: string }[] = [];
  if (type === 'article') {
    rows = await deps.db
      .selectFrom('articles')
      .select(['id', 'title'])
      .where('id', 'in', ids)
      .where('status', '=', 'published')
      .where('published_at', '<=', now)
      .execute();
  } else if (type === 'course') {
    rows = await deps.db
      .selectFrom('courses')
      .select(['id', 'title'])
      .where('id', 'in', ids)
      .where('published', '=', 1)
      .execute();
  } else if (type === 'live' || type === 'video' || type === 'shortvideo') {
    const table =
      type === 'live' ? 'live_broadcasts' : type === 'video' ? 'videos' : 'short_videos';
    rows = await deps.db.selectFrom(table).select(['id', 'title']).where('id', 'in', ids).execute();
  }
  for (const r of rows) out.set(r.id, r.title);
  return out;
}

/** Whether the item exists and the public may see it (unpublished articles may not). */
export async function targetVisible(deps: D, t: Target): Promise<boolean> {
  return (await publicTitles(deps, t.targetType, [t.targetId])).has(t.targetId);
}

/** The table whose `laud_count` counts an item's likes, if its type keeps one. */
export function laudTable(type: string): 'articles' | 'videos' | 'short_videos' | null {
  if (type === 'article') return 'articles';
  if (type === 'video') return 'videos';
  if (type === 'shortvideo') return 'short_videos';
  return null;
}
