/**
 * DOMAIN analytics
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
