/** Course labels for staff (section "content"). Form-encoded or JSON; on update, fields left out keep their value. */
import { z } from 'zod';
import {
  createLabel,
  deleteLabel,
  listAdminLabels,
  updateLabel,
  COURSES_MSG,
} from '../../../services/courses/index.ts';
import { crud, displayOrder, listed, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const label = z.object({
  name: text(20, COURSES_MSG.label.name),
  courseType: z.coerce
    .number({ error: COURSES_MSG.courseTypeInvalid })
    .int(COURSES_MSG.courseTypeInvalid)
    .min(1, COURSES_MSG.courseTypeInvalid)
    .max(4, COURSES_MSG.courseTypeInvalid),
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
