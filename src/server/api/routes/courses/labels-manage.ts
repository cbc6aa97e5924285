/** Course labels for staff (section "content"). Form-encoded or JSON; on update, fields left out keep their value. */
import { z } from 'zod';
import {
  createLabel,
  deleteLabel,
  listAdminLabels,
  updateLabel,
} from '../../../services/courses/index.ts';
import { crud, displayOrder, listed, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const TEXT = {
  labelName: '请输入标签名称（不超过20个字）',
  courseType: '课程类型无效',
} as const;

const label = z.object({
  name: text(20, TEXT.labelName),
  courseType: z.coerce
    .number({ error: TEXT.courseType })
    .int(TEXT.courseType)
    .min(1, TEXT.courseType)
    .max(4, TEXT.courseType),
  displayOrder,
});

export const labelManageRoutes: RouteDef[] = crud({
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
});
