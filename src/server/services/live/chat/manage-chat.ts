/**
 * The host's part of a broadcast's chat (issue 26), for the broadcast's host, admins and
 * moderators (who may act is hosts.ts): answer a question (已回答), pin or unpin a message (置顶), hide a
 * message for everyone or show one again (a held one, once reviewed). Every change is an event,
 * so every viewer sees it at once. The host's view in the console lists a broadcast's questions
 * by votes.
 */
import { LIMITS } from '../../../../shared/constants.ts';
import { fmt } from '../../../../shared/messages.ts';
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { stripControls } from '../../lib/index.ts';
import { messagesQuery, toChatMessage, type ChatMessage, type ChatStatus } from './chat-events.ts';
import { changeChat } from './chat.ts';
import { LIVE_MSG } from '../messages.ts';
import { HOST_ROLES, mayHost, requireHost, type Asker } from '../hosts.ts';

type D = Pick<Deps, 'db' | 'clock'>;
const CHAT = LIVE_MSG.chat;

/** The broadcast of message `id`, once `by` is seen to be its host; not found otherwise. */
async function hostedMessage(deps: D, by: Asker, id: number) {
  const m = await deps.db
    .selectFrom('live_chat_messages')
    .select(['live_id', 'kind', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!m) throw AppError.notFound(CHAT.notFound);
  await requireHost(deps.db, by, m.live_id);
  return m;
}

/** Answers a question (or replaces its answer); the answer may span lines. */
export async function answerQuestion(
  deps: D,
  by: Asker,
  id: number,
  raw: string,
): Promise<ChatMessage> {
  const answer = stripControls(raw, { keepTabs: true }).trim();
  if (!answer) throw AppError.badRequest(CHAT.answerEmpty);
  if ([...answer].length > LIMITS.liveAnswerMax)
    throw AppError.badRequest(fmt(CHAT.answerTooLong, { max: LIMITS.liveAnswerMax }));
  const m = await hostedMessage(deps, by, id);
  if (m.status === 'hidden') throw AppError.notFound(CHAT.notFound);
  if (m.kind !== 'question') throw AppError.badRequest(CHAT.notQuestion);
  const ev = await changeChat(deps, id, async (trx) => {
    await trx
      .updateTable('live_chat_messages')
      .set({ answer, answered_at: iso(deps.clock.now()) })
      .where('id', '=', id)
      .execute();
  });
  return ev.message;
}

/** Pins or unpins a message. */
export async function pinChat(
  deps: D,
  by: Asker,
  id: number,
  pinned: boolean,
): Promise<ChatMessage> {
  await hostedMessage(deps, by, id);
  const ev = await changeChat(deps, id, async (trx) => {
    await trx
      .updateTable('live_chat_messages')
      .set({ pinned: pinned ? 1 : 0 })
      .where('id', '=', id)
      .execute();
  });
  return ev.message;
}

/** Hides a message for everyone, or shows it (a held message reviewed and let through). */
export async function setChatStatus(
  deps: D,
  by: Asker,
  id: number,
  status: Exclude<ChatStatus, 'held'>,
): Promise<ChatMessage> {
  await hostedMessage(deps, by, id);
  const ev = await changeChat(deps, id, async (trx) => {
    await trx.updateTable('live_chat_messages').set({ status }).where('id', '=', id).execute();
  });
  return ev.message;
}

/** A broadcast the host's view offers: begun (on air or ended), with its count of questions. */
export interface ChatLiveOption {
  id: number;
  title: string;
  startAt: string;
  questions: number;
  /** The assigned host's name; null when none is assigned. */
  hostName: string | null;
  /** Whether the asker is its assigned host. */
  mine: boolean;
}

/**
 * The broadcasts that have begun and that `by` hosts (hosts.ts), latest first: the host's view
 * picks one, its own first offered.
 */
export async function listChatLives(deps: D, by: Asker): Promise<ChatLiveOption[]> {
  const rows = await deps.db
    .selectFrom('live_broadcasts as l')
    .leftJoin('users as h', (j) =>
      j.onRef('h.id', '=', 'l.host_id').on('h.role', 'in', [...HOST_ROLES]),
    )
    .leftJoin('live_chat_messages as m', (j) =>
      j
        .onRef('m.live_id', '=', 'l.id')
        .on('m.kind', '=', 'question')
        .on('m.status', '=', 'visible'),
    )
    .select((eb) => [
      'l.id',
      'l.title',
      'l.start_at',
      'h.id as host_id',
      'h.name as host_name',
      eb.fn.count<number>('m.id').as('questions'),
    ])
    .where('l.start_at', '<=', iso(deps.clock.now()))
    .groupBy(['l.id', 'l.title', 'l.start_at', 'h.id', 'h.name'])
    .orderBy('l.start_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(100)
    .execute();
  return rows
    .filter((r) => mayHost(by, r.host_id ?? null))
    .map((r) => ({
      id: r.id,
      title: r.title,
      startAt: r.start_at,
      questions: Number(r.questions),
      hostName: r.host_id ? r.host_name : null,
      mine: r.host_id === by.id,
    }));
}

/** A broadcast's questions for its host: most votes first, then the earliest. */
export async function listHostQuestions(
  deps: D,
  by: Asker,
  liveId: number,
): Promise<ChatMessage[]> {
  await requireHost(deps.db, by, liveId);
  const rows = await messagesQuery(deps.db)
    .where('m.live_id', '=', liveId)
    .where('m.kind', '=', 'question')
    .where('m.status', '=', 'visible')
    .orderBy('m.votes', 'desc')
    .orderBy('m.id', 'asc')
    .limit(500)
    .execute();
  return rows.map(toChatMessage);
}
