/**
 * Chat and Q&A of a live broadcast (issue 26): the chat as a viewer opens it (per viewer, never
 * cached), its event stream (server-sent events; `id:` is the broadcast's event number, and a
 * reconnecting client's Last-Event-ID resumes after it), a member's message or question, and a
 * member's upvote of a question.
 */
import { z } from 'zod';
import { requiredId } from '../../../../shared/schemas.ts';
import {
  CHAT_STREAM_HEADERS,
  chatStreamStart,
  checkChatBroadcast,
  LIVE_MSG,
  openChat,
  openChatStream,
  postChat,
  voteQuestion,
} from '../../../services/live/index.ts';
import { AppError } from '../../../errors.ts';
import { route, type RouteDef } from '../../define.ts';
import { clientIp } from '../../session-cookie.ts';

const idInput = z.object({ id: requiredId });

const sendBody = z.object({
  content: z.unknown(),
  kind: z.enum(['message', 'question']).default('message'),
});

export const liveChatRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/live/chat/:id',
    access: 'public',
    input: idInput,
    async handler({ input, deps, c, user }) {
      c.header('Cache-Control', 'private, no-store');
      return {
        chat: await openChat(deps, input.id, user ? { id: user.id, role: user.role } : null),
      };
    },
  }),
  route({
    method: 'get',
    path: '/api/live/chat/:id/events',
    access: 'public',
    input: z.looseObject({ id: requiredId }),
    async handler({ input, deps, c }) {
      const after = chatStreamStart(c.req.header('last-event-id') ?? c.req.query('after'));
      // Not found before a stream opens: the client stops instead of reconnecting for ever.
      await checkChatBroadcast(deps, input.id);
      return new Response(openChatStream(deps, input.id, after, c.req.raw.signal), {
        headers: CHAT_STREAM_HEADERS,
      });
    },
  }),
  route({
    method: 'post',
    path: '/api/live/chat/:id/send',
    access: 'member',
    input: idInput,
    // The message is read here, raw: a control character in it is refused, not dropped.
    rawBody: true,
    async handler({ input, deps, c, user }) {
      const body = sendBody.safeParse(await c.req.json().catch(() => ({})));
      if (!body.success) throw AppError.badRequest(LIVE_MSG.chat.empty);
      const message = await postChat(deps, user!.id, input.id, body.data, clientIp(c));
      return { message, notice: message.status === 'held' ? LIVE_MSG.chat.held : null };
    },
  }),
  route({
    method: 'post',
    path: '/api/live/chat/vote/:id',
    access: 'member',
    input: idInput,
    message: LIVE_MSG.chat.voteDone,
    handler: async ({ input, deps, user }) => ({
      message: await voteQuestion(deps, user!.id, input.id),
    }),
  }),
];
