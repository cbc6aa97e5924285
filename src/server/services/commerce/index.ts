/**
 * The commerce domain: paid content and what is shipped (spec 1 payments, spec 3
 * order-type courses, spec 4 delivery states; issue 11). Owns orders, payment
 * attempts, entitlements and the gating of paid and login-required content.
 */
export { deliveryOf, type Delivery } from './delivery.ts';
export { grantEntitlement, hasEntitlement, revokeEntitlement } from './entitlements.ts';
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
export {
  expressInfo,
  listOrders,
  listOrdersByTab,
  listPayRecords,
  type OrderItem,
} from './member-orders.ts';
export {
  ORDER_TAB_STATUSES,
  cancelOrder,
  closeExpiredOrders,
  expireOrder,
  ORDER_EXPIRE,
  createOrder,
  getMemberOrder,
  newOrderNo,
  orderCategories,
  type CheckoutInput,
  type OrderView,
  type ShippingAddress,
} from './orders.ts';
export {
  acceptNotification,
  applyTrade,
  payMethods,
  refreshOrderPayment,
  startPayment,
} from './payments.ts';
export {
  DELIVERY_MSG,
  TRACKING_REFRESH_MS,
  shipOrder,
  trackOrder,
  type Tracking,
} from './deliveries.ts';
export {
  REDEEM_MSG,
  createCodeBatch,
  groupCode,
  listRedemptions,
  newRedemptionCode,
  normalizeCode,
  redeemCode,
  voidCodes,
} from './redemption.ts';
export { REFUND_MSG, refundOrder } from './refunds.ts';
export {
  adminOrderDetail,
  codeBatchCsv,
  listAdminOrders,
  listCodeBatches,
  paidCourses,
  type AdminOrderRow,
  type CodeBatchRow,
} from './manage-orders.ts';
