/**
 * Group buying for members (拼团, issue 27): a course's group price and one group by its
 * share code (public: counts and the deadline, never who), and opening or joining a group,
 * each answering the order that pays the seat (then paid like any order: /api/order/pay).
 */
import { z } from 'zod';
import { requiredId } from '../../../../shared/schemas.ts';
import { GROUP_MSG } from '../../../../shared/messages/groups.ts';
import {
  COMMERCE_MSG,
  groupByCode,
  groupOffer,
  joinGroup,
  openGroup,
} from '../../../services/commerce/index.ts';
import { AppError } from '../../../errors.ts';
import { route, type RouteDef } from '../../define.ts';

const terms = z.string({ error: COMMERCE_MSG.termsRequired }).min(1, COMMERCE_MSG.termsRequired);
const code = z
  .string({ error: GROUP_MSG.groupMissing })
  .trim()
  .regex(/^[2-9A-Z]{8}$/, GROUP_MSG.groupMissing);

export const groupRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/group/offer',
    access: 'public',
    input: z.object({ courseId: requiredId }),
    handler: async ({ input, deps }) => ({ offer: await groupOffer(deps, input.courseId) }),
  }),
  route({
    method: 'get',
    path: '/api/group/detail',
    access: 'public',
    input: z.object({ code }),
    async handler({ input, deps }) {
      const group = await groupByCode(deps, input.code);
      if (!group) throw AppError.notFound(GROUP_MSG.groupMissing);
      return group;
    },
  }),
  route({
    method: 'post',
    path: '/api/group/open',
    access: 'member',
    input: z.object({ courseId: requiredId, termsVersion: terms }),
    message: GROUP_MSG.opened,
    handler: ({ input, user, deps }) => openGroup(deps, user!.id, input),
  }),
  route({
    method: 'post',
    path: '/api/group/join',
    access: 'member',
    input: z.object({ code, termsVersion: terms }),
    message: GROUP_MSG.joinedNow,
    handler: ({ input, user, deps }) => joinGroup(deps, user!.id, input),
  }),
];
