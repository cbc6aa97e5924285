/** The audit log for admins (issue 12): newest first, filtered by who, target or route. */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import { AUDIT_TABLES, listAudit, type AuditTarget } from '../../../services/audit/index.ts';
import { optionalId, pageSchema } from '../../../../shared/schemas.ts';
import { route, type RouteDef } from '../../define.ts';

export const auditManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/audit',
    access: 'admin',
    input: pageSchema.extend({
      userId: optionalId,
      targetType: z
        .enum(Object.keys(AUDIT_TABLES) as [AuditTarget, ...AuditTarget[]], {
          error: MSG.badRequest,
        })
        .optional(),
      targetId: optionalId,
      action: z.string().max(200).optional(),
    }),
    handler: ({ deps, input }) =>
      listAudit(deps, {
        page: input.page,
        size: input.size,
        ...(input.userId ? { userId: input.userId } : {}),
        ...(input.targetType ? { targetType: input.targetType } : {}),
        ...(input.targetId ? { targetId: input.targetId } : {}),
        ...(input.action ? { action: input.action } : {}),
      }),
  }),
];
