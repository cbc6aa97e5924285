/**
 * # commerce — paid content and what is shipped
 *
 * Words: order (订单, with an order number and a status), payment attempt (one pay_records row
 * per out_trade_no), entitlement (what an order grants: watching a paid course), gating (the
 * one pure rule deciding who sees what), refund (per out_refund_no), redemption code (兑换码,
 * granted through a zero-amount order), delivery (发货 of an order-type course's kit, with
 * courier tracking), cancellation request (申请取消 of a paid kit before shipping, decided by
 * staff: after-sale/), coupon (优惠券: a template staff make, coupons/; a member coupon is one
 * copy a member holds, 领取 from a course page or 发放 by staff; an order carries at most one,
 * priced by the one pricing function coupons/pricing.ts priceOrder). Avoid "purchase",
 * "transaction", "voucher", "discount code" (a redemption code is not a coupon).
 * Owns: orders, pay_records, order_events, entitlements, payment_notifications, refunds,
 * redemption_codes, tracking_cache, coupons, member_coupons, course_offers, vip_plans,
 * vip_benefits, vip_members, vip_downloads.
 * Leaves to others: what is sold (courses), payment and courier protocols (providers/payment,
 * providers/courier), jobs (jobs: order expiry, an offer's start and end), audit (audit).
 * Redemption codes are in codes/redemption.ts; invite rewards (a code for both sides of an
 * invitation) in codes/invite-rewards.ts; a code another domain gives as a reward (an accepted
 * challenge write-up, learning) in codes/reward-codes.ts. Coupons in coupons/: pricing.ts
 * (priceOrder, pure), member-coupons.ts (holding, 领券, the total and per-member limits),
 * checkout-coupons.ts (the refusals), order-coupons.ts (taken by an order, given back when it
 * closes unpaid), my-coupons.ts (我的优惠券, the checkout's choice), register-coupons.ts (新人券:
 * the rule coupons handed out at registration), manage-coupons.ts (staff). Offer prices on a
 * course (限时特惠, 新人首单价) in offers/: offers.ts (which apply to a member now; the course
 * page's CourseOffers), manage-offers.ts (staff); pricing.ts takes the lowest as the base.
 * Staff code: manage-orders.ts (orders, code batches), reports/manage-sales.ts (the dashboard's sales), after-sale/refunds.ts, delivery/deliveries.ts (ship),
 * after-sale/cancel-requests.ts (approve or refuse 申请取消), coupons/manage-coupons.ts,
 * offers/manage-offers.ts. VIP membership (会员: a card, 月卡/季卡/年卡, bought through the same
 * orders; a VIP's free courses, member price 会员价, monthly download quota, no ads) in vip/:
 * vip.ts (status, benefits, the gates), vip-orders.ts (buying, extending, the expiry reminder),
 * manage-vip.ts (staff). Avoid "subscription" (订阅 is a column's follow) for VIP.
 * Projections: public OrderItem, OrderView, Delivery, Tracking, GatedLesson, PaymentStarted,
 * OrderPaymentState, MemberCoupon, MyCouponPage, ClaimableCoupon, CheckoutCoupon,
 * CheckoutCoupons, Price, CourseOffers, OfferWindow, VipPlan, VipBenefits, VipStatus; staff AdminOrderRow, AdminOrderDetail, CodeBatchRow,
 * RedeemableCourse, AdminCouponRow, CouponHolder, CouponIssueResult, AdminOfferRow, SalesSummary.
 */
export { COMMERCE_MSG } from './messages.ts';
export { deliveryOf, type Delivery } from './delivery/delivery.ts';
export { grantEntitlement, hasEntitlement, ownsCourse, revokeEntitlement } from './entitlements.ts';
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
  ORDER_TAB_STATUSES,
  orderCategories,
  expressInfo,
  listOrders,
  listOrdersByTab,
  listPayRecords,
  type OrderItem,
} from './member-orders.ts';
export {
  cancelOrder,
  closeExpiredOrders,
  expireOrder,
  ORDER_EXPIRE,
  createOrder,
  getMemberOrder,
  newOrderNo,
  scheduleOrderExpiry,
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
  TRACKING_REFRESH_MS,
  shipOrder,
  trackOrder,
  type Tracking,
} from './delivery/deliveries.ts';
export {
  createCodeBatch,
  groupCode,
  listRedemptions,
  newRedemptionCode,
  normalizeCode,
  redeemCode,
  voidCodes,
  type UsedCode,
} from './codes/redemption.ts';
export { refundOrder } from './after-sale/refunds.ts';
export { INVITE_REWARD_DAYS, grantInviteRewards } from './codes/invite-rewards.ts';
export { issueRewardCode } from './codes/reward-codes.ts';
export {
  approveCancel,
  refuseCancel,
  requestCancel,
  type CancelState,
} from './after-sale/cancel-requests.ts';
export {
  basePrice,
  priceOrder,
  type CouponTerms,
  type OfferTerms,
  type Price,
} from './coupons/pricing.ts';
export {
  courseOffers,
  limitedOfferPrices,
  memberOffers,
  type CourseOffers,
  type OfferWindow,
} from './offers/offers.ts';
export {
  OFFER_BOUNDARY,
  offerBoundary,
  scheduleOfferBoundaries,
  createOffer,
  deleteOffer,
  listOffers,
  updateOffer,
  type AdminOfferRow,
  type OfferInput,
} from './offers/manage-offers.ts';
export {
  claimCoupon,
  claimableCoupons,
  type ClaimableCoupon,
  type MemberCoupon,
} from './coupons/member-coupons.ts';
export { checkoutCoupons, listMyCoupons, type CheckoutCoupon } from './coupons/my-coupons.ts';
export { grantRegisterCoupons } from './coupons/register-coupons.ts';
export {
  couponHolders,
  createCoupon,
  issueCoupon,
  listCoupons,
  stopCoupon,
  updateCoupon,
  type AdminCouponRow,
} from './coupons/manage-coupons.ts';
export { salesSummary, type SalesSummary } from './reports/manage-sales.ts';
export {
  groupByCode,
  groupCodeOf,
  groupOffer,
  joinGroup,
  openGroup,
  type GroupOffer,
  type GroupSeat,
  type GroupView,
} from './groups/groups.ts';
export { closeGroup, GROUP_CLOSE, GROUP_REFUND, refundGroupSeat } from './groups/group-close.ts';
export {
  createGroupOffer,
  deleteGroupOffer,
  groupSeats,
  GROUP_OFFER_STATES,
  GROUP_STATES,
  listGroupOffers,
  listGroups,
  updateGroupOffer,
  type AdminGroupOfferRow,
  type AdminGroupRow,
  type AdminGroupSeatRefund,
  type AdminGroupSeatRow,
  type GroupOfferInput,
  type GroupOfferState,
  type GroupState,
} from './groups/manage-groups.ts';
export {
  takeVipDownload,
  vipBenefits,
  vipDownloadsUsed,
  vipFreeCourse,
  vipPlans,
  vipStatus,
  type VipBenefits,
  type VipPlan,
  type VipStatus,
} from './vip/vip.ts';
export { createVipOrder, remindVip, scheduleVipReminder, VIP_REMIND } from './vip/vip-orders.ts';
export {
  adminVipBenefits,
  createVipPlan,
  listVipMembers,
  listVipPlans,
  saveVipBenefits,
  updateVipPlan,
  VIP_MEMBER_FILTERS,
  VIP_PLAN_STATES,
  type AdminVipMemberRow,
  type AdminVipPlanRow,
  type VipBenefitsInput,
  type VipMemberFilter,
  type VipPlanInput,
} from './vip/manage-vip.ts';
export {
  adminOrderDetail,
  codeBatchCsv,
  listAdminOrders,
  listCodeBatches,
  orderIdByNo,
  paidCourses,
  type AdminOrderRow,
  type CodeBatchRow,
} from './manage-orders.ts';

// Staff views the console reads (import type), named after what each call answers.
import type { adminOrderDetail, paidCourses } from './manage-orders.ts';
/** GET /api/admin/order/detail. */
export type AdminOrderDetail = Awaited<ReturnType<typeof adminOrderDetail>>;
/** One course of GET /api/admin/redemption/courses. */
export type RedeemableCourse = Awaited<ReturnType<typeof paidCourses>>[number];

// Member views the checkout reads (import type).
import type { refreshOrderPayment, startPayment } from './payments.ts';
/** What startPayment answers; POST /api/order/pay adds the QR drawn from it. */
export type PaymentStarted = Awaited<ReturnType<typeof startPayment>>;
/** GET /api/order/status. */
export type OrderPaymentState = Awaited<ReturnType<typeof refreshOrderPayment>>;

// Coupon views (import type), named after what each call answers.
import type { checkoutCoupons, listMyCoupons } from './coupons/my-coupons.ts';
import type { couponHolders, issueCoupon } from './coupons/manage-coupons.ts';
/** GET /api/coupon/mine: one tab of 我的优惠券, with every tab's count. */
export type MyCouponPage = Awaited<ReturnType<typeof listMyCoupons>>;
/** GET /api/coupon/checkout: the price without a coupon, the member's coupons, the best. */
export type CheckoutCoupons = Awaited<ReturnType<typeof checkoutCoupons>>;
/** One row of GET /api/admin/coupon/holders. */
export type CouponHolder = Awaited<ReturnType<typeof couponHolders>>['list'][number];
/** POST /api/admin/coupon/issue. */
export type CouponIssueResult = Awaited<ReturnType<typeof issueCoupon>>;
