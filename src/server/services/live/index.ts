/**
 * # live — live broadcasts, reservations, member-only playback and reminders
 *
 * Words: live broadcast (直播), status (upcoming / on air / ended, derived from start and end
 * times, never stored), reservation (预约: the reserve form a member fills in), replay (回放),
 * reminder (开播提醒, a job sent before the start), replay job (回放: the recording becomes the
 * replay at the end, replays.ts), chapters and subtitles of a replay (media text). Avoid "stream" for the broadcast itself
 * (stream_url is only its player address), "event", "webinar".
 * Owns: live_broadcasts, live_reservations.
 * Leaves to others: whether a viewer may watch (commerce gating), the jobs queue (jobs),
 * SMS sending (providers), comments on a broadcast (members), audit (audit).
 * Staff code: manage-live.ts (schedule, edit, delete), manage-live-list.ts (console list).
 * Projections: public LiveSummary, LiveStatus, ReserveField, LivePlayback, ReplayState; staff LiveInput,
 * AdminLiveRow.
 */
export { LIVE_MSG } from './messages.ts';
export { listAdminLives } from './manage-live-list.ts';
export { createLive, deleteLive, updateLive, type LiveInput } from './manage-live.ts';
export {
  LIVE_STATUSES,
  getLiveDetail,
  listLive,
  listLiveRecommend,
  liveStatus,
  parseReserveForm,
  type LiveStatus,
  type LiveSummary,
  type ReserveField,
} from './live.ts';
export { getLivePlayback, getReserveForm, liveText, saveReservation } from './live-member.ts';
export {
  LIVE_REMIND,
  REMINDER_LEAD_MS,
  reminderDue,
  scheduleLiveReminder,
  moveLiveReminders,
  sendLiveReminder,
} from './reminders.ts';
export {
  LIVE_REPLAY,
  REPLAY_RETRY_MS,
  publishReplay,
  replayState,
  scheduleSeededReplays,
  type ReplayState,
} from './replays.ts';

// Staff views the console reads (import type).
import type { listAdminLives } from './manage-live-list.ts';
/** One row of GET /api/admin/live/list. */
export type AdminLiveRow = Awaited<ReturnType<typeof listAdminLives>>['list'][number];

// Public views the islands read (import type).
export type { LivePlayback } from './live-member.ts';
