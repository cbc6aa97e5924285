/** Big columns, columns and downloadable resources for staff (issue 12, section "content"). */
import { z } from 'zod';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  columnTree,
  listAdminResources,
  createResource,
  deleteResource,
  updateResource,
  createBigColumn,
  createColumn,
  deleteBigColumn,
  deleteColumn,
  updateBigColumn,
  updateColumn,
} from '../../../services/courses/index.ts';
import { createdId, crud, flag, inputId, siteUrl } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const NAME = '请输入名称（不超过30个字）';
const fields = {
  name: z.string({ error: NAME }).trim().min(1, NAME).max(30, NAME),
  description: z.string().trim().max(500, '简介不能超过500个字').optional(),
  cover: siteUrl,
  displayOrder: z.coerce
    .number({ error: '排序须为整数' })
    .int('排序须为整数')
    .min(0)
    .max(9999)
    .optional(),
};
const big = z.object(fields);
const column = z.object({ ...fields, bigColumnId: requiredId, hot: flag.optional() });

const resourceFields = z.object({
  title: z
    .string({ error: '请输入标题（不超过100个字）' })
    .trim()
    .min(1, '请输入标题（不超过100个字）')
    .max(100, '请输入标题（不超过100个字）'),
  summary: z.string().trim().max(300, '摘要不能超过300个字').optional(),
  file: z.unknown().optional(),
  courseId: z.preprocess((v) => (v === '' ? null : v), requiredId.nullable().optional()),
  companyId: z.preprocess((v) => (v === '' ? null : v), requiredId.nullable().optional()),
});

export const columnManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/resource/list',
    access: 'staff:content',
    input: pageSchema,
    handler: ({ deps, input }) => listAdminResources(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/admin/bigcolumn/list',
    access: 'staff:content',
    handler: async ({ deps }) => {
      const list = await columnTree(deps);
      return { list, count: list.length };
    },
  }),
  ...crud({
    kind: 'bigcolumn',
    target: 'bigcolumn',
    schema: big,
    create: createBigColumn,
    update: updateBigColumn,
    remove: deleteBigColumn,
  }),
  ...crud({
    kind: 'column',
    target: 'column',
    schema: column,
    create: createColumn,
    update: updateColumn,
    remove: deleteColumn,
  }),
  route({
    method: 'post',
    path: '/api/admin/resource/create',
    access: 'staff:content',
    audit: { target: 'resource', id: createdId },
    input: resourceFields,
    handler: ({ deps, input }) => createResource(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/resource/update',
    access: 'staff:content',
    audit: { target: 'resource', id: inputId },
    input: resourceFields.omit({ file: true }).partial().extend({ id: requiredId }),
    handler: ({ deps, input: { id, ...rest } }) => updateResource(deps, id, rest),
  }),
  route({
    method: 'post',
    path: '/api/admin/resource/delete',
    access: 'staff:content',
    audit: { target: 'resource', id: inputId },
    input: z.object({ id: requiredId }),
    handler: ({ deps, input }) => deleteResource(deps, input.id),
  }),
];
