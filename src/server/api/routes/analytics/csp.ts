/** POST /api/csp/report: where browsers report Content-Security-Policy violations (issue 13). */
import { recordCspReport } from '../../../services/analytics/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { clientIp } from '../../session-cookie.ts';

/** Reports are bodies of their own media types (application/csp-report, application/reports+json). */
const MAX_BODY = 64 * 1024;

export const cspRoutes: RouteDef[] = [
  route({
    method: 'post',
    path: '/api/csp/report',
    access: 'public',
    async handler({ deps, c }) {
      const text = (await c.req.text()).slice(0, MAX_BODY);
      await recordCspReport(deps, { text, ip: clientIp(c) });
      // Browsers ignore the answer; nothing in it may help a prober.
      return c.body(null, 204);
    },
  }),
];
