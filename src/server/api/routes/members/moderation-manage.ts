/**
 * Community moderation for staff (issue 12, section "community": admins and
 * moderators): comments, the word list that holds comments for review, and
 * members (search, ban from commenting, disable, sign out everywhere).
 */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  addWord,
  banMember,
  deleteComment,
  deleteWord,
  endSessions,
  listAdminComments,
  listWords,
  searchMembers,
  setCommentStatus,
  setMemberDisabled,
  MEMBERS_MSG,
} from '../../../services/members/index.ts';
import { flag, inputId } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const commentId = { audit: { target: 'comment' as const, id: inputId } };

export const moderationManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/comment/list',
    access: 'staff:community',
    input: pageSchema.extend({
      status: z.enum(['visible', 'hidden', 'held'], { error: MSG.badRequest }).optional(),
      word: z.string().max(50).optional(),
      userId: requiredId.optional(),
    }),
    handler: ({ deps, input }) => listAdminComments(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/comment/hide',
    access: 'staff:community',
    ...commentId,
    input: z.object({ id: requiredId }),
    message: MEMBERS_MSG.moderation.commentHidden,
    handler: ({ deps, input }) => setCommentStatus(deps, input.id, 'hidden'),
  }),
  route({
    method: 'post',
    path: '/api/admin/comment/show',
    access: 'staff:community',
    ...commentId,
    input: z.object({ id: requiredId }),
    message: MEMBERS_MSG.moderation.commentShown,
    handler: ({ deps, input }) => setCommentStatus(deps, input.id, 'visible'),
  }),
  route({
    method: 'post',
    path: '/api/admin/comment/delete',
    access: 'staff:community',
    ...commentId,
    input: z.object({ id: requiredId }),
    message: MEMBERS_MSG.moderation.commentDeleted,
    handler: ({ deps, input }) => deleteComment(deps, input.id),
  }),
  route({
    method: 'get',
    path: '/api/admin/moderation/words',
    access: 'staff:community',
    handler: async ({ deps }) => ({ list: await listWords(deps) }),
  }),
  route({
    method: 'post',
    path: '/api/admin/moderation/word/add',
    access: 'staff:community',
    input: z.object({ word: z.string({ error: MEMBERS_MSG.moderation.wordInvalid }).max(100) }),
    handler: ({ deps, input }) => addWord(deps, input.word),
  }),
  route({
    method: 'post',
    path: '/api/admin/moderation/word/delete',
    access: 'staff:community',
    input: z.object({ id: requiredId }),
    handler: ({ deps, input }) => deleteWord(deps, input.id),
  }),
  route({
    method: 'get',
    path: '/api/admin/member/list',
    access: 'staff:community',
    input: pageSchema.extend({ word: z.string().max(50).optional() }),
    handler: ({ deps, input }) => searchMembers(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/member/ban',
    access: 'staff:community',
    input: z.object({
      userId: requiredId,
      days: z.coerce
        .number({ error: MEMBERS_MSG.moderation.banDays })
        .int(MEMBERS_MSG.moderation.banDays),
    }),
    handler: ({ deps, input }) => banMember(deps, input.userId, input.days),
  }),
  route({
    method: 'post',
    path: '/api/admin/member/disable',
    access: 'staff:community',
    input: z.object({ userId: requiredId, disabled: flag }),
    handler: ({ deps, input }) => setMemberDisabled(deps, input.userId, input.disabled),
  }),
  route({
    method: 'post',
    path: '/api/admin/member/logout',
    access: 'staff:community',
    input: z.object({ userId: requiredId }),
    handler: async ({ deps, input }) => ({ ended: await endSessions(deps, input.userId) }),
  }),
];
