/**
 * A broadcast's chat events (issue 26): every change a viewer must see (a new message, a vote,
 * an answer, a pin, a message hidden or shown) is an event row numbered per broadcast (`seq`),
 * written in the change's own transaction. The event stream sends `seq` as its id, so a
 * reconnecting viewer names the last one it has (Last-Event-ID) and gets exactly the events after
 * it from the database, then the live ones (chat-hub.ts).
 *
 * Numbers are handed out in commit order: on PostgreSQL the writer holds the broadcast's
 * advisory lock until its commit; SQLite has one writer at a time.
 */
import { sql } from 'kysely';
import { iso } from '../../../clock.ts';
import { isPostgres, type Database } from '../../../db/database.ts';
import type { Deps } from '../../../deps.ts';

export type ChatKind = 'message' | 'question';
export type ChatStatus = 'visible' | 'held' | 'hidden';

/** A chat message or question as every viewer sees it (the event stream's data). */
export interface ChatMessage {
  id: number;
  kind: ChatKind;
  /** Empty when hidden. */
  content: string;
  userName: string;
  userPhoto: string | null;
  /** IP 属地 of the poster when posting (广东, 美国, 未知); null when hidden. */
  ipRegion: string | null;
  /** Seconds since the broadcast's start when it was sent: where the replay shows it. */
  mediaSeconds: number;
  createdAt: string;
  votes: number;
  answer: string | null;
  answeredAt: string | null;
  pinned: boolean;
  status: ChatStatus;
}

/** One event of the stream: its number within the broadcast and the message as it now is. */
export interface ChatEvent {
  liveId: number;
  seq: number;
  message: ChatMessage;
}

/** Events fetched at once when a viewer resumes; a longer gap is read in several turns. */
export const RESUME_BATCH = 500;

const MESSAGE_COLUMNS = [
  'm.id',
  'm.kind',
  'm.content',
  'm.status',
  'm.media_seconds',
  'm.created_at',
  'm.votes',
  'm.answer',
  'm.answered_at',
  'm.pinned',
  'm.ip_region',
  'u.name',
  'u.photo',
] as const;

interface MessageRow {
  id: number;
  kind: string;
  content: string;
  status: string;
  media_seconds: number;
  created_at: string;
  votes: number;
  answer: string | null;
  answered_at: string | null;
  pinned: number;
  ip_region: string | null;
  name: string;
  photo: string | null;
}

/** A stored row as viewers see it: a hidden message keeps only its id and place. */
export function toChatMessage(r: MessageRow): ChatMessage {
  const hidden = r.status === 'hidden';
  return {
    id: r.id,
    kind: r.kind === 'question' ? 'question' : 'message',
    content: hidden ? '' : r.content,
    userName: hidden ? '' : r.name,
    userPhoto: hidden ? null : r.photo,
    ipRegion: hidden ? null : r.ip_region,
    mediaSeconds: r.media_seconds,
    createdAt: r.created_at,
    votes: r.votes,
    answer: hidden ? null : r.answer,
    answeredAt: hidden ? null : r.answered_at,
    pinned: !hidden && r.pinned === 1,
    status: r.status === 'held' ? 'held' : hidden ? 'hidden' : 'visible',
  };
}

/** The messages query with their authors. */
export function messagesQuery(db: Database) {
  return db
    .selectFrom('live_chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(MESSAGE_COLUMNS);
}

/**
 * Records that a message changed, inside the change's transaction `trx`, and returns the event
 * to publish once it commits.
 */
export async function recordChatEvent(
  trx: Database,
  clock: Deps['clock'],
  liveId: number,
  messageId: number,
): Promise<ChatEvent> {
  if (isPostgres(trx))
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`live-chat:${liveId}`}, 0))`.execute(
      trx,
    );
  const last = await trx
    .selectFrom('live_chat_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('live_id', '=', liveId)
    .executeTakeFirst();
  const seq = Number(last?.seq ?? 0) + 1;
  await trx
    .insertInto('live_chat_events')
    .values({ live_id: liveId, seq, message_id: messageId, created_at: iso(clock.now()) })
    .execute();
  const row = await messagesQuery(trx).where('m.id', '=', messageId).executeTakeFirstOrThrow();
  return { liveId, seq, message: toChatMessage(row) };
}

/** The broadcast's newest event number (0 before any). */
export async function lastChatSeq(deps: Pick<Deps, 'db'>, liveId: number): Promise<number> {
  const row = await deps.db
    .selectFrom('live_chat_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('live_id', '=', liveId)
    .executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/**
 * The events after `after` up to `upto` (inclusive, when given), oldest first, at most
 * RESUME_BATCH; each with the message as it is now.
 */
export async function chatEventsAfter(
  deps: Pick<Deps, 'db'>,
  liveId: number,
  after: number,
  upto?: number,
): Promise<ChatEvent[]> {
  const rows = await deps.db
    .selectFrom('live_chat_events as e')
    .innerJoin('live_chat_messages as m', 'm.id', 'e.message_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([...MESSAGE_COLUMNS, 'e.seq'])
    .where('e.live_id', '=', liveId)
    .where('e.seq', '>', after)
    .$if(upto !== undefined, (q) => q.where('e.seq', '<=', upto!))
    .orderBy('e.seq')
    .limit(RESUME_BATCH)
    .execute();
  return rows.map((r) => ({ liveId, seq: r.seq, message: toChatMessage(r) }));
}
