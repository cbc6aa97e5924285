import type { RouteDef } from '../../define.ts';
import { learningCourseRoutes } from './courses.ts';
import { learningMediaRoutes } from './media.ts';

/** Course, column, label, live, video, short-video, tool and resource calls of spec 7. */
export const learningRoutes: RouteDef[] = [...learningCourseRoutes, ...learningMediaRoutes];
