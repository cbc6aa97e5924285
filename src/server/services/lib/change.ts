/**
 * A content change and what follows it (issue 14): the writes and the
 * change's outbox rows (re-export of the pages showing it, CDN purge: jobs,
 * deps.cache.outbox) commit in one transaction, so the follow-up exists
 * exactly when the change does; after the commit the cached pages carrying
 * the change's tags are dropped (here and, through Redis, on every instance).
 */
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';

export async function commitChange<T>(
  deps: Pick<Deps, 'db' | 'cache'>,
  write: (trx: Database) => Promise<{ value: T; tags: string[] }>,
): Promise<T> {
  const { value, tags } = await deps.db.transaction().execute(async (trx) => {
    const out = await write(trx);
    await deps.cache.outbox(trx, out.tags);
    return out;
  });
  deps.cache.invalidate(tags);
  return value;
}
