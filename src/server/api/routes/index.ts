/** Every domain's routes, registered by the API app. */
import type { RouteDef } from '../define.ts';
import { accountRoutes } from './accounts/accounts.ts';
import { commerceAdminRoutes } from './commerce/admin.ts';
import { commerceRoutes } from './commerce/orders.ts';
import { adminContentRoutes } from './admin/content.ts';
import { adminLearningRoutes } from './admin/learning.ts';
import { adminAuditRoutes } from './admin/audit.ts';
import { adminCommunityRoutes } from './admin/community.ts';
import { adminAdRoutes } from './admin/ads.ts';
import { adminColumnRoutes } from './admin/columns.ts';
import { subscriptionRoutes } from './members/subscriptions.ts';
import { analyticsRoutes } from './analytics/analytics.ts';
import { cspRoutes } from './analytics/csp.ts';
import { articleRoutes } from './catalogue/articles.ts';
import { catalogueRoutes } from './catalogue/catalogue.ts';
import { learningRoutes } from './catalogue/index.ts';
import { mediaRoutes } from './learning/playback.ts';
import { memberRoutes } from './members/members.ts';
import { memberNoticeRoutes } from './members/notices.ts';
import { memberPublishingRoutes } from './members/publishing.ts';
import { securityRoutes } from './accounts/security.ts';
import { userRoutes } from './accounts/user.ts';
import { adminMediaRoutes } from './admin/media.ts';
import { adminToolRoutes } from './admin/tools.ts';
import { adminCatalogueRoutes } from './admin/catalogue.ts';

export const allRoutes: RouteDef[] = [
  ...catalogueRoutes,
  ...articleRoutes,
  ...learningRoutes,
  ...mediaRoutes,
  ...userRoutes,
  ...accountRoutes,
  ...memberRoutes,
  ...memberPublishingRoutes,
  ...memberNoticeRoutes,
  ...adminContentRoutes,
  ...adminLearningRoutes,
  ...adminAuditRoutes,
  ...adminCommunityRoutes,
  ...adminAdRoutes,
  ...adminColumnRoutes,
  ...subscriptionRoutes,
  ...analyticsRoutes,
  ...cspRoutes,
  ...securityRoutes,
  ...commerceRoutes,
  ...commerceAdminRoutes,
  ...adminMediaRoutes,
  ...adminToolRoutes,
  ...adminCatalogueRoutes,
];
