/** Every domain's routes, registered by the API app. */
import type { RouteDef } from '../define.ts';
import { accountRoutes } from './accounts.ts';
import { adminContentRoutes } from './admin-content.ts';
import { analyticsRoutes } from './analytics.ts';
import { articleRoutes } from './articles.ts';
import { catalogueRoutes } from './catalogue.ts';
import { learningRoutes } from './learning.ts';
import { mediaRoutes } from './media.ts';
import { memberRoutes } from './members.ts';
import { memberNoticeRoutes } from './members-notices.ts';
import { memberPublishingRoutes } from './members-publishing.ts';
import { securityRoutes } from './security.ts';
import { userRoutes } from './user.ts';

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
  ...analyticsRoutes,
  ...securityRoutes,
];
