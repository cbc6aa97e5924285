/**
 * The live domain.
 */
export { listAdminLives } from './manage-live-list.ts';
export { LIVE_TEXT, createLive, deleteLive, updateLive, type LiveInput } from './manage-live.ts';
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
export { getLivePlayback, getReserveForm, saveReservation } from './live-member.ts';
export {
  LIVE_REMIND,
  REMINDER_LEAD_MS,
  reminderDue,
  scheduleLiveReminder,
  moveLiveReminders,
  sendLiveReminder,
} from './reminders.ts';
