/** Article calls of spec 7. Only published content is ever answered. */
import { optionalId, pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { FILTER_TYPE, FILTER_TYPES, type FilterType } from '../../../../shared/constants.ts';
import {
  listArticles,
  listClassifies,
  listClassifyCounts,
  listClassifyTree,
  listIndexArticles,
  listRecommendedArticles,
  listRelatedArticles,
  listSecondClassifies,
  SIDE_LIST_SIZE,
  viewArticle,
  ARTICLES_MSG,
} from '../../../services/articles/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';

const blankToUndefined = (v: unknown) =>
  v === '' || v === undefined || v === null ? undefined : v;

/** Filter type 1 recommended / 2 newest / 3 hot (spec 4); absent → recommended. */
const filterType = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ error: ARTICLES_MSG.filterTypeInvalid })
    .refine(
      (n): n is FilterType => (FILTER_TYPES as readonly number[]).includes(n),
      ARTICLES_MSG.filterTypeInvalid,
    )
    .default(FILTER_TYPE.recommended),
);

/** Size of a short list (home page, side lists): bad values fall back to the default, as pageSchema does. */
const listSize = z.coerce
  .number()
  .int()
  .min(1)
  .max(50)
  .catch(SIDE_LIST_SIZE)
  .default(SIDE_LIST_SIZE);

export const articleRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/index/articleIndexList',
    access: 'public',
    input: z.object({ type: filterType, size: listSize }),
    handler: async ({ input, deps }) => ({
      list: await listIndexArticles(deps, input.type as FilterType, input.size),
    }),
  }),
  route({
    method: 'get',
    path: '/api/article/list',
    access: 'public',
    input: pageSchema.extend({
      classifyId: optionalId,
      secondClassifyId: optionalId,
      type: filterType,
    }),
    handler: ({ input, deps }) => listArticles(deps, { ...input, type: input.type as FilterType }),
  }),
  route({
    method: 'get',
    path: '/api/article/detail',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps }) {
      const detail = await viewArticle(deps, input.id);
      if (!detail) throw AppError.notFound();
      return { detail };
    },
  }),
  route({
    // The spec's spelling of "related article".
    method: 'get',
    path: '/api/index/relatedArtile',
    access: 'public',
    input: z.object({ id: requiredId, size: listSize }),
    async handler({ input, deps }) {
      const list = await listRelatedArticles(deps, input.id, input.size);
      if (!list) throw AppError.notFound();
      return { list };
    },
  }),
  route({
    method: 'get',
    path: '/api/index/articleRecommend',
    access: 'public',
    input: z.object({ size: listSize }),
    handler: async ({ input, deps }) => ({ list: await listRecommendedArticles(deps, input.size) }),
  }),
  route({
    method: 'get',
    path: '/api/article/classify',
    access: 'public',
    handler: async ({ deps }) => ({ list: await listClassifies(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/article/secondClassify',
    access: 'public',
    input: z.object({ classifyId: requiredId }),
    async handler({ input, deps }) {
      const list = await listSecondClassifies(deps, input.classifyId);
      if (!list) throw AppError.notFound();
      return { list };
    },
  }),
  route({
    method: 'get',
    path: '/api/article/classifyAll',
    access: 'public',
    handler: async ({ deps }) => ({ list: await listClassifyTree(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/article/category',
    access: 'public',
    handler: async ({ deps }) => ({ list: await listClassifyCounts(deps) }),
  }),
];
