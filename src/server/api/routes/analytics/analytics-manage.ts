/** The analytics reports for admins: page views, the ad report and the dashboard. */
import { z } from 'zod';
import {
  adReport,
  beijingDay,
  dashboard,
  dayRange,
  pageViewCount,
  topPaths,
} from '../../../services/analytics/index.ts';
import { salesSummary } from '../../../services/commerce/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { path } from './analytics.ts';

export const analyticsManageRoutes: RouteDef[] = [
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
    async handler({ input, deps }) {
      const series = await dashboard(deps, input.from, input.to);
      // dashboard() has checked both days; the sales are commerce's (issue 27).
      const sales = await salesSummary(deps, dayRange(input.from)!.from, dayRange(input.to)!.to);
      return { ...series, sales };
    },
  }),
];
