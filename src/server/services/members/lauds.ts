/**
 * Likes (spec 7: /api/laud/add). One per member per item: the unique
 * constraint of migration 0001 decides concurrent requests, and the item's
 * `laud_count` grows only when this request's row was the one inserted.
 */
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { laudTable, targetVisible, type Target } from './targets.ts';
import { MEMBERS_MSG } from './messages.ts';

type D = Pick<Deps, 'db' | 'clock'>;

/** The item's like count: its counter column where the type keeps one, else its rows. */
export async function laudCount(deps: D, t: Target): Promise<number> {
  const table = laudTable(t.targetType);
  if (table) {
    const row = await deps.db
      .selectFrom(table)
      .select('laud_count')
      .where('id', '=', t.targetId)
      .executeTakeFirst();
    return Number(row?.laud_count ?? 0);
  }
  const row = await deps.db
    .selectFrom('lauds')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('target_type', '=', t.targetType)
    .where('target_id', '=', t.targetId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Likes an item; a second like changes nothing. Answers isLaud 1 (spec 4) and the count. */
export async function addLaud(
  deps: D,
  userId: number,
  t: Target,
): Promise<{ isLaud: 1; laudCount: number }> {
  if (!(await targetVisible(deps, t))) throw AppError.notFound(MEMBERS_MSG.laud.failure);
  const table = laudTable(t.targetType);
  // One transaction: a concurrent like of the same member waits on the unique
  // index until this one commits, so it never reads the count before the increment.
  await deps.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('lauds')
      .values({
        user_id: userId,
        target_type: t.targetType,
        target_id: t.targetId,
        created_at: iso(deps.clock.now()),
      })
      .onConflict((oc) => oc.columns(['user_id', 'target_type', 'target_id']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted && table) {
      await trx
        .updateTable(table)
        .set((eb) => ({ laud_count: eb('laud_count', '+', 1) }))
        .where('id', '=', t.targetId)
        .execute();
    }
  });
  return { isLaud: 1, laudCount: await laudCount(deps, t) };
}

/** Whether the member has liked the item. */
export async function hasLauded(deps: D, userId: number, t: Target): Promise<boolean> {
  const row = await deps.db
    .selectFrom('lauds')
    .select('id')
    .where('user_id', '=', userId)
    .where('target_type', '=', t.targetType)
    .where('target_id', '=', t.targetId)
    .executeTakeFirst();
  return row !== undefined;
}
