/** Big columns, columns and downloadable resources for staff (issue 12, section "content"). */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
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
  COURSES_MSG,
} from '../../../services/courses/index.ts';
import { crud, flag, siteUrl } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';
import { API_MSG } from '../../messages.ts';

const fields = {
  name: z
    .string({ error: COURSES_MSG.column.name })
    .trim()
    .min(1, COURSES_MSG.column.name)
    .max(30, COURSES_MSG.column.name),
  description: z.string().trim().max(500, API_MSG.descriptionTooLong).optional(),
  cover: siteUrl,
  displayOrder: z.coerce
    .number({ error: API_MSG.orderInteger })
    .int(API_MSG.orderInteger)
    .min(0)
    .max(9999)
    .optional(),
};
const big = z.object(fields);
const column = z.object({ ...fields, bigColumnId: requiredId, hot: flag.optional() });

const resourceFields = z.object({
  title: z.string({ error: MSG.form.title }).trim().min(1, MSG.form.title).max(100, MSG.form.title),
  summary: z.string().trim().max(300, MSG.form.summary).optional(),
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
  ...crud({
    kind: 'resource',
    target: 'resource',
    schema: resourceFields,
    updateSchema: resourceFields.omit({ file: true }),
    create: createResource,
    update: updateResource,
    remove: deleteResource,
  }),
];
