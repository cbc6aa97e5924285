/**
 * The catalogue's smaller kinds for staff (issue 12, section "content"):
 * partner companies with their zone domains and login images, course
 * labels, short videos and notice categories. Form-encoded or JSON; on
 * update, fields left out keep their value.
 */
import { z } from 'zod';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  createCompany,
  createNoticeCategory,
  deleteCompany,
  deleteNoticeCategory,
  listAdminCompanies,
  listAdminNoticeCategories,
  updateCompany,
  updateNoticeCategory,
} from '../../../services/site/index.ts';
import {
  createLabel,
  deleteLabel,
  listAdminLabels,
  updateLabel,
} from '../../../services/courses/index.ts';
import {
  createShortVideo,
  deleteShortVideo,
  listAdminShortVideos,
  updateShortVideo,
} from '../../../services/videos/index.ts';
import { createdId, duration, flag, inputId, siteUrl } from './fields.ts';
import type { Deps } from '../../../deps.ts';
import { route, type RouteDef } from '../../define.ts';

const TEXT = {
  companyName: '请输入公司名称（不超过50个字）',
  domain: '请输入专区域名，如 zone.example.com',
  description: '简介不能超过500个字',
  labelName: '请输入标签名称（不超过20个字）',
  courseType: '课程类型无效',
  title: '请输入标题（不超过100个字）',
  author: '请输入作者（不超过50个字）',
  video: '视频地址须为站内路径或 https 地址',
  categoryName: '请输入分类名称（不超过20个字）',
  order: '排序须为 0 到 9999 的整数',
} as const;

const text = (max: number, message: string, min = 1) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);
const order = z.coerce
  .number({ error: TEXT.order })
  .int(TEXT.order)
  .min(0, TEXT.order)
  .max(9999, TEXT.order)
  .optional();
/** A host name: lower-case labels of letters, digits and hyphens, at least one dot. */
const domain = z
  .string({ error: TEXT.domain })
  .trim()
  .toLowerCase()
  .max(253, TEXT.domain)
  .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))+$/, TEXT.domain);

const company = z.object({
  name: text(50, TEXT.companyName),
  domain,
  logo: siteUrl,
  description: text(500, TEXT.description, 0).optional(),
  loginImageUrl: siteUrl,
  featured: flag.optional(),
  displayOrder: order,
});
const label = z.object({
  name: text(20, TEXT.labelName),
  courseType: z.coerce
    .number({ error: TEXT.courseType })
    .int(TEXT.courseType)
    .min(1, TEXT.courseType)
    .max(4, TEXT.courseType),
  displayOrder: order,
});
const shortVideo = z.object({
  title: text(100, TEXT.title),
  path: z
    .string({ error: TEXT.video })
    .trim()
    .max(500, TEXT.video)
    .regex(/^(\/(?!\/)|https:\/\/)\S+$/, TEXT.video),
  cover: siteUrl,
  author: text(50, TEXT.author),
  durationSeconds: duration,
  recommended: flag.optional(),
});
const category = z.object({ name: text(20, TEXT.categoryName), displayOrder: order });
const withId = z.object({ id: requiredId });

/** list/create/update/delete of one kind, audited under `target`. */
function crud<S extends z.ZodObject>(opts: {
  kind: string;
  target: 'company' | 'label' | 'shortvideo' | 'noticecategory';
  schema: S;
  list: RouteDef;
  create(deps: Deps, input: z.infer<S>): Promise<unknown>;
  update(deps: Deps, id: number, input: Partial<z.infer<S>>): Promise<unknown>;
  remove(deps: Deps, id: number): Promise<unknown>;
}): RouteDef[] {
  const base = `/api/admin/${opts.kind}`;
  return [
    opts.list,
    route({
      method: 'post',
      path: `${base}/create`,
      access: 'staff:content',
      audit: { target: opts.target, id: createdId },
      input: opts.schema,
      handler: ({ deps, input }) => opts.create(deps, input as z.infer<S>),
    }),
    route({
      method: 'post',
      path: `${base}/update`,
      access: 'staff:content',
      audit: { target: opts.target, id: inputId },
      input: opts.schema.partial().extend({ id: requiredId }),
      handler: ({ deps, input }) => {
        const { id, ...rest } = input as { id: number };
        return opts.update(deps, id, rest as Partial<z.infer<S>>);
      },
    }),
    route({
      method: 'post',
      path: `${base}/delete`,
      access: 'staff:content',
      audit: { target: opts.target, id: inputId },
      input: withId,
      handler: ({ deps, input }) => opts.remove(deps, input.id),
    }),
  ];
}

const listed = <T>(list: T[]) => ({ list, count: list.length });

export const adminCatalogueRoutes: RouteDef[] = [
  ...crud({
    kind: 'company',
    target: 'company',
    schema: company,
    list: route({
      method: 'get',
      path: '/api/admin/company/list',
      access: 'staff:content',
      handler: async ({ deps }) => listed(await listAdminCompanies(deps)),
    }),
    create: createCompany,
    update: updateCompany,
    remove: deleteCompany,
  }),
  ...crud({
    kind: 'label',
    target: 'label',
    schema: label,
    list: route({
      method: 'get',
      path: '/api/admin/label/list',
      access: 'staff:content',
      handler: async ({ deps }) => listed(await listAdminLabels(deps)),
    }),
    create: createLabel,
    update: updateLabel,
    remove: deleteLabel,
  }),
  ...crud({
    kind: 'shortvideo',
    target: 'shortvideo',
    schema: shortVideo,
    list: route({
      method: 'get',
      path: '/api/admin/shortvideo/list',
      access: 'staff:content',
      input: pageSchema.extend({ q: z.string().max(100).optional() }),
      handler: ({ deps, input }) => listAdminShortVideos(deps, input),
    }),
    create: createShortVideo,
    update: updateShortVideo,
    remove: deleteShortVideo,
  }),
  ...crud({
    kind: 'notice/category',
    target: 'noticecategory',
    schema: category,
    list: route({
      method: 'get',
      path: '/api/admin/notice/category/list',
      access: 'staff:content',
      handler: async ({ deps }) => listed(await listAdminNoticeCategories(deps)),
    }),
    create: createNoticeCategory,
    update: updateNoticeCategory,
    remove: deleteNoticeCategory,
  }),
];
