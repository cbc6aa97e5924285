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
  PUBLISH_TEXT,
  saveArticle,
} from '../../../services/articles/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';
import { bearerToken } from '../../middleware.ts';

const deleteById = (method: 'get' | 'post') =>
  route({
    method,
    path: '/api/article/deleteById',
    access: 'owner',
    input: z.object({ id: requiredId }),
    message: PUBLISH_TEXT.deleted,
    async handler({ input, user, deps, c }) {
      // The spec lists a GET; a cookie alone rides along on any cross-site link
      // or <img>, so the GET form acts only for an explicit Authorization header.
      if (method === 'get' && !bearerToken(c.req.header('authorization'))) {
        throw AppError.forbidden('请使用 POST 请求删除文章');
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
      title: z.string({ error: PUBLISH_TEXT.titleRequired }),
      content: z.string({ error: PUBLISH_TEXT.contentRequired }),
      classifyId: z.coerce
        .number({ error: PUBLISH_TEXT.classifyInvalid })
        .int(PUBLISH_TEXT.classifyInvalid)
        .positive(PUBLISH_TEXT.classifyInvalid),
    }),
    message: PUBLISH_TEXT.saved,
    handler: ({ input, user, deps }) => saveArticle(deps, user!.id, input),
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
