import type { RouteDef } from '../define.ts';
import { learningCourseRoutes } from './learning-courses.ts';
import { learningMediaRoutes } from './learning-media.ts';

/** Course, column, label, live, video, short-video, tool and resource calls of spec 7. */
export const learningRoutes: RouteDef[] = [...learningCourseRoutes, ...learningMediaRoutes];
