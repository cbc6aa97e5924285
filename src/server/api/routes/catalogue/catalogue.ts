/** The first slice of spec 7's calls: companies, labels, columns index, ads, notices. */
import { AD_FRAME_CSP, frameDocument } from '../../../../shared/ad-frame.ts';
import { optionalId, pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { AD_TYPES_REQUESTED } from '../../../../shared/constants.ts';
import { MSG } from '../../../../shared/messages.ts';
import { getAdScript, listAds } from '../../../services/ads/index.ts';
import {
  companyStatistics,
  getCompany,
  getNotice,
  listCompanies,
  listNoticeCategories,
  listNotices,
} from '../../../services/site/index.ts';
import { listColumnIndex, listLabels } from '../../../services/courses/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';

/** "1,2,3" → [1, 2, 3]; empty → the spec's full list (spec 9). */
const adTypes = z.preprocess(
  (v) => (v === undefined || v === '' ? AD_TYPES_REQUESTED.join(',') : v),
  z
    .string()
    .regex(/^\d{1,3}(,\d{1,3}){0,31}$/, MSG.invalidAdTypes)
    .transform((s) => [...new Set(s.split(',').map(Number))]),
);

export const catalogueRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/company/get',
    access: 'public',
    input: z.object({ id: optionalId, domain: z.string().max(253).optional() }),
    async handler({ input, deps, c }) {
      // Without an id or domain, the company is the zone the request came to (its Host).
      const domain =
        input.domain ??
        (input.id === undefined ? (c.req.header('host') ?? '').split(':')[0] : undefined);
      const company = await getCompany(deps, { id: input.id, domain });
      if (!company && input.id !== undefined) throw AppError.notFound();
      return company;
    },
  }),
  route({
    method: 'get',
    path: '/api/company/list',
    access: 'public',
    input: z.object({ featured: z.enum(['0', '1']).optional() }),
    handler: async ({ input, deps }) => ({
      list: await listCompanies(deps, { featuredOnly: input.featured === '1' }),
    }),
  }),
  route({
    method: 'get',
    path: '/api/company/statics',
    access: 'public',
    input: z.object({ id: optionalId }),
    handler: ({ input, deps }) => companyStatistics(deps, input.id),
  }),
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
    path: '/api/roll_image/frame/:id',
    access: 'public',
    // A script creative's frame document, with its own sandboxing policy (src/shared/ad-frame.ts).
    input: z.object({ id: requiredId }),
    async handler({ input, deps }) {
      const script = await getAdScript(deps, input.id);
      if (script === null) throw AppError.notFound('广告不存在');
      return new Response(frameDocument(script), {
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': AD_FRAME_CSP,
          'Cache-Control': 'public, max-age=60',
        },
      });
    },
  }),
  route({
    method: 'get',
    path: '/api/roll_image/list',
    access: 'public',
    input: z.object({ type: adTypes, order_filed: z.literal('display_order').optional() }),
    handler: async ({ input, deps }) => ({ roll_image_list: await listAds(deps, input.type) }),
  }),
  route({
    method: 'get',
    path: '/api/notice/category',
    access: 'public',
    handler: async ({ deps }) => ({ list: await listNoticeCategories(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/notice/list',
    access: 'public',
    input: pageSchema.extend({ categoryId: optionalId }),
    handler: ({ input, deps }) => listNotices(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/notice/detail/:id',
    access: 'public',
    input: z.object({ id: requiredId }),
    async handler({ input, deps }) {
      const notice = await getNotice(deps, input.id);
      if (!notice) throw AppError.notFound();
      return { detail: notice };
    },
  }),
];
