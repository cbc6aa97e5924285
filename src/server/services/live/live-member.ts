/**
 * What a logged-in member gets from a live broadcast (spec 2, 6: watching
 * needs login): the stream and the embed URL, and reservations made with the
 * broadcast's own form (spec 3: reserveFrom), which show in the member's
 * subscriptions (listReservations).
 */
import { iso } from '../../clock.ts';
import { isPostgres } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { fmt } from '../../../shared/messages.ts';
import { embedUrlOf } from '../../../shared/live-embed.ts';
import { hasEntitlement } from '../commerce/index.ts';
import { grantMedia } from '../learning/index.ts';
import { scheduleLiveReminder } from './reminders.ts';
import { readMediaText, type MediaText } from '../lib/index.ts';
import { replayState } from './replays.ts';
import {
  hasPlayer,
  liveStatus,
  parseReserveForm,
  type LiveStatus,
  type ReserveField,
} from './live.ts';
import { LIVE_MSG } from './messages.ts';
import { SITE_PATH_START } from '../../../shared/urls.ts';

type D = Pick<Deps, 'db' | 'clock' | 'jobs' | 'config'>;

export interface LivePlayback {
  id: number;
  status: LiveStatus;
  /** The HLS stream (live), or the replay once ended; null when there is none. */
  streamUrl: string | null;
  /** An allowlisted player URL for the platform's sandboxed iframe, or null (see live-embed.ts). */
  embedUrl: string | null;
  /** When a sealed stream's grant ends (the player renews it through /api/media/grant); null for open ones. */
  expiresAt: string | null;
}

/**
 * The player fields of a broadcast, for a member only. Before the start
 * nothing is handed out; the page shows the reservation form instead.
 */
export async function getLivePlayback(
  deps: D,
  id: number,
  memberId: number,
  /** The session token of the call, which a sealed stream's grant is bound to. */
  session: string | null = null,
): Promise<LivePlayback> {
  const row = await deps.db
    .selectFrom('live_broadcasts as l')
    .leftJoin('courses as c', 'c.id', 'l.course_id')
    .select([
      'l.id',
      'l.start_at',
      'l.end_at',
      'l.stream_url',
      'l.replay_url',
      'l.html_url',
      'l.course_id',
      'c.price_cents',
    ])
    .where('l.id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(LIVE_MSG.liveNotFound);
  // A broadcast of a paid live course plays only for members entitled to the course.
  if (
    row.course_id !== null &&
    (row.price_cents ?? 0) > 0 &&
    !(await hasEntitlement(deps, memberId, row.course_id))
  )
    throw AppError.forbidden(LIVE_MSG.livePaid);
  const status = liveStatus(row.start_at, row.end_at, deps.clock.now(), hasPlayer(row));
  if (status === 'upcoming') throw AppError.forbidden(LIVE_MSG.liveNotStarted);
  // After the end the recording plays, never the (finished) stream or embed.
  if (status === 'ended') {
    const replay = hlsUrl(row.replay_url);
    if (!replay)
      throw AppError.notFound(
        replayState(row) === 'pending' ? LIVE_MSG.replayNotReady : LIVE_MSG.replayNone,
      );
    const grant = await grantMedia(deps, replay, { memberId, session });
    return { id: row.id, status, streamUrl: grant.url, embedUrl: null, expiresAt: grant.expiresAt };
  }
  // The broadcast's own stream wins: a third-party player plays only a broadcast without one
  // (a demo broadcast with both plays its own stream, never an outside frame).
  const streamUrl = hlsUrl(row.stream_url);
  const embedUrl = streamUrl ? null : embedUrlOf(row.html_url);
  if (!streamUrl && !embedUrl) throw AppError.notFound(LIVE_MSG.liveNoStream);
  const grant = streamUrl ? await grantMedia(deps, streamUrl, { memberId, session }) : null;
  return {
    id: row.id,
    status,
    streamUrl: grant?.url ?? null,
    embedUrl,
    expiresAt: grant?.expiresAt ?? null,
  };
}

const HLS_URL = new RegExp(
  `^(${SITE_PATH_START}|https:\\/\\/)[^\\s"'<>\\\\]+\\.m3u8(\\?[^\\s"'<>\\\\]*)?$`,
);

/** Only site-relative HLS paths or https URLs are handed to the player. */
export function hlsUrl(value: string | null | undefined): string | null {
  const stream = value?.trim() ?? '';
  return HLS_URL.test(stream) ? stream : null;
}

/** The reservation form of a broadcast (spec 7: fromInfo reads reserveFrom). */
export async function getReserveForm(deps: D, id: number): Promise<ReserveField[]> {
  const row = await deps.db
    .selectFrom('live_broadcasts')
    .select('reserve_form')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(LIVE_MSG.liveNotFound);
  return parseReserveForm(row.reserve_form);
}

/** Longest answer accepted in one field. */
export const RESERVE_FIELD_MAX = 100;

const EMAIL = /^[^\s@<>"']+@[^\s@<>"']+\.[a-zA-Z]{2,}$/;
const PHONE = /^1\d{10}$/;

/**
 * Checks submitted answers against the form: required fields filled, lengths,
 * email and phone formats, options from their list. Unknown keys are dropped.
 * Returns the answers to store, or throws with the first problem.
 */
export function validateReserve(
  fields: readonly ReserveField[],
  input: Record<string, unknown>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) {
    const raw = input[f.name];
    const value = typeof raw === 'string' ? raw.trim() : '';
    if (value === '') {
      if (f.required)
        throw AppError.badRequest(
          fmt(f.options.length ? LIVE_MSG.reserveOption : LIVE_MSG.reserveRequired, {
            label: f.label,
          }),
        );
      continue;
    }
    if ([...value].length > RESERVE_FIELD_MAX)
      throw AppError.badRequest(
        fmt(LIVE_MSG.reserveTooLong, { label: f.label, max: RESERVE_FIELD_MAX }),
      );
    const kind = f.type === 'text' ? f.name : f.type;
    if ((kind === 'email' || f.name === 'email') && !EMAIL.test(value))
      throw AppError.badRequest(LIVE_MSG.reserveEmail);
    if ((kind === 'tel' || f.name === 'phone' || f.name === 'mobile') && !PHONE.test(value))
      throw AppError.badRequest(LIVE_MSG.reservePhone);
    if (f.options.length && !f.options.includes(value))
      throw AppError.badRequest(fmt(LIVE_MSG.reserveOption, { label: f.label }));
    out[f.name] = value;
  }
  return out;
}

/** Records (or updates) a member's reservation of a broadcast that has not started yet. */
export async function saveReservation(
  deps: D,
  userId: number,
  liveId: number,
  input: Record<string, unknown>,
): Promise<{ liveId: number; fields: Record<string, string> }> {
  const row = await deps.db
    .selectFrom('live_broadcasts')
    .select(['id', 'start_at', 'end_at', 'reserve_form', 'stream_url', 'html_url'])
    .where('id', '=', liveId)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(LIVE_MSG.liveNotFound);
  const status = liveStatus(row.start_at, row.end_at, deps.clock.now(), hasPlayer(row));
  if (status === 'ended') throw AppError.badRequest(LIVE_MSG.reserveEnded);
  // On air there is nothing to reserve: the member goes straight in (issue 15).
  if (status === 'live') throw AppError.badRequest(LIVE_MSG.reserveStarted);
  const fields = validateReserve(parseReserveForm(row.reserve_form), input);
  const smsConsent =
    input.smsConsent === '1' || input.smsConsent === 'true' || input.smsConsent === true ? 1 : 0;
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (tx) => {
    // An admin may be deleting the broadcast: its row is share-locked here
    // (the delete waits, then sees this reservation and refuses), or is gone.
    const q = tx.selectFrom('live_broadcasts').select('id').where('id', '=', liveId);
    if (!(await (isPostgres(tx) ? q.forKeyShare() : q).executeTakeFirst()))
      throw AppError.notFound(LIVE_MSG.liveNotFound);
    // The (live_id, user_id) unique constraint keeps one reservation per member; a resubmission updates it.
    await tx
      .insertInto('live_reservations')
      .values({
        live_id: liveId,
        user_id: userId,
        fields: JSON.stringify(fields),
        sms_consent: smsConsent,
        created_at: iso(now),
      })
      .onConflict((oc) =>
        oc
          .columns(['live_id', 'user_id'])
          .doUpdateSet({ fields: JSON.stringify(fields), sms_consent: smsConsent }),
      )
      .execute();
    // The reminder job is written with the reservation, so one exists exactly when the other does.
    await scheduleLiveReminder(tx, row, userId, now, deps.jobs);
  });
  return { liveId, fields };
}

/**
 * GET /api/media/text for a broadcast: its replay's chapters and subtitles, behind the same
 * gate as its play call (a paid course's broadcast only for its entitled members).
 */
export async function liveText(
  deps: D,
  id: number,
  memberId: number,
  session: string | null = null,
): Promise<MediaText> {
  await getLivePlayback(deps, id, memberId, session);
  const row = await deps.db
    .selectFrom('live_broadcasts')
    .select(['chapters', 'subtitles'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return readMediaText(row);
}

export interface ReservationItem {
  liveId: number;
  title: string;
  cover: string | null;
  startAt: string;
  endAt: string;
  reservedAt: string;
  /** As on the broadcast's page: 即将开始 until there is something to watch (liveStatus). */
  status: LiveStatus;
  /** For an ended broadcast: whether its replay plays, is being made, or there is none. */
  replay: ReturnType<typeof replayState>;
}

/** The member's reservations (the user centre's 预约的直播), latest start first. */
export async function listReservations(deps: D, userId: number): Promise<ReservationItem[]> {
  const rows = await deps.db
    .selectFrom('live_reservations as r')
    .innerJoin('live_broadcasts as l', 'l.id', 'r.live_id')
    .select([
      'l.id',
      'l.title',
      'l.cover',
      'l.start_at',
      'l.end_at',
      'l.stream_url',
      'l.html_url',
      'l.replay_url',
      'r.created_at',
    ])
    .where('r.user_id', '=', userId)
    .orderBy('l.start_at', 'desc')
    .execute();
  const now = deps.clock.now();
  return rows.map((r) => ({
    liveId: r.id,
    title: r.title,
    cover: r.cover,
    startAt: r.start_at,
    endAt: r.end_at,
    reservedAt: r.created_at,
    status: liveStatus(r.start_at, r.end_at, now, hasPlayer(r)),
    replay: replayState(r),
  }));
}
