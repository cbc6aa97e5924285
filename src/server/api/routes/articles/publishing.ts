/**
 * Member publishing (spec 7: /api/article/saveArticle, /api/article/user/articleList,
 * /api/article/deleteById). Staff review the submissions in review-manage.ts.
 */
import { optionalId, pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import {
  deleteOwnArticle,
  getOwnArticle,
  listOwnArticles,
  saveArticle,
  ARTICLES_MSG,
} from '../../../services/articles/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { clientIp } from '../../session-cookie.ts';
import { AppError } from '../../../errors.ts';
import { bearerToken } from '../../middleware.ts';

const deleteById = (method: 'get' | 'post') =>
  route({
    method,
    path: '/api/article/deleteById',
    access: 'owner',
    input: z.object({ id: requiredId }),
    message: ARTICLES_MSG.publish.deleted,
    async handler({ input, user, deps, c }) {
      // The spec lists a GET; a cookie alone rides along on any cross-site link
      // or <img>, so the GET form acts only for an explicit Authorization header.
      if (method === 'get' && !bearerToken(c.req.header('authorization'))) {
        throw AppError.forbidden(ARTICLES_MSG.publish.postOnly);
      }
      await deleteOwnArticle(deps, user!.id, input.id);
      return null;
    },
  });

export const publishingRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/article/saveArticle',
    access: 'owner',
    input: z.object({
      id: optionalId,
      title: z.string({ error: ARTICLES_MSG.publish.titleRequired }),
      content: z.string({ error: ARTICLES_MSG.publish.contentRequired }),
      classifyId: z.coerce
        .number({ error: ARTICLES_MSG.publish.classifyInvalid })
        .int(ARTICLES_MSG.publish.classifyInvalid)
        .positive(ARTICLES_MSG.publish.classifyInvalid),
    }),
    message: ARTICLES_MSG.publish.saved,
    handler: ({ input, user, deps, c }) => saveArticle(deps, user!.id, input, clientIp(c)),
  }),
  route({
    method: 'get',
    path: '/api/article/user/articleList',
    access: 'owner',
    input: pageSchema,
    handler: ({ input, user, deps }) => listOwnArticles(deps, user!.id, input),
  }),
  route({
    method: 'get',
    path: '/api/article/user/detail',
    access: 'owner',
    input: z.object({ id: requiredId }),
    async handler({ input, user, deps }) {
      const detail = await getOwnArticle(deps, user!.id, input.id);
      if (!detail) throw AppError.notFound();
      return { detail };
    },
  }),
  deleteById('get'),
  deleteById('post'),
];
