/**
 * Live broadcasts managed by an admin (issue 12 needs it; issue 15): the
 * schedule, the stream or allowlisted player, the replay. Moving a broadcast
 * moves its members' pending reminders with it. The player address is kept
 * only as the allowlisted https URL the page will embed (shared/live-embed.ts);
 * anything else is refused on save rather than silently not shown. A
 * broadcast members reserved is deleted only once it has ended.
 */
import { liveTags, pageTags, searchTags } from '../../cache/tags.ts';
import { iso } from '../../clock.ts';
import { isPostgres, type Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { reindexDocument, removeDocument } from '../search/index.ts';
import { moveLiveReminders } from './reminders.ts';
import { scheduleReplay } from './replays.ts';
import { hlsUrl } from './live-member.ts';
import { commitChange, mediaTextColumns } from '../lib/index.ts';
import type { Chapter, Cue } from '../../../shared/media-text.ts';
import { embedUrlOf } from '../../../shared/live-embed.ts';
import { textToHtml } from '../lib/index.ts';
import { dropMemberActivity } from '../members/index.ts';
import { LIVE_MSG } from './messages.ts';
import { checkHost } from './hosts.ts';

/** The stored player URL: '' or null clears it; an allowlisted player (or its iframe code) is kept as its URL. */
function playerUrl(htmlUrl: string | null | undefined): string | null | undefined {
  if (htmlUrl === undefined) return undefined;
  if (htmlUrl === null || htmlUrl.trim() === '') return null;
  const url = embedUrlOf(htmlUrl);
  if (url === null) throw AppError.badRequest(LIVE_MSG.manage.playerNotAllowed);
  return url;
}

/**
 * A broadcast whose time has begun and not ended must have something to watch: its own HLS
 * stream or an allowlisted player. Otherwise it would show as 直播中 with 本场直播暂无可播放的视频;
 * a broadcast still to come may get its stream later.
 */
function requirePlayableOnAir(
  now: Date,
  start: Date,
  end: Date,
  streamUrl: string | null | undefined,
  htmlUrl: string | null | undefined,
): void {
  const onAir = start <= now && now < end;
  if (onAir && !hlsUrl(streamUrl) && !htmlUrl)
    throw AppError.badRequest(LIVE_MSG.manage.noStreamOnAir);
}

export interface LiveInput {
  title: string;
  summary: string;
  /** Plain text, paragraphs split by blank lines. */
  description: string;
  speaker: string;
  startAt: Date;
  endAt: Date;
  cover?: string | null;
  companyId?: number | null;
  courseId?: number | null;
  streamUrl?: string | null;
  htmlUrl?: string | null;
  replayUrl?: string | null;
  recommended?: boolean;
  examEnabled?: boolean;
  /** The replay's 章节 and subtitle cues (src/shared/media-text.ts); null removes the cues. */
  chapters?: Chapter[];
  subtitles?: Cue[] | null;
  /** The staff member who hosts it (hosts.ts); null: none. */
  hostId?: number | null;
}

const DEFAULT_FORM = JSON.stringify([
  { name: 'name', label: LIVE_MSG.reserveFields.name, required: true },
  { name: 'company', label: LIVE_MSG.reserveFields.company, required: true },
  { name: 'job', label: LIVE_MSG.reserveFields.job, required: false },
  { name: 'email', label: LIVE_MSG.reserveFields.email, required: false },
]);

/** The pages a broadcast shows on, search included (re-indexed in the change's transaction). */
async function reindexed(trx: Database, id: number): Promise<string[]> {
  await reindexDocument({ db: trx }, 'live', id);
  return [liveTags.one(id), liveTags.list, pageTags.home, searchTags.list];
}

export async function createLive(deps: Deps, input: LiveInput): Promise<{ id: number }> {
  if (input.endAt <= input.startAt) throw AppError.badRequest(LIVE_MSG.manage.endBeforeStart);
  const htmlUrl = playerUrl(input.htmlUrl) ?? null;
  requirePlayableOnAir(deps.clock.now(), input.startAt, input.endAt, input.streamUrl, htmlUrl);
  await checkHost(deps.db, input.hostId);
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('live_broadcasts')
      .values({
        title: input.title,
        summary: input.summary,
        description: textToHtml(input.description),
        cover: input.cover ?? null,
        speaker: input.speaker,
        company_id: input.companyId ?? null,
        course_id: input.courseId ?? null,
        start_at: iso(input.startAt),
        end_at: iso(input.endAt),
        html_url: htmlUrl,
        stream_url: input.streamUrl ?? null,
        replay_url: input.replayUrl ?? null,
        reserve_form: DEFAULT_FORM,
        exam_enabled: input.examEnabled ? 1 : 0,
        recommended: input.recommended ? 1 : 0,
        host_id: input.hostId ?? null,
        created_at: iso(deps.clock.now()),
        ...mediaTextColumns(input),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await scheduleReplay(
      trx,
      { id: row.id, end_at: iso(input.endAt) },
      deps.clock.now(),
      deps.jobs,
    );
    return { value: { id: row.id }, tags: await reindexed(trx, row.id) };
  });
}

export async function updateLive(
  deps: Deps,
  id: number,
  input: Partial<LiveInput>,
): Promise<{ id: number }> {
  const before = await deps.db
    .selectFrom('live_broadcasts')
    .select(['start_at', 'end_at', 'stream_url', 'html_url'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!before) throw AppError.notFound(LIVE_MSG.manage.liveMissing);
  const start = input.startAt ?? new Date(before.start_at);
  const end = input.endAt ?? new Date(before.end_at);
  if (end <= start) throw AppError.badRequest(LIVE_MSG.manage.endBeforeStart);
  const htmlUrl = playerUrl(input.htmlUrl);
  const now = deps.clock.now();
  requirePlayableOnAir(
    now,
    start,
    end,
    input.streamUrl !== undefined ? input.streamUrl : before.stream_url,
    htmlUrl !== undefined ? htmlUrl : before.html_url,
  );
  await checkHost(deps.db, input.hostId);
  return commitChange(deps, async (tx) => {
    await tx
      .updateTable('live_broadcasts')
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.summary !== undefined && { summary: input.summary }),
        ...(input.description !== undefined && { description: textToHtml(input.description) }),
        ...(input.speaker !== undefined && { speaker: input.speaker }),
        ...(input.cover !== undefined && { cover: input.cover }),
        ...(input.companyId !== undefined && { company_id: input.companyId }),
        ...(input.courseId !== undefined && { course_id: input.courseId }),
        ...(input.streamUrl !== undefined && { stream_url: input.streamUrl }),
        ...(htmlUrl !== undefined && { html_url: htmlUrl }),
        ...(input.replayUrl !== undefined && { replay_url: input.replayUrl }),
        ...(input.recommended !== undefined && { recommended: input.recommended ? 1 : 0 }),
        ...(input.examEnabled !== undefined && { exam_enabled: input.examEnabled ? 1 : 0 }),
        ...(input.hostId !== undefined && { host_id: input.hostId }),
        ...mediaTextColumns(input),
        start_at: iso(start),
        end_at: iso(end),
      })
      .where('id', '=', id)
      .execute();
    // Pending reminders follow the new start (a later start is also caught by the job itself).
    if (iso(start) !== before.start_at) await moveLiveReminders(tx, id, start, now, deps.jobs);
    // The replay is looked for at the (new) end.
    if (iso(end) !== before.end_at)
      await scheduleReplay(tx, { id, end_at: iso(end) }, now, deps.jobs);
    return { value: { id }, tags: await reindexed(tx, id) };
  });
}

/**
 * Deletes a broadcast with its reservations, comments, favourites and likes.
 * While members hold a reservation and it has not ended, it is refused (their
 * reminders and the page they were promised would vanish): move it instead.
 * Decided under the row's lock, so a reservation made meanwhile is seen.
 */
export async function deleteLive(deps: Deps, id: number): Promise<{ id: number }> {
  const now = deps.clock.now();
  return commitChange(deps, async (trx) => {
    const q = trx.selectFrom('live_broadcasts').select(['id', 'end_at']).where('id', '=', id);
    const live = await (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
    if (!live) throw AppError.notFound(LIVE_MSG.manage.liveMissing);
    if (new Date(live.end_at) > now) {
      const reserved = await trx
        .selectFrom('live_reservations')
        .select('id')
        .where('live_id', '=', id)
        .executeTakeFirst();
      if (reserved) throw new AppError(409, LIVE_MSG.manage.reservedNotEnded);
    }
    await dropMemberActivity(trx, 'live', id);
    await trx.deleteFrom('live_reservations').where('live_id', '=', id).execute();
    await trx.deleteFrom('live_broadcasts').where('id', '=', id).execute();
    await removeDocument({ db: trx }, 'live', id);
    return {
      value: { id },
      tags: [liveTags.one(id), liveTags.list, pageTags.home, searchTags.list],
    };
  });
}
