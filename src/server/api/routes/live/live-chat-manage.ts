/**
 * The host's part of a broadcast's chat (issue 26), for staff of the review section (admin,
 * editor, moderator) on the live page and in the console's host view (问答管理): the broadcasts
 * begun and a broadcast's questions by votes; answer a question, pin or unpin, hide or show one.
 */
import { z } from 'zod';
import { requiredId } from '../../../../shared/schemas.ts';
import {
  answerQuestion,
  listChatLives,
  listHostQuestions,
  LIVE_MSG,
  pinChat,
  setChatStatus,
} from '../../../services/live/index.ts';
import { flag } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const CHAT = LIVE_MSG.chat;

export const liveChatManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/live/chat/lives',
    access: 'staff:review',
    handler: async ({ deps }) => ({ list: await listChatLives(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/admin/live/chat/questions',
    access: 'staff:review',
    input: z.object({ liveId: requiredId }),
    handler: async ({ input, deps }) => ({ list: await listHostQuestions(deps, input.liveId) }),
  }),
  route({
    method: 'post',
    path: '/api/admin/live/chat/answer',
    access: 'staff:review',
    message: CHAT.answeredDone,
    input: z.object({ id: requiredId, answer: z.string({ error: CHAT.answerEmpty }) }),
    handler: async ({ input, deps }) => ({
      message: await answerQuestion(deps, input.id, input.answer),
    }),
  }),
  route({
    method: 'post',
    path: '/api/admin/live/chat/pin',
    access: 'staff:review',
    input: z.object({ id: requiredId, pinned: flag }),
    handler: async ({ input, deps }) => ({
      message: await pinChat(deps, input.id, Boolean(input.pinned)),
    }),
  }),
  route({
    method: 'post',
    path: '/api/admin/live/chat/status',
    access: 'staff:review',
    input: z.object({ id: requiredId, status: z.enum(['visible', 'hidden']) }),
    handler: async ({ input, deps }) => ({
      message: await setChatStatus(deps, input.id, input.status),
    }),
  }),
];
