/**
 * Analytics: the beacons pages send (page views, ad impressions and clicks)
 * and the admin-only reports. The member is the session's, never the
 * client's say; the client address comes from the first x-forwarded-for
 * entry, which the server entry sets from the socket.
 */
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import {
  ANALYTICS_LIMITS,
  ANALYTICS_MSG,
  adReport,
  dashboard,
  beijingDay,
  pageViewCount,
  recordAdEvent,
  recordPageView,
  topPaths,
  validPath,
} from '../../../services/analytics/index.ts';

import { route, type RouteDef } from '../../define.ts';
import { clientIp } from '../accounts/session-cookie.ts';

const id = z.coerce.number({ error: MSG.invalidId }).int(MSG.invalidId).positive(MSG.invalidId);
const path = z
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
  route({
    method: 'get',
    path: '/api/analytics/pageviews',
    access: 'admin',
    input: z.object({ path: path.optional() }),
    async handler({ input, deps }) {
      if (input.path !== undefined)
        return { path: input.path, count: await pageViewCount(deps, input.path) };
      return { list: await topPaths(deps) };
    },
  }),
  route({
    method: 'get',
    path: '/api/analytics/ads',
    access: 'admin',
    input: z.object({ day: z.string().optional() }),
    async handler({ input, deps }) {
      const day = input.day || beijingDay(deps.clock.now());
      return { day, list: await adReport(deps, day) };
    },
  }),
  route({
    method: 'get',
    path: '/api/admin/dashboard',
    access: 'admin',
    input: z.object({ from: z.string().max(10), to: z.string().max(10) }),
    handler: ({ input, deps }) => dashboard(deps, input.from, input.to),
  }),
];
