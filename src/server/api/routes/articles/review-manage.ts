/** Staff review of members' submitted articles (section "review"): the queue and a verdict. */
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import {
  listPendingArticles,
  reviewArticle,
  ARTICLES_MSG,
} from '../../../services/articles/index.ts';
import { route, type RouteDef } from '../../define.ts';

export const reviewManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/article/pending',
    access: 'staff:review',
    input: pageSchema,
    handler: ({ input, deps }) => listPendingArticles(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/article/review',
    audit: { target: 'article', id: (input) => input.id },
    access: 'staff:review',
    input: z.object({
      id: requiredId,
      approve: z.enum(['1', '0', 'true', 'false'], { error: ARTICLES_MSG.review.verdictRequired }),
      note: z.string().max(200, ARTICLES_MSG.review.noteTooLong).optional(),
    }),
    message: ARTICLES_MSG.review.reviewed,
    handler: ({ input, user, deps }) =>
      reviewArticle(deps, user!.id, {
        id: input.id,
        approve: input.approve === '1' || input.approve === 'true',
        note: input.note,
      }),
  }),
];
