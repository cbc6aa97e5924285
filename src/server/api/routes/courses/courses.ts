/** Calls of spec 7 for columns, big columns, labels, courses and downloadable resources. */
import {
  limitOf,
  optionalId,
  pageSchema,
  requiredId,
  searchWord,
} from '../../../../shared/schemas.ts';
import { z } from 'zod';
import {
  getBigColumn,
  getColumn,
  getCourseDetail,
  getLabel,
  listColumnCourses,
  listColumns,
  listCourses,
  listHotColumns,
  listLabels,
  listRecommendedCourses,
  listColumnIndex,
  listResources,
} from '../../../services/courses/index.ts';

import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';

export const courseRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/label/list',
    access: 'public',
    input: z.object({ courseType: optionalId, id: optionalId }),
    handler: async ({ input, deps }) => ({
      list: await listLabels(deps, { courseType: input.courseType, activeId: input.id }),
    }),
  }),
  route({
    method: 'get',
    path: '/api/index/classifyIndexList',
    access: 'public',
    handler: async ({ deps }) => ({ list: await listColumnIndex(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/index/classifyHotList',
    access: 'public',
    handler: async ({ deps }) => ({ list: await listHotColumns(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/index/classifyList',
    access: 'public',
    input: pageSchema,
    handler: ({ input, deps }) => listColumns(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/classify/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps }) {
      const column = await getColumn(deps, input.id);
      if (!column) throw AppError.notFound();
      return { detail: { ...column, courses: await listColumnCourses(deps, column.id) } };
    },
  }),
  route({
    method: 'get',
    path: '/api/bigClassify/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps }) {
      const detail = await getBigColumn(deps, input.id);
      if (!detail) throw AppError.notFound();
      return { detail };
    },
  }),
  route({
    method: 'get',
    path: '/api/order/subClassify',
    access: 'public',
    input: z.object({ bigClassifyId: requiredId }),
    async handler({ input, deps }) {
      const big = await getBigColumn(deps, input.bigClassifyId);
      if (!big) throw AppError.notFound();
      return { list: big.classifies };
    },
  }),
  route({
    method: 'get',
    path: '/api/label/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps }) {
      const detail = await getLabel(deps, input.id);
      if (!detail) throw AppError.notFound();
      return { detail };
    },
  }),
  route({
    method: 'get',
    path: '/api/index/label/findListByCourseType',
    access: 'public',
    input: z.object({ courseType: requiredId, id: optionalId }),
    handler: async ({ input, deps }) => ({
      list: await listLabels(deps, { courseType: input.courseType, activeId: input.id }),
    }),
  }),
  route({
    method: 'get',
    path: '/api/index/courseRecommend',
    access: 'public',
    input: z.object({ size: limitOf(8) }),
    handler: async ({ input, deps }) => ({ list: await listRecommendedCourses(deps, input.size) }),
  }),
  route({
    method: 'get',
    path: '/api/course/courseRecommList',
    access: 'public',
    input: z.object({ size: limitOf(8) }),
    handler: async ({ input, deps }) => ({ list: await listRecommendedCourses(deps, input.size) }),
  }),
  route({
    method: 'get',
    path: '/api/course/list',
    access: 'public',
    input: pageSchema.extend({ classifyId: optionalId, labelId: optionalId, word: searchWord }),
    handler: ({ input, deps }) => listCourses(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/course/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps, user }) {
      // The caller's id decides the lesson gating; the answer is never shared (private, no-store).
      const detail = await getCourseDetail(deps, input.id, user?.id ?? null);
      if (!detail) throw AppError.notFound();
      return { detail };
    },
  }),
  route({
    method: 'get',
    path: '/api/index/resource/list',
    access: 'public',
    input: pageSchema,
    handler: ({ input, deps }) => listResources(deps, input),
  }),
];
