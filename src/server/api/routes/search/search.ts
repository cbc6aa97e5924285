/** The site search of spec 7: one word across articles, courses, live and videos. */
import { pageSchema } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { fmt } from '../../../../shared/messages.ts';
import {
  MAX_WORD_LENGTH,
  search,
  SEARCH_MSG,
  SEARCH_TYPES,
} from '../../../services/search/index.ts';
import { route, type RouteDef } from '../../define.ts';

const blankToUndefined = (v: unknown) =>
  v === '' || v === undefined || v === null ? undefined : v;

export const searchRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/index/search',
    access: 'public',
    input: pageSchema.extend({
      word: z
        .string()
        .trim()
        .max(MAX_WORD_LENGTH, fmt(SEARCH_MSG.wordTooLong, { max: MAX_WORD_LENGTH }))
        .default(''),
      type: z.preprocess(
        blankToUndefined,
        z.enum(SEARCH_TYPES, { error: SEARCH_MSG.typeInvalid }).optional(),
      ),
    }),
    handler: ({ input, deps }) => search(deps, input),
  }),
];
