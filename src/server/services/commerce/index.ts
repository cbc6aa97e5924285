/**
 * DOMAIN commerce
 */
export { deliveryOf, type Delivery } from './delivery.ts';
export {
  VISITOR,
  canWatch,
  examAccess,
  gateLesson,
  gateLessons,
  hasPaid,
  isPaidStatus,
  publicLive,
  type GatedLesson,
  type LessonFacts,
  type Viewer,
} from './gating.ts';
