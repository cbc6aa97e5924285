/** Learning tools for staff (issue 12, section "content"). */
import { z } from 'zod';
import { requiredId } from '../../../../shared/schemas.ts';
import {
  createTool,
  deleteTool,
  listAdminTools,
  updateTool,
} from '../../../services/site/index.ts';
import { createdId, inputId, siteUrl, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const tool = z.object({
  name: text(30, '请输入工具名称（不超过30个字）'),
  description: text(200, '简介不能超过200个字', 0).default(''),
  url: z
    .string({ error: '地址须以 https:// 或 / 开头' })
    .trim()
    .max(500, '地址不能超过500个字')
    .regex(/^(https:\/\/|\/(?!\/))\S+$/, '地址须以 https:// 或 / 开头'),
  icon: siteUrl,
  category: text(20, '请输入分类（不超过20个字）'),
  displayOrder: z.coerce
    .number({ error: '排序须为整数' })
    .int('排序须为整数')
    .min(0, '排序须为整数')
    .max(9999, '排序须为整数')
    .optional(),
});

export const toolManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/tool/list',
    access: 'staff:content',
    handler: async ({ deps }) => {
      const list = await listAdminTools(deps);
      return { list, count: list.length };
    },
  }),
  route({
    method: 'post',
    path: '/api/admin/tool/create',
    access: 'staff:content',
    audit: { target: 'tool', id: createdId },
    input: tool,
    handler: ({ deps, input }) => createTool(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/tool/update',
    access: 'staff:content',
    audit: { target: 'tool', id: inputId },
    input: tool.partial().extend({ id: requiredId }),
    handler: ({ deps, input: { id, ...rest } }) => updateTool(deps, id, rest),
  }),
  route({
    method: 'post',
    path: '/api/admin/tool/delete',
    access: 'staff:content',
    audit: { target: 'tool', id: inputId },
    input: z.object({ id: requiredId }),
    handler: ({ deps, input }) => deleteTool(deps, input.id),
  }),
];
