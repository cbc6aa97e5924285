/**
 * Favourites (spec 7: /api/favorite/add, delete, list, category). One per
 * member per item: the unique constraint of migration 0001 decides races, and
 * a second add is answered as the success it already is.
 */
import { sql } from 'kysely';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { TARGET_TYPES, type TargetType } from '../../../shared/constants.ts';
import { MSG } from '../../../shared/messages.ts';
import { publicTitles, TARGET_NAMES, targetUrl, targetVisible, type Target } from './targets.ts';
import { countRows, type Paged, type PageInput, pageOf, pageRows } from '../lib/index.ts';
import { MEMBERS_MSG } from './messages.ts';

type D = Pick<Deps, 'db' | 'clock'>;

/** Favourites an item; already favourited is fine. Answers `favorite` as spec 4 stores it. */
export async function addFavorite(deps: D, userId: number, t: Target): Promise<{ favorite: 1 }> {
  if (!(await targetVisible(deps, t))) throw AppError.notFound(MSG.collectFailure);
  await deps.db
    .insertInto('favorites')
    .values({
      user_id: userId,
      target_type: t.targetType,
      target_id: t.targetId,
      created_at: iso(deps.clock.now()),
    })
    .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
    .execute();
  return { favorite: 1 };
}

/** Removes the member's favourite of an item; one that was never there is already removed. */
export async function deleteFavorite(deps: D, userId: number, t: Target): Promise<{ favorite: 0 }> {
  await deps.db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where('target_type', '=', t.targetType)
    .where('target_id', '=', t.targetId)
    .execute();
  return { favorite: 0 };
}

/** Whether the member favourited the item: 1 or 0 (spec 4's `favorite`). */
export async function favoriteState(deps: D, userId: number, t: Target): Promise<0 | 1> {
  const row = await deps.db
    .selectFrom('favorites')
    .select('id')
    .where('user_id', '=', userId)
    .where('target_type', '=', t.targetType)
    .where('target_id', '=', t.targetId)
    .executeTakeFirst();
  return row ? 1 : 0;
}

export interface FavoriteCategory {
  targetType: TargetType;
  name: string;
  count: number;
}

/** The member's favourites counted per type, every type listed (spec 3: collect category). */
export async function favoriteCategories(deps: D, userId: number): Promise<FavoriteCategory[]> {
  const rows = await deps.db
    .selectFrom('favorites')
    .select(['target_type', sql<number>`count(*)`.as('n')])
    .where('user_id', '=', userId)
    .groupBy('target_type')
    .execute();
  const counts = new Map(rows.map((r) => [r.target_type, Number(r.n)]));
  return TARGET_TYPES.map((t) => ({
    targetType: t,
    name: TARGET_NAMES[t],
    count: counts.get(t) ?? 0,
  }));
}

export interface FavoriteView {
  id: number;
  targetType: string;
  targetId: number;
  title: string;
  url: string;
  createdAt: string;
}

/**
 * The member's favourites, newest first, optionally of one type. An item no
 * longer public still counts but shows as 已下线 without a link to follow.
 */
export async function listFavorites(
  deps: D,
  userId: number,
  opts: PageInput & { targetType?: TargetType },
): Promise<Paged<FavoriteView>> {
  const base = deps.db
    .selectFrom('favorites')
    .where('user_id', '=', userId)
    .$if(opts.targetType !== undefined, (q) => q.where('target_type', '=', opts.targetType!));
  const [rows, total] = await Promise.all([
    base
      .select(['id', 'target_type', 'target_id', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .$call(pageRows(opts))
      .execute(),
    countRows(base),
  ]);
  const titles = new Map<string, Map<number, string>>();
  for (const type of new Set(rows.map((r) => r.target_type))) {
    const ids = rows.filter((r) => r.target_type === type).map((r) => r.target_id);
    titles.set(type, await publicTitles(deps, type, ids));
  }
  return pageOf(
    rows.map((r) => {
      const title = titles.get(r.target_type)?.get(r.target_id);
      return {
        id: r.id,
        targetType: r.target_type,
        targetId: r.target_id,
        title: title ?? MEMBERS_MSG.favoriteGone,
        url: title ? targetUrl(r.target_type, r.target_id) : '',
        createdAt: r.created_at,
      };
    }),
    total,
    opts,
  );
}
