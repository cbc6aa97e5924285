/**
 * Every domain's routes, registered by the API app (api/app.ts). A domain's
 * folder mirrors services/<domain>: <thing>.ts for public and member calls,
 * <thing>-manage.ts for staff calls (/api/admin/*).
 */
import type { RouteDef } from '../define.ts';
import { accountRoutes } from './accounts/accounts.ts';
import { accountDevRoutes } from './accounts/dev.ts';
import { securityRoutes } from './accounts/security.ts';
import { userRoutes } from './accounts/user.ts';
import { accountWechatRoutes } from './accounts/wechat.ts';
import { adManageRoutes } from './ads/ads-manage.ts';
import { adRoutes } from './ads/ads.ts';
import { analyticsManageRoutes } from './analytics/analytics-manage.ts';
import { analyticsRoutes } from './analytics/analytics.ts';
import { cspRoutes } from './analytics/csp.ts';
import { articleManageRoutes } from './articles/articles-manage.ts';
import { articleRoutes } from './articles/articles.ts';
import { publishingRoutes } from './articles/publishing.ts';
import { reviewManageRoutes } from './articles/review-manage.ts';
import { auditManageRoutes } from './audit/audit-manage.ts';
import { orderManageRoutes } from './commerce/orders-manage.ts';
import { commerceRoutes } from './commerce/orders.ts';
import { couponManageRoutes } from './commerce/coupons-manage.ts';
import { offerManageRoutes } from './commerce/offers-manage.ts';
import { vipRoutes } from './commerce/vip.ts';
import { groupRoutes } from './commerce/groups.ts';
import { vipManageRoutes } from './commerce/vip-manage.ts';
import { groupManageRoutes } from './commerce/groups-manage.ts';
import { couponRoutes } from './commerce/coupons.ts';
import { columnManageRoutes } from './courses/columns-manage.ts';
import { courseManageRoutes } from './courses/courses-manage.ts';
import { courseRoutes } from './courses/courses.ts';
import { labelManageRoutes } from './courses/labels-manage.ts';
import { lessonManageRoutes } from './courses/lessons-manage.ts';
import { jobManageRoutes } from './jobs/jobs-manage.ts';
import { durationRoutes } from './learning/duration.ts';
import { examRoutes } from './learning/exam.ts';
import { mediaGrantRoutes } from './learning/media-grant.ts';
import { mediaManageRoutes } from './learning/media-manage.ts';
import { readingRoutes } from './learning/reading.ts';
import { checkRoutes } from './learning/checks.ts';
import { checkManageRoutes } from './learning/checks-manage.ts';
import { certificateRoutes } from './learning/certificates.ts';
import { pathRoutes } from './learning/paths.ts';
import { pathManageRoutes } from './learning/paths-manage.ts';
import { challengeRoutes } from './learning/challenges.ts';
import { challengeManageRoutes } from './learning/challenges-manage.ts';
import { liveChatManageRoutes } from './live/live-chat-manage.ts';
import { liveChatRoutes } from './live/live-chat.ts';
import { liveManageRoutes } from './live/live-manage.ts';
import { liveRoutes } from './live/live.ts';
import { memberRoutes } from './members/members.ts';
import { moderationManageRoutes } from './members/moderation-manage.ts';
import { memberNoticeRoutes } from './members/notices.ts';
import { noteRoutes } from './members/notes.ts';
import { lessonQuestionRoutes } from './members/lesson-questions.ts';
import { subscriptionRoutes } from './members/subscriptions.ts';
import { searchManageRoutes } from './search/search-manage.ts';
import { searchRoutes } from './search/search.ts';
import { companyManageRoutes } from './site/companies-manage.ts';
import { companyRoutes } from './site/companies.ts';
import { noticeManageRoutes } from './site/notices-manage.ts';
import { noticeRoutes } from './site/notices.ts';
import { toolManageRoutes } from './site/tools-manage.ts';
import { toolRoutes } from './site/tools.ts';
import { shortVideoManageRoutes } from './videos/short-videos-manage.ts';
import { videoRoutes } from './videos/videos.ts';

export const allRoutes: RouteDef[] = [
  // accounts
  ...accountRoutes,
  ...accountWechatRoutes,
  ...accountDevRoutes,
  ...userRoutes,
  ...securityRoutes,
  // ads
  ...adRoutes,
  ...adManageRoutes,
  // analytics
  ...analyticsRoutes,
  ...cspRoutes,
  ...analyticsManageRoutes,
  // articles
  ...articleRoutes,
  ...publishingRoutes,
  ...articleManageRoutes,
  ...reviewManageRoutes,
  // audit
  ...auditManageRoutes,
  // commerce
  ...commerceRoutes,
  ...orderManageRoutes,
  ...couponRoutes,
  ...couponManageRoutes,
  ...offerManageRoutes,
  ...vipRoutes,
  ...groupRoutes,
  ...vipManageRoutes,
  ...groupManageRoutes,
  // courses
  ...courseRoutes,
  ...courseManageRoutes,
  ...lessonManageRoutes,
  ...columnManageRoutes,
  ...labelManageRoutes,
  // jobs
  ...jobManageRoutes,
  // learning
  ...durationRoutes,
  ...examRoutes,
  ...mediaGrantRoutes,
  ...mediaManageRoutes,
  ...readingRoutes,
  ...checkRoutes,
  ...checkManageRoutes,
  ...certificateRoutes,
  ...pathRoutes,
  ...pathManageRoutes,
  ...challengeRoutes,
  ...challengeManageRoutes,
  // live
  ...liveRoutes,
  ...liveManageRoutes,
  ...liveChatRoutes,
  ...liveChatManageRoutes,
  // members
  ...memberRoutes,
  ...memberNoticeRoutes,
  ...noteRoutes,
  ...lessonQuestionRoutes,
  ...subscriptionRoutes,
  ...moderationManageRoutes,
  // search
  ...searchRoutes,
  ...searchManageRoutes,
  // site
  ...companyRoutes,
  ...noticeRoutes,
  ...toolRoutes,
  ...companyManageRoutes,
  ...noticeManageRoutes,
  ...toolManageRoutes,
  // videos
  ...videoRoutes,
  ...shortVideoManageRoutes,
];
