/**
 * Live: broadcasts and their reservations (services/live).
 */
import type { Generated } from 'kysely';
import type { Id, Flag, Time } from './columns.ts';

export interface LiveBroadcastsTable {
  id: Id;
  title: string;
  summary: string;
  description: string;
  cover: string | null;
  speaker: string;
  company_id: number | null;
  start_at: Time;
  end_at: Time;
  /** Player embed: an iframe tag or URL (spec 3). */
  html_url: string | null;
  stream_url: string | null;
  /** JSON list of reservation form fields. */
  reserve_form: string;
  /** Migration 0016: the paid live course it belongs to (only its entitled members watch). */
  course_id: number | null;
  /** Migration 0020: the recording (HLS) played once the broadcast has ended. */
  replay_url: Generated<string | null>;
  /** Migration 0031: the replay's chapters and subtitle cues, as on lessons. */
  chapters: Generated<string>;
  subtitles: Generated<string | null>;
  /** Migration 0039: the staff member assigned as its host (直播问答 is theirs); null: none. */
  host_id: Generated<number | null>;
  exam_enabled: Flag;
  recommended: Flag;
  view_count: Generated<number>;
  created_at: Time;
}

export interface LiveReservationsTable {
  id: Id;
  live_id: number;
  user_id: number;
  /** JSON object of the submitted form fields. */
  fields: string;
  /** Migration 0020: 1 when the member asked for the SMS reminder. */
  sms_consent: Generated<Flag>;
  created_at: Time;
}

/** Migration 0034 (issue 26): a chat message or question of a broadcast. */
export interface LiveChatMessagesTable {
  id: Id;
  live_id: number;
  user_id: number;
  /** 'message' | 'question'. */
  kind: string;
  content: string;
  /** 'visible' | 'held' (the review word list matched: only its author sees it) | 'hidden'. */
  status: string;
  /** Seconds since the broadcast's start when it was sent: where the replay shows it. */
  media_seconds: number;
  votes: Generated<number>;
  answer: string | null;
  answered_at: Time | null;
  pinned: Generated<Flag>;
  created_at: Time;
  /** Migration 0035: IP 属地 of the poster when posting. */
  ip_region: string | null;
}

/** One member's vote on a question (primary key: message, member). */
export interface LiveChatVotesTable {
  message_id: number;
  user_id: number;
  created_at: Time;
}

/** A change of a broadcast's chat, numbered per broadcast: the event stream's ids. */
export interface LiveChatEventsTable {
  id: Id;
  live_id: number;
  seq: number;
  message_id: number;
  created_at: Time;
}
