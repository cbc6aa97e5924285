/**
 * Chat and Q&A of a live broadcast (issue 26). Members write while the broadcast is on air; a
 * message is stored first (with its media time, for the replay) and then published (chat-hub).
 * The moderation of comments holds here too (members: the review word list holds a message,
 * a ban or a disabled account refuses it), and a flood limit per member: 5 messages in any
 * 10 s (a burst of 5, then one every 2 s on average), decided atomically (consumeLimits: Redis
 * when shared, else the database). A question is upvoted once per member (the vote's primary key).
 */
import { LIMITS } from '../../../../shared/constants.ts';
import { fmt } from '../../../../shared/messages.ts';
import type { Role } from '../../../../shared/roles.ts';
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { noteMemberRegion } from '../../accounts/index.ts';
import { consumeLimits, ipRegion } from '../../lib/index.ts';
import { checkNotBanned, matchesWordList } from '../../members/index.ts';
import {
  lastChatSeq,
  messagesQuery,
  recordChatEvent,
  toChatMessage,
  type ChatEvent,
  type ChatKind,
  type ChatMessage,
} from './chat-events.ts';
import { publishChatEvent } from './chat-hub.ts';
import { hasPlayer, liveStatus, type LiveStatus } from '../live.ts';
import { LIVE_MSG } from '../messages.ts';
import { hostOf, mayHost } from '../hosts.ts';

type D = Pick<Deps, 'db' | 'clock'> & Partial<Pick<Deps, 'limiter' | 'logger'>>;
const CHAT = LIVE_MSG.chat;

/** The flood limit: 5 messages in any 10 s window. */
export const CHAT_FLOOD = { windowMs: 10_000, max: 5 } as const;
/** The newest messages a viewer is given when the chat opens (the stream brings the rest). */
const LIST_MAX = 1000;
/** Control characters (C0, DEL, C1) and line/paragraph separators: a chat line has none. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A message as its viewer sees it: whether they wrote it and whether they upvoted it. */
export interface ChatItem extends ChatMessage {
  mine: boolean;
  voted: boolean;
}

/** What the chat panel opens with (GET /api/live/chat/:id): per viewer, never cached. */
export interface ChatRoomView {
  liveId: number;
  status: LiveStatus;
  /** The event stream resumes after this number. */
  lastEventId: number;
  messages: ChatItem[];
  viewer: { member: boolean; staff: boolean };
}

/** Who asks: a signed-in user's id and role, or null for a visitor. */
export type ChatViewer = { id: number; role: Role } | null;

/** Checks a chat line; throws the Chinese reason when it is unusable, else returns it trimmed. */
export function cleanChatText(raw: unknown): string {
  if (typeof raw !== 'string') throw AppError.badRequest(CHAT.empty);
  if (CONTROL.test(raw)) throw AppError.badRequest(CHAT.controls);
  const text = raw.trim();
  if (!text) throw AppError.badRequest(CHAT.empty);
  if ([...text].length > LIMITS.liveChatMax)
    throw AppError.badRequest(fmt(CHAT.tooLong, { max: LIMITS.liveChatMax }));
  return text;
}

interface Broadcast {
  id: number;
  status: LiveStatus;
  startAt: string;
}

async function broadcast(deps: D, liveId: number): Promise<Broadcast> {
  const r = await deps.db
    .selectFrom('live_broadcasts')
    .select(['id', 'start_at', 'end_at', 'stream_url', 'html_url'])
    .where('id', '=', liveId)
    .executeTakeFirst();
  if (!r) throw AppError.notFound(LIVE_MSG.liveNotFound);
  return {
    id: r.id,
    startAt: r.start_at,
    status: liveStatus(r.start_at, r.end_at, deps.clock.now(), hasPlayer(r)),
  };
}

/** Throws not found unless the broadcast exists (before an event stream opens: one look-up). */
export async function checkChatBroadcast(deps: D, liveId: number): Promise<void> {
  await broadcast(deps, liveId);
}

/** The chat as a viewer opens it: the newest messages, oldest first, and the stream's start. */
export async function openChat(deps: D, liveId: number, viewer: ChatViewer): Promise<ChatRoomView> {
  const live = await broadcast(deps, liveId);
  // Read first: an event committed meanwhile comes again through the stream (same id, no loss).
  const lastEventId = await lastChatSeq(deps, liveId);
  const rows = await messagesQuery(deps.db)
    .select(['m.user_id'])
    .where('m.live_id', '=', liveId)
    .where((eb) =>
      viewer
        ? eb.or([
            eb('m.status', '=', 'visible'),
            eb.and([eb('m.status', '=', 'held'), eb('m.user_id', '=', viewer.id)]),
          ])
        : eb('m.status', '=', 'visible'),
    )
    .orderBy('m.id', 'desc')
    .limit(LIST_MAX)
    .execute();
  const voted = new Set<number>();
  if (viewer && rows.length > 0) {
    const votes = await deps.db
      .selectFrom('live_chat_votes as v')
      .innerJoin('live_chat_messages as m', 'm.id', 'v.message_id')
      .select('v.message_id')
      .where('m.live_id', '=', liveId)
      .where('v.user_id', '=', viewer.id)
      .execute();
    for (const v of votes) voted.add(v.message_id);
  }
  return {
    liveId,
    status: live.status,
    lastEventId,
    messages: rows.reverse().map((r) => ({
      ...toChatMessage(r),
      mine: r.user_id === viewer?.id,
      voted: voted.has(r.id),
    })),
    viewer: {
      member: viewer !== null,
      staff: viewer !== null && mayHost(viewer, await hostOf(deps.db, liveId)),
    },
  };
}

/**
 * A member's message or question, while the broadcast is on air. Stored first, then published;
 * a message the review word list matches is held (only its author sees it, and no event).
 * `ip` is the poster's address, kept only as its region (IP 属地).
 */
export async function postChat(
  deps: D,
  userId: number,
  liveId: number,
  input: { content: unknown; kind: ChatKind },
  ip: string,
): Promise<ChatItem> {
  const content = cleanChatText(input.content);
  const live = await broadcast(deps, liveId);
  if (live.status !== 'live') throw AppError.forbidden(CHAT.notOnAir);
  await checkNotBanned(deps, userId, CHAT);
  await consumeLimits(deps, [
    {
      bucket: `live-chat:user:${userId}`,
      ...CHAT_FLOOD,
      message: (n) => fmt(CHAT.flood, { n }),
    },
  ]);
  const held = await matchesWordList(deps.db, content);
  const now = deps.clock.now();
  const region = ipRegion(ip);
  const mediaSeconds = Math.max(0, Math.floor((now.getTime() - Date.parse(live.startAt)) / 1000));
  const { message, event } = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('live_chat_messages')
      .values({
        live_id: liveId,
        user_id: userId,
        kind: input.kind,
        content,
        status: held ? 'held' : 'visible',
        media_seconds: mediaSeconds,
        created_at: iso(now),
        ip_region: region,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await noteMemberRegion(trx, userId, region);
    const event = held ? null : await recordChatEvent(trx, deps.clock, liveId, row.id);
    const message =
      event?.message ??
      toChatMessage(await messagesQuery(trx).where('m.id', '=', row.id).executeTakeFirstOrThrow());
    return { message, event };
  });
  if (event) await publishChatEvent(event);
  return { ...message, mine: true, voted: false };
}

/** The visible message `id` of a broadcast, or not found. */
async function visibleMessage(deps: D, id: number) {
  const m = await deps.db
    .selectFrom('live_chat_messages')
    .select(['id', 'live_id', 'kind', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!m || m.status !== 'visible') throw AppError.notFound(CHAT.notFound);
  return m;
}

/** A member's upvote of a question: once per member, however many requests race. */
export async function voteQuestion(deps: D, userId: number, id: number): Promise<ChatItem> {
  const m = await visibleMessage(deps, id);
  if (m.kind !== 'question') throw AppError.badRequest(CHAT.notQuestion);
  await checkNotBanned(deps, userId, CHAT);
  const event = await deps.db.transaction().execute(async (trx) => {
    const res = await trx
      .insertInto('live_chat_votes')
      .values({ message_id: id, user_id: userId, created_at: iso(deps.clock.now()) })
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    await trx
      .updateTable('live_chat_messages')
      .set((eb) => ({ votes: eb('votes', '+', 1) }))
      .where('id', '=', id)
      .execute();
    return recordChatEvent(trx, deps.clock, m.live_id, id);
  });
  if (!event) throw AppError.badRequest(CHAT.voted);
  await publishChatEvent(event);
  return { ...event.message, mine: false, voted: true };
}

/** Runs a host's change of a message in a transaction with its event, then publishes it. */
export async function changeChat(
  deps: D,
  id: number,
  change: (trx: D['db']) => Promise<void>,
): Promise<ChatEvent> {
  const m = await deps.db
    .selectFrom('live_chat_messages')
    .select(['id', 'live_id'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!m) throw AppError.notFound(CHAT.notFound);
  const event = await deps.db.transaction().execute(async (trx) => {
    await change(trx);
    return recordChatEvent(trx, deps.clock, m.live_id, id);
  });
  await publishChatEvent(event);
  return event;
}
