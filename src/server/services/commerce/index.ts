/**
 * The commerce domain: paid content and what is shipped (spec 1 payments, spec 3
 * order-type courses, spec 4 delivery states). Owns the gating of paid and
 * login-required content and the delivery state of order items.
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
