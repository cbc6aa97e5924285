/** The site search of spec 7: one word across articles, courses, live and videos. */
import { pageSchema } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { MAX_WORD_LENGTH, search, SEARCH_TYPES } from '../../../services/search/index.ts';
import { route, type RouteDef } from '../../define.ts';

const TEXT = {
  invalidSearchType: '搜索类型无效',
  wordTooLong: `搜索词不能超过${MAX_WORD_LENGTH}个字`,
} as const;

const blankToUndefined = (v: unknown) =>
  v === '' || v === undefined || v === null ? undefined : v;

export const searchRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/index/search',
    access: 'public',
    input: pageSchema.extend({
      word: z.string().trim().max(MAX_WORD_LENGTH, TEXT.wordTooLong).default(''),
      type: z.preprocess(
        blankToUndefined,
        z.enum(SEARCH_TYPES, { error: TEXT.invalidSearchType }).optional(),
      ),
    }),
    handler: ({ input, deps }) => search(deps, input),
  }),
];
