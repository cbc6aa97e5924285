/** What members attached to an item: dropped with the item when staff delete it. */
import type { Database } from '../../db/database.ts';

/** Removes what members attached to an item being deleted: its comments, favourites and likes. */
export async function dropMemberActivity(trx: Database, type: string, id: number): Promise<void> {
  for (const table of ['comments', 'favorites', 'lauds'] as const)
    await trx
      .deleteFrom(table)
      .where('target_type', '=', type)
      .where('target_id', '=', id)
      .execute();
}
