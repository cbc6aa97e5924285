/**
 * The analytics domain: the platform's own page views and ad impressions/clicks
 * (spec 2: every route change records a page view) and the admin reports.
 */
export {
  ANALYTICS_LIMITS,
  ANALYTICS_MSG,
  adReport,
  beijingDay,
  pageViewCount,
  recordAdEvent,
  recordPageView,
  topPaths,
  validPath,
} from './analytics.ts';
export { parseCspReport, recordCspReport } from './csp-reports.ts';
export { dashboard, DASHBOARD_MAX_DAYS, type Dashboard } from './dashboard.ts';
