/**
 * The host's part of a broadcast's chat (issue 26) on the live page and in the console's host
 * view (直播问答): the broadcasts begun that the asker hosts and a broadcast's questions by votes;
 * answer a question, pin or unpin, hide or show one. The routes admit staff of the review
 * section; which broadcasts each may act on is the live domain's rule (services/live/hosts.ts:
 * its assigned host, admins and moderators; any of them while none is assigned).
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
    handler: async ({ deps, user }) => ({ list: await listChatLives(deps, user!) }),
  }),
  route({
    method: 'get',
    path: '/api/admin/live/chat/questions',
    access: 'staff:review',
    input: z.object({ liveId: requiredId }),
    handler: async ({ input, deps, user }) => ({
      list: await listHostQuestions(deps, user!, input.liveId),
    }),
  }),
  route({
    method: 'post',
    path: '/api/admin/live/chat/answer',
    access: 'staff:review',
    message: CHAT.answeredDone,
    input: z.object({ id: requiredId, answer: z.string({ error: CHAT.answerEmpty }) }),
    handler: async ({ input, deps, user }) => ({
      message: await answerQuestion(deps, user!, input.id, input.answer),
    }),
  }),
  route({
    method: 'post',
    path: '/api/admin/live/chat/pin',
    access: 'staff:review',
    input: z.object({ id: requiredId, pinned: flag }),
    handler: async ({ input, deps, user }) => ({
      message: await pinChat(deps, user!, input.id, Boolean(input.pinned)),
    }),
  }),
  route({
    method: 'post',
    path: '/api/admin/live/chat/status',
    access: 'staff:review',
    input: z.object({ id: requiredId, status: z.enum(['visible', 'hidden']) }),
    handler: async ({ input, deps, user }) => ({
      message: await setChatStatus(deps, user!, input.id, input.status),
    }),
  }),
];
