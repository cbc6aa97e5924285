/**
 * Analytics: the beacons pages send (page views, ad impressions and clicks);
 * the admin-only reports are in analytics-manage.ts. The member is the session's, never the
 * client's say; the client address comes from the first x-forwarded-for
 * entry, which the server entry sets from the socket.
 */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import {
  ANALYTICS_LIMITS,
  ANALYTICS_MSG,
  recordAdEvent,
  recordPageView,
  validPath,
} from '../../../services/analytics/index.ts';

import { route, type RouteDef } from '../../define.ts';
import { clientIp } from '../../session-cookie.ts';

const id = z.coerce.number({ error: MSG.invalidId }).int(MSG.invalidId).positive(MSG.invalidId);
/** A site path as the beacons and reports name it. */
export const path = z
  .string({ error: ANALYTICS_MSG.badPath })
  .max(ANALYTICS_LIMITS.pathMax, ANALYTICS_MSG.badPath)
  .refine(validPath, ANALYTICS_MSG.badPath);

export const analyticsRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/analytics/pageview',
    access: 'public',
    input: z.object({
      path,
      referrer: z
        .string()
        .max(ANALYTICS_LIMITS.referrerMax, ANALYTICS_MSG.badReferrer)
        .optional()
        .default(''),
    }),
    async handler({ input, deps, c, user }) {
      await recordPageView(deps, {
        path: input.path,
        referrer: input.referrer,
        host: c.req.header('host'),
        userId: user?.id ?? null,
        ip: clientIp(c),
      });
      return null;
    },
  }),
  route({
    method: 'post',
    path: '/api/analytics/ad',
    access: 'public',
    input: z.object({
      adId: id,
      slot: z.coerce.number({ error: ANALYTICS_MSG.badAd }).int().min(1).max(999),
      kind: z.enum(['impression', 'click'], { error: MSG.badRequest }),
    }),
    async handler({ input, deps, c, user }) {
      await recordAdEvent(deps, { ...input, userId: user?.id ?? null, ip: clientIp(c) });
      return null;
    },
  }),
];
