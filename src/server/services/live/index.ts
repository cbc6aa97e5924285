/**
 * # live — live broadcasts, reservations, member-only playback and reminders
 *
 * Words: live broadcast (直播), status (upcoming / on air / ended, derived from start and end
 * times and whether there is a player to watch, never stored), reservation (预约: the reserve form a member fills in), replay (回放),
 * reminder (开播提醒, a job sent before the start), replay job (回放: the recording becomes the
 * replay at the end, replays.ts), chapters and subtitles of a replay (media text). Avoid "stream" for the broadcast itself
 * (stream_url is only its player address), "event", "webinar".
 * chat (互动: messages and questions members write while a broadcast is on air, kept with their
 * media time for the replay; chat/chat.ts), question (提问: upvoted once per member, answered 已回答 and
 * pinned 置顶 by the host, chat/manage-chat.ts), host (主持人: the staff member assigned to a
 * broadcast, who with admins and moderators takes the host's part; hosts.ts), chat event (a change
 * of the chat, numbered per broadcast: the event stream's id, chat/chat-events.ts; delivered by
 * chat/chat-hub.ts, through Redis pub/sub across instances when REDIS_URL is set).
 * Owns: live_broadcasts, live_reservations, live_chat_messages, live_chat_votes, live_chat_events.
 * Leaves to others: whether a viewer may watch (commerce gating), the jobs queue (jobs),
 * SMS sending (providers), comments on a broadcast (members), audit (audit), the review word
 * list and bans (members: checkNotBanned, matchesWordList).
 * Staff code: manage-live.ts (schedule, edit, delete), manage-live-list.ts (console list),
 * chat/manage-chat.ts (answer, pin, hide or show a chat message), hosts.ts (who hosts a broadcast).
 * Projections: public LiveSummary, LiveStatus, ReserveField, LivePlayback, ReplayState, ReservationItem, ChatMessage,
 * ChatItem, ChatRoomView; staff LiveInput, ChatLiveOption, LiveHostOption,
 * AdminLiveRow.
 */
export { LIVE_MSG } from './messages.ts';
export {
  CHAT_FLOOD,
  checkChatBroadcast,
  cleanChatText,
  openChat,
  postChat,
  voteQuestion,
  type ChatItem,
  type ChatRoomView,
} from './chat/chat.ts';
export {
  chatEventsAfter,
  recordChatEvent,
  RESUME_BATCH,
  type ChatKind,
  type ChatMessage,
} from './chat/chat-events.ts';
export {
  CHAT_STREAM_HEADERS,
  chatStreamStart,
  connectChatFanout,
  deliverChatEvent,
  endChatStreams,
  openChatStream,
} from './chat/chat-hub.ts';
export { STREAM_BACKLOG_BYTES, writeChatStream } from './chat/chat-socket.ts';
export {
  answerQuestion,
  listChatLives,
  listHostQuestions,
  pinChat,
  setChatStatus,
  type ChatLiveOption,
} from './chat/manage-chat.ts';
export { listAdminLives } from './manage-live-list.ts';
export { listHostOptions, mayHost, type LiveHostOption } from './hosts.ts';
export { createLive, deleteLive, updateLive, type LiveInput } from './manage-live.ts';
export {
  LIVE_STATUSES,
  getLiveDetail,
  listLive,
  listLiveRecommend,
  hasPlayer,
  liveStatus,
  parseReserveForm,
  type LiveStatus,
  type LiveSummary,
  type ReserveField,
} from './live.ts';
export {
  getLivePlayback,
  getReserveForm,
  listReservations,
  liveText,
  saveReservation,
  type ReservationItem,
} from './live-member.ts';
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
  repointLiveMedia,
  scheduleSeededReplays,
  type ReplayState,
} from './replays.ts';

// Staff views the console reads (import type).
import type { listAdminLives } from './manage-live-list.ts';
/** One row of GET /api/admin/live/list. */
export type AdminLiveRow = Awaited<ReturnType<typeof listAdminLives>>['list'][number];

// Public views the islands read (import type).
export type { LivePlayback } from './live-member.ts';
