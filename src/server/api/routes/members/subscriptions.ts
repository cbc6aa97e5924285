/** Column subscriptions (issue 15; 我的订阅): state, subscribe, unsubscribe. */
import { z } from 'zod';
import { requiredId } from '../../../../shared/schemas.ts';
import {
  subscribeColumn,
  subscriptionState,
  unsubscribeColumn,
  MEMBERS_MSG,
} from '../../../services/members/index.ts';
import { route, type RouteDef } from '../../define.ts';

const column = z.object({ classifyId: requiredId });

export const subscriptionRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/column/subscription',
    access: 'member',
    input: column,
    async handler({ deps, input, user, c }) {
      c.header('Cache-Control', 'private, no-store');
      return subscriptionState(deps, user!.id, input.classifyId);
    },
  }),
  route({
    method: 'post',
    path: '/api/column/subscribe',
    access: 'member',
    message: MEMBERS_MSG.subscribe.subscribed,
    input: column,
    handler: ({ deps, input, user }) => subscribeColumn(deps, user!.id, input.classifyId),
  }),
  route({
    method: 'post',
    path: '/api/column/unsubscribe',
    access: 'member',
    message: MEMBERS_MSG.subscribe.unsubscribed,
    input: column,
    handler: ({ deps, input, user }) => unsubscribeColumn(deps, user!.id, input.classifyId),
  }),
];
