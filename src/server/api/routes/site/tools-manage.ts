/** Learning tools for staff (issue 12, section "content"). */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import {
  createTool,
  deleteTool,
  listAdminTools,
  updateTool,
  SITE_MSG,
} from '../../../services/site/index.ts';
import { crud, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';
import { API_MSG } from '../../messages.ts';
import { ON_SITE_OR_HTTPS } from '../../../../shared/urls.ts';
import { TOOL_ICON_KEY } from '../../../../shared/tools/tool-icons.ts';

const tool = z.object({
  name: text(30, SITE_MSG.tool.name),
  description: text(200, SITE_MSG.tool.descriptionTooLong, 0).default(''),
  url: z
    .string({ error: MSG.form.url })
    .trim()
    .max(500, API_MSG.urlTooLong)
    .regex(ON_SITE_OR_HTTPS, MSG.form.url)
    .regex(/^\S+$/, MSG.form.url),
  // An icon key drawn by the site (tool-icons.ts; an unknown one gets the default) or an image address.
  icon: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string({ error: SITE_MSG.tool.icon })
      .trim()
      .max(500, API_MSG.urlTooLong)
      .refine((v) => TOOL_ICON_KEY.test(v) || ON_SITE_OR_HTTPS.test(v), SITE_MSG.tool.icon)
      .nullable()
      .optional(),
  ),
  category: text(20, SITE_MSG.tool.category),
  displayOrder: z.coerce
    .number({ error: API_MSG.orderInteger })
    .int(API_MSG.orderInteger)
    .min(0, API_MSG.orderInteger)
    .max(9999, API_MSG.orderInteger)
    .optional(),
});

export const toolManageRoutes: RouteDef[] = crud({
  kind: 'tool',
  target: 'tool',
  schema: tool,
  list: route({
    method: 'get',
    path: '/api/admin/tool/list',
    access: 'staff:content',
    handler: async ({ deps }) => {
      const list = await listAdminTools(deps);
      return { list, count: list.length };
    },
  }),
  create: createTool,
  update: updateTool,
  remove: deleteTool,
});
