/**
 * Live reminders (issue 15): a reservation schedules one `live.remind` job
 * for the member, due REMINDER_LEAD_MS before the start. When it runs it puts
 * a personal notice in the member's inbox (我的消息) and, if the member asked
 * for it when reserving, sends an SMS through the provider's notification
 * template. Each message is claimed in message_log first, so a retried or
 * duplicated job never sends the same message twice; a failed SMS gives its
 * claim back and the job is retried.
 */
import { escapeHtml } from '../search/index.ts';
import { iso } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { Deps } from '../../deps.ts';
import { fmt } from '../../../shared/messages.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { urls } from '../../../shared/urls.ts';
import { enqueueJob, rescheduleJobs, type JobOutcome, type JobSender } from '../jobs/index.ts';
import { claimMessage, releaseMessage, sendPersonalNotice } from '../members/index.ts';
import { LIVE_MSG } from './messages.ts';

/** How long before the start the reminder goes out. */
export const REMINDER_LEAD_MS = 15 * 60_000;

/** The job kind and its dedupe key: one reminder job per member and broadcast, ever. */
export const LIVE_REMIND = 'live.remind';
export const remindKey = (liveId: number, userId: number) => `live-remind:${liveId}:${userId}`;

/** Moves the waiting reminders of a broadcast to its new start (inside the change's transaction). */
export async function moveLiveReminders(
  db: Database,
  liveId: number,
  startAt: Date,
  now: Date,
  jobs?: JobSender,
): Promise<void> {
  const reserved = await db
    .selectFrom('live_reservations')
    .select('user_id')
    .where('live_id', '=', liveId)
    .execute();
  await rescheduleJobs(
    jobs,
    db,
    LIVE_REMIND,
    reserved.map((r) => remindKey(liveId, r.user_id)),
    reminderDue(iso(startAt), now),
  );
}

/** When the reminder of a broadcast starting at `startAt` is due (not before `now`). */
export function reminderDue(startAt: string, now: Date): Date {
  const at = new Date(new Date(startAt).getTime() - REMINDER_LEAD_MS);
  return at < now ? now : at;
}

/** Schedules a member's reminder (inside the reservation's transaction). */
export async function scheduleLiveReminder(
  db: Database,
  live: { id: number; start_at: string },
  userId: number,
  now: Date,
  jobs?: JobSender,
): Promise<void> {
  await enqueueJob(
    jobs,
    db,
    {
      kind: LIVE_REMIND,
      payload: { liveId: live.id, userId },
      runAt: reminderDue(live.start_at, now),
      dedupeKey: remindKey(live.id, userId),
    },
    now,
  );
}

/** Shortens a title for an SMS template parameter (providers cap them, ~20 characters). */
function short(title: string, max = 20): string {
  const chars = [...title];
  return chars.length <= max ? title : `${chars.slice(0, max - 1).join('')}…`;
}

/** The `live.remind` job: inbox notice, then the SMS when agreed. */
export async function sendLiveReminder(
  deps: Deps,
  payload: Record<string, unknown>,
): Promise<JobOutcome> {
  const liveId = Number(payload.liveId);
  const userId = Number(payload.userId);
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom('live_reservations as r')
    .innerJoin('live_broadcasts as l', 'l.id', 'r.live_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['l.title', 'l.start_at', 'l.end_at', 'r.sms_consent', 'u.mobile', 'u.area_num'])
    .where('r.live_id', '=', liveId)
    .where('r.user_id', '=', userId)
    .executeTakeFirst();
  // Reservation withdrawn, broadcast or member gone, or already over: nothing to remind of.
  if (!row || new Date(row.end_at) <= now) return;
  // The broadcast moved later: run again at its new reminder time.
  const due = reminderDue(row.start_at, now);
  if (due.getTime() - now.getTime() > 60_000) return { postponeTo: due };

  const onAir = new Date(row.start_at) <= now;
  const time = formatDateTime(row.start_at);
  const base = `live:${liveId}:${userId}`;
  const text = fmt(onAir ? LIVE_MSG.reminderOnAir : LIVE_MSG.reminderSoon, {
    title: row.title,
    time,
  });
  await sendPersonalNotice(
    deps.db,
    {
      key: `${base}:inbox`,
      userId,
      category: LIVE_MSG.reminderCategory,
      title: fmt(LIVE_MSG.reminderTitle, { title: row.title }),
      html: `<p>${escapeHtml(text)}</p><p><a href="${urls.liveDetail(liveId)}">${LIVE_MSG.reminderLink}</a></p>`,
    },
    now,
  );

  const sms = deps.providers.sms;
  if (row.sms_consent !== 1 || !sms.canNotify('liveReminder') || onAir) return;
  if (!(await claimMessage(deps.db, `${base}:sms`, userId, 'sms', now))) return;
  try {
    await sms.sendNotice(
      { areaNum: row.area_num, mobile: row.mobile },
      {
        kind: 'liveReminder',
        params: { title: short(row.title), time },
        text: fmt(LIVE_MSG.reminderSms, { title: short(row.title), time }),
      },
    );
  } catch (err) {
    // Not sent: give the claim back so the retry sends it.
    await releaseMessage(deps.db, `${base}:sms`);
    throw err;
  }
}
