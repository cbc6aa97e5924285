/**
 * The `search.rebuild` job (issue 14): rebuilds the whole search index in the
 * background (after a bulk import, or when an admin asks), then drops the
 * cached search pages. One item's entry is updated inside its own change's
 * transaction instead (reindexDocument), so search never lags a single edit.
 */
import { searchTags } from '../../cache/tags.ts';
import type { Deps } from '../../deps.ts';
import { enqueueJob } from '../jobs/index.ts';
import { rebuildSearchIndex } from './search.ts';

export const SEARCH_REBUILD = 'search.rebuild';

export async function runSearchRebuild(deps: Deps): Promise<void> {
  const n = await rebuildSearchIndex(deps.db);
  deps.cache.invalidate([searchTags.list]);
  deps.logger.info('search index rebuilt', { documents: n });
}

/** Queues a rebuild; a second request within the same minute joins the first. */
export async function queueSearchRebuild(
  deps: Pick<Deps, 'db' | 'clock' | 'jobs'>,
): Promise<{ queued: boolean }> {
  const now = deps.clock.now();
  const queued = await enqueueJob(
    deps.jobs,
    deps.db,
    {
      kind: SEARCH_REBUILD,
      runAt: now,
      dedupeKey: `search-rebuild:${now.toISOString().slice(0, 16)}`,
    },
    now,
  );
  return { queued };
}
