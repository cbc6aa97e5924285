/** Every domain's routes, registered by the API app. */
import type { RouteDef } from '../define.ts';
import { accountRoutes } from './accounts.ts';
import { articleRoutes } from './articles.ts';
import { catalogueRoutes } from './catalogue.ts';
import { learningRoutes } from './learning.ts';
import { userRoutes } from './user.ts';

export const allRoutes: RouteDef[] = [
  ...catalogueRoutes,
  ...articleRoutes,
  ...learningRoutes,
  ...userRoutes,
  ...accountRoutes,
];
