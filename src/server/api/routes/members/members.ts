/**
 * Comments, favourites and likes (spec 7). Items are named by `targetType`
 * and `targetId`; lists take `page` and `size`. Success and failure messages
 * are the exact ones of spec 8.
 */
import { commentContentSchema, pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { TARGET_TYPES } from '../../../../shared/constants.ts';
import { MSG } from '../../../../shared/messages.ts';
import {
  addComment,
  addFavorite,
  addLaud,
  deleteFavorite,
  deleteOwnComment,
  favoriteCategories,
  favoriteState,
  hasLauded,
  laudCount,
  listComments,
  listFavorites,
  targetSchema,
  MEMBERS_MSG,
} from '../../../services/members/index.ts';

import { route, type RouteDef } from '../../define.ts';
import { clientIp } from '../../session-cookie.ts';
import { AppError } from '../../../errors.ts';

/**
 * Runs a write and answers its failure with the spec's failure message
 * (收藏失败 ...) unless it is a login, permission or rate-limit answer, whose
 * own message says what to do.
 */
async function orFail<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError && [401, 403, 429].includes(e.code)) throw e;
    if (e instanceof AppError && e.code === 400 && e.message !== MSG.badRequest) throw e;
    throw new AppError(e instanceof AppError ? e.code : 500, message);
  }
}

export const memberRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/comment/list',
    access: 'public',
    input: pageSchema.extend(targetSchema.shape),
    handler: ({ input, user, deps }) =>
      listComments(deps, input, { page: input.page, size: input.size }, user?.id ?? null),
  }),
  route({
    method: 'post',
    path: '/api/comment/add',
    access: 'member',
    input: targetSchema.extend({ content: commentContentSchema }),
    message: MSG.commentSuccess,
    handler: ({ input, user, deps, c }) =>
      orFail(MSG.commentFailure, () =>
        addComment(deps, user!.id, input, input.content, clientIp(c)),
      ),
  }),
  route({
    method: 'post',
    path: '/api/comment/delete',
    access: 'owner',
    input: z.object({ id: requiredId }),
    message: MEMBERS_MSG.deleted,
    handler: async ({ input, user, deps }) => {
      await deleteOwnComment(deps, user!.id, input.id);
      return null;
    },
  }),
  route({
    method: 'post',
    path: '/api/favorite/add',
    access: 'member',
    input: targetSchema,
    message: MSG.collectSuccess,
    handler: ({ input, user, deps }) =>
      orFail(MSG.collectFailure, () => addFavorite(deps, user!.id, input)),
  }),
  route({
    method: 'post',
    path: '/api/favorite/delete',
    access: 'member',
    input: targetSchema,
    message: MSG.uncollectSuccess,
    handler: ({ input, user, deps }) =>
      orFail(MSG.uncollectFailure, () => deleteFavorite(deps, user!.id, input)),
  }),
  route({
    method: 'get',
    path: '/api/favorite/list',
    access: 'member',
    input: pageSchema.extend({
      targetType: z.preprocess(
        (v) => (v === '' ? undefined : v),
        z.enum(TARGET_TYPES, { error: MEMBERS_MSG.targetInvalid }).optional(),
      ),
    }),
    handler: ({ input, user, deps }) => listFavorites(deps, user!.id, input),
  }),
  route({
    method: 'get',
    path: '/api/favorite/category',
    access: 'member',
    handler: async ({ user, deps }) => {
      const list = await favoriteCategories(deps, user!.id);
      return { list, count: list.reduce((n, c) => n + c.count, 0) };
    },
  }),
  route({
    // The member's own state of one item for the cached detail pages' buttons:
    // favorite as spec 4 stores it, and whether they liked it before.
    method: 'get',
    path: '/api/favorite/state',
    access: 'member',
    input: targetSchema,
    handler: async ({ input, user, deps }) => ({
      favorite: await favoriteState(deps, user!.id, input),
      lauded: (await hasLauded(deps, user!.id, input)) ? 1 : 0,
      laudCount: await laudCount(deps, input),
    }),
  }),
  route({
    method: 'post',
    path: '/api/laud/add',
    access: 'member',
    input: targetSchema,
    message: MEMBERS_MSG.laud.success,
    handler: ({ input, user, deps }) =>
      orFail(MEMBERS_MSG.laud.failure, () => addLaud(deps, user!.id, input)),
  }),
];
