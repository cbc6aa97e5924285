/**
 * Members: what a logged-in member writes and keeps (services/members): comments, favourites,
 * likes, notice receipts, column subscriptions, messages sent once, the moderation word list.
 */
import type { Generated } from 'kysely';
import type { Flag, Id, Time } from './columns.ts';

export interface CommentsTable {
  id: Id;
  target_type: string;
  target_id: number;
  user_id: number;
  content: string;
  /** Migration 0027: hidden by a moderator, or held for review by the word list. */
  status: Generated<'visible' | 'hidden' | 'held'>;
  created_at: Time;
  /** Migration 0035: IP 属地 of the poster when posting (null before it). */
  ip_region: string | null;
  /** Migration 0040, questions on lessons: the teacher's or staff's answer (作者回复). */
  reply: Generated<string | null>;
  reply_user_id: Generated<number | null>;
  replied_at: Generated<string | null>;
  pinned: Generated<Flag>;
  /** 已解决. */
  resolved: Generated<Flag>;
}

export interface FavoritesTable {
  id: Id;
  user_id: number;
  target_type: string;
  target_id: number;
  created_at: Time;
}

export interface LaudsTable {
  id: Id;
  user_id: number;
  target_type: string;
  target_id: number;
  created_at: Time;
}

export interface NoticeReceiptsTable {
  id: Id;
  notice_id: number;
  user_id: number;
  read_at: Time | null;
  popup_shown_at: Time | null;
  deleted_at: Time | null;
}

export interface SubscriptionsTable {
  id: Id;
  user_id: number;
  classify_id: number;
  created_at: Time;
}

/** Migration 0020: messages sent to members by jobs, once per key. */
export interface MessageLogTable {
  id: Id;
  key: string;
  user_id: number;
  channel: 'inbox' | 'sms';
  created_at: Time;
}

/** Migration 0027: words that hold a comment for review. */
export interface ModerationWordsTable {
  id: Id;
  word: string;
  created_at: Time;
}

/**
 * Migration 0032: a member's private note (issue 23) at a second of a lesson or live replay,
 * or on a highlighted article passage. An empty body is a bare bookmark (★).
 */
export interface MemberNotesTable {
  id: Id;
  user_id: number;
  target_type: 'lesson' | 'live' | 'article';
  target_id: number;
  /** The second of the lesson or replay; null for an article. */
  at_seconds: number | null;
  /** The highlighted article passage (at most 500 characters); null otherwise. */
  quote: string | null;
  /** The index of the highlighted paragraph in the article body; null otherwise. */
  paragraph: number | null;
  body: string;
  created_at: Time;
  updated_at: Time;
}
