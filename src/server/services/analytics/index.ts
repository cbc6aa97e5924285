/**
 * # analytics — page views, ad events, CSP reports and the console's dashboard
 *
 * Words: page view (one per route change, spec 2), ad event (impression or click), dashboard
 * (the console's numbers by Beijing day). Avoid "tracking" (that is courier tracking),
 * "metrics".
 * Owns: page_views, ad_events, csp_reports.
 * Leaves to others: the ads themselves (ads); the dashboard only reads orders, reservations and
 * completions of other domains (the sales figures are commerce's salesSummary, joined by the route).
 * Projections: staff Dashboard.
 */
export { ANALYTICS_MSG } from './messages.ts';
export {
  ANALYTICS_LIMITS,
  adReport,
  beijingDay,
  dayRange,
  pageViewCount,
  recordAdEvent,
  recordPageView,
  topPaths,
  validPath,
} from './analytics.ts';
export { parseCspReport, recordCspReport } from './csp-reports.ts';
export { dashboard, DASHBOARD_MAX_DAYS, type Dashboard } from './dashboard.ts';
