/**
 * Replays become automatic (issue 23): every broadcast with a stream on this site has a
 * `live.replay` job due at its end. When it runs and the recording is complete in the media
 * store (the stream's playlist ends with #EXT-X-ENDLIST), the recording becomes the replay and
 * the broadcast's pages are dropped from the cache; until then the job comes back every few
 * minutes (for a day at most). A broadcast moved later moves its job with it.
 *
 * What the page says follows the same facts (replayState): 可观看回放 only with a replay,
 * 回放正在制作中 only while a recording is expected, nothing of a replay otherwise.
 */
import { liveTags, pageTags } from '../../cache/tags.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { enqueueJob, rescheduleJobs, type JobOutcome, type JobSender } from '../jobs/index.ts';
import { commitChange } from '../lib/index.ts';

export const LIVE_REPLAY = 'live.replay';
export const replayKey = (liveId: number) => `live-replay:${liveId}`;

/** How often a missing recording is looked for again, and for how long after the end. */
export const REPLAY_RETRY_MS = 5 * 60_000;
export const REPLAY_WAIT_MS = 24 * 3_600_000;

/** A replay's state as pages show it. */
export type ReplayState = 'ready' | 'pending' | 'none';

/** The site media key of a stream address: '/media/sealed/ab/index.m3u8' → 'sealed/ab/index.m3u8'. */
export function siteMediaKey(url: string | null): string | null {
  const m = /^\/media\/([^?#]+\.m3u8)$/.exec(url?.trim() ?? '');
  return m ? m[1]! : null;
}

/**
 * replayState({replay_url: null, stream_url: '/media/sealed/x/index.m3u8'}) → 'pending'
 * A stream elsewhere (an https CDN, a third-party player) leaves no recording here: 'none'.
 */
export function replayState(row: { replay_url: string | null; stream_url: string | null }) {
  if (row.replay_url) return 'ready' as const;
  return siteMediaKey(row.stream_url) ? ('pending' as const) : ('none' as const);
}

/** Schedules (or moves) a broadcast's replay job to its end, inside the change's transaction. */
export async function scheduleReplay(
  db: Database,
  live: { id: number; end_at: string },
  now: Date,
  jobs?: JobSender,
): Promise<void> {
  const runAt = new Date(Math.max(Date.parse(live.end_at), now.getTime()));
  const added = await enqueueJob(
    jobs,
    db,
    { kind: LIVE_REPLAY, payload: { liveId: live.id }, runAt, dedupeKey: replayKey(live.id) },
    now,
  );
  if (!added) await rescheduleJobs(jobs, db, LIVE_REPLAY, [replayKey(live.id)], runAt);
}

/**
 * Whether the recording at a site key is complete: its playlist is there and has ended. A
 * ladder's master playlist never ends itself: then its renditions must all have ended.
 */
async function recordingComplete(deps: Pick<Deps, 'providers'>, key: string): Promise<boolean> {
  const read = async (k: string) => {
    const file = await deps.providers.media.open(k);
    if (!file || 'unsatisfiable' in file) return null;
    return new Response(file.body).text();
  };
  const ended = (text: string | null) => text !== null && /^#EXT-X-ENDLIST\s*$/m.test(text);
  const text = await read(key);
  if (text === null) return false;
  const variants = [...text.matchAll(/^#EXT-X-STREAM-INF:[^\n]*\n\s*([^#\s][^\n]*?)\s*$/gm)].map(
    (m) => m[1]!,
  );
  if (!variants.length) return ended(text);
  const dir = key.slice(0, key.lastIndexOf('/') + 1);
  if (variants.some((v) => v.includes('..') || v.includes('://'))) return false;
  return (await Promise.all(variants.map((v) => read(`${dir}${v}`)))).every(ended);
}

/** The `live.replay` job. */
export async function publishReplay(
  deps: Deps,
  payload: Record<string, unknown>,
): Promise<JobOutcome> {
  const liveId = Number(payload.liveId);
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom('live_broadcasts')
    .select(['id', 'end_at', 'stream_url', 'replay_url'])
    .where('id', '=', liveId)
    .executeTakeFirst();
  // Gone, or a replay set by hand: nothing to do.
  if (!row || row.replay_url) return;
  const end = new Date(row.end_at);
  // Moved later: run again at the new end.
  if (end.getTime() - now.getTime() > 1000) return { postponeTo: end };
  const key = siteMediaKey(row.stream_url);
  if (!key) return;
  if (!(await recordingComplete(deps, key))) {
    if (now.getTime() - end.getTime() > REPLAY_WAIT_MS) return;
    return { postponeTo: new Date(now.getTime() + REPLAY_RETRY_MS) };
  }
  await commitChange(deps, async (tx) => {
    await tx
      .updateTable('live_broadcasts')
      .set({ replay_url: row.stream_url })
      .where('id', '=', liveId)
      .where('replay_url', 'is', null)
      .execute();
    return { value: undefined, tags: [liveTags.one(liveId), liveTags.list, pageTags.home] };
  });
}

/** The replay jobs of broadcasts written without the console (the demo's seed), once. */
export async function scheduleSeededReplays(deps: Pick<Deps, 'db' | 'clock' | 'jobs'>) {
  const rows = await deps.db
    .selectFrom('live_broadcasts')
    .select(['id', 'end_at', 'stream_url'])
    .where('replay_url', 'is', null)
    .execute();
  const now = deps.clock.now();
  for (const r of rows)
    if (siteMediaKey(r.stream_url)) await scheduleReplay(deps.db, r, now, deps.jobs);
}

/**
 * Points every broadcast's stream and replay at `from` to `to` (an uploaded MP4 whose quality
 * ladder is ready, learning's `media.ladder` job), one UPDATE per column, in the caller's
 * transaction; answers the tags of their pages (none: nothing was there).
 */
export async function repointLiveMedia(trx: Database, from: string, to: string) {
  const ids = new Set<number>();
  for (const column of ['stream_url', 'replay_url'] as const) {
    const rows = await trx
      .updateTable('live_broadcasts')
      .set({ [column]: to })
      .where(column, '=', from)
      .returning('id')
      .execute();
    for (const r of rows) ids.add(r.id);
  }
  if (ids.size === 0) return [];
  return [...[...ids].map((id) => liveTags.one(id)), liveTags.list, pageTags.home];
}
