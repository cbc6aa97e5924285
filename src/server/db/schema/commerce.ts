/**
 * Commerce: orders, payment attempts and notifications, entitlements, redemption codes,
 * refunds, waybill tracking and coupons (services/commerce).
 */
import type { Generated } from 'kysely';
import type { Id, Time } from './columns.ts';

export interface OrdersTable {
  id: Id;
  order_no: string;
  user_id: number;
  /** The course bought; null for a VIP card (migration 0050: vip_plan_id). */
  course_id: number | null;
  title: string;
  amount_cents: number;
  /** 0 awaiting payment, 1 paid, 2 paid goods awaiting/under shipment, 3 closed, 4 refunded. */
  status: number;
  express_name: string | null;
  express_number: string | null;
  /** JSON shipping address for order-type courses. */
  address: string | null;
  created_at: Time;
  paid_at: Time | null;
  /** Migration 0013: the purchase-terms version accepted at checkout. */
  terms_version: string | null;
  /** When an unpaid order closes by itself. */
  expires_at: Time | null;
  closed_at: Time | null;
  /** Kuaidi100 company code of the courier (shunfeng, …). */
  express_code: string | null;
  shipped_at: Time | null;
  /** 'purchase', or 'redemption' (a zero-amount order granted by a code). */
  source: Generated<string>;
  /** Migration 0033, 申请取消 of a paid kit: null, 'requested', 'approved', 'refused'. */
  cancel_state: string | null;
  /** The member's reason. */
  cancel_reason: string | null;
  /** The staff's reason for refusing. */
  cancel_refusal: string | null;
  cancel_requested_at: Time | null;
  cancel_decided_at: Time | null;
  /** Migration 0044: the price before any discount, the discount, the coupon used (null: none). */
  list_price_cents: number | null;
  discount_cents: number | null;
  member_coupon_id: number | null;
  /** Migration 0048: the offer the order was priced with ('limited', 'first_order'), or null. */
  offer_kind: string | null;
  /** The offer's price, before any coupon. */
  offer_price_cents: number | null;
  /** Migration 0050: the VIP card bought (null: a course) and the days it adds. */
  vip_plan_id: number | null;
  vip_days: number | null;
  /** Migration 0051: the group (拼团) the order pays a seat of; null: none. */
  group_id: number | null;
}

export interface PayRecordsTable {
  id: Id;
  order_id: number;
  user_id: number;
  provider: string;
  transaction_id: string | null;
  amount_cents: number;
  /** pending, success, closed, failed, refunded. */
  status: string;
  created_at: Time;
  /** Migration 0013: the attempt's key at the payment platform. */
  out_trade_no: string | null;
  /** native, h5, page, wap. */
  channel: string | null;
  paid_at: Time | null;
}

/** Migration 0013: the append-only log of an order. */
export interface OrderEventsTable {
  id: Id;
  order_id: number;
  type: string;
  /** JSON. */
  detail: Generated<string>;
  /** 'member:<id>', 'admin:<id>', 'platform:wechat', 'system'. */
  actor: string;
  created_at: Time;
}

/** Migration 0013: what a member may open; the gating function reads only this. */
export interface EntitlementsTable {
  id: Id;
  user_id: number;
  course_id: number;
  order_id: number;
  starts_at: Time;
  /** Null: for good. */
  ends_at: Time | null;
  revoked_at: Time | null;
  created_at: Time;
}

/** Migration 0013: every payment notification received, with what became of it. */
export interface PaymentNotificationsTable {
  id: Id;
  method: string;
  out_trade_no: string | null;
  /** paid, duplicate, pending, rejected. */
  outcome: string;
  reason: string;
  ip: string;
  created_at: Time;
}

export interface RedemptionCodesTable {
  id: Id;
  code: string;
  course_id: number;
  used_by: number | null;
  used_at: Time | null;
  expires_at: Time | null;
  created_at: Time;
  /** Migration 0014: the batch an operator made it in, its voiding, the order its use made. */
  batch: string | null;
  voided_at: Time | null;
  order_id: number | null;
}

/** Migration 0014: one refund request to the payment platform. */
export interface RefundsTable {
  id: Id;
  order_id: number;
  pay_record_id: number;
  out_refund_no: string;
  amount_cents: number;
  /** processing, success, failed. */
  status: string;
  refund_id: string | null;
  reason: string;
  actor: string;
  created_at: Time;
  done_at: Time | null;
}

/** Migration 0014: the courier's last answer per waybill (JSON TrackingResult). */
export interface TrackingCacheTable {
  id: Id;
  company_code: string;
  tracking_number: string;
  result: string | null;
  error: string | null;
  fetched_at: Time;
}

/** Migration 0044: a coupon template (优惠券) made by staff. */
export interface CouponsTable {
  id: Id;
  name: string;
  /** 'amount' (满减: amount_cents off) or 'percent' (折扣: pay rate_percent of the price). */
  kind: string;
  amount_cents: Generated<number>;
  /** 85 = 8.5 折 (the member pays 85%). */
  rate_percent: Generated<number>;
  /** A percentage coupon's cap; null: none. */
  max_discount_cents: number | null;
  min_spend_cents: Generated<number>;
  /** A fixed window, or valid_days from when a member gets it. */
  valid_from: Time | null;
  valid_to: Time | null;
  valid_days: number | null;
  /** How many may ever be handed out, and how many are left (one conditional UPDATE each). */
  total: number;
  remaining: number;
  per_member: Generated<number>;
  /** 'all', 'courses' (no kit), 'kits' (order-type courses), 'named' (course_ids). */
  scope: Generated<string>;
  /** JSON list of course ids, for scope 'named'. */
  course_ids: Generated<string>;
  /** 1: members may take one from a course page (领券). */
  claimable: Generated<number>;
  /** Migration 0047: 1 = handed to every new member at registration (新人券). */
  on_register: Generated<number>;
  /** Migration 0049: 1 = handed to both sides of an invitation when the invitee registers (邀请券). */
  on_invite: Generated<number>;
  /** 'draft', 'active', 'stopped' (no more handed out; those held stay usable). */
  state: Generated<string>;
  created_at: Time;
  updated_at: Time;
}

/** Migration 0044: a coupon a member holds (领取 or 发放). */
export interface MemberCouponsTable {
  id: Id;
  coupon_id: number;
  user_id: number;
  /** The member's n-th copy of this coupon (unique per coupon and member: the per-member limit). */
  seq: number;
  /** 'claim' (领券), 'issue' (staff), 'register' (a new member's rule coupon), 'seed'. */
  source: string;
  starts_at: Time;
  expires_at: Time;
  /** The order carrying it: unpaid (held), or paid (used); null when free. */
  order_id: number | null;
  created_at: Time;
}

/** Migration 0048: an offer price on a course (限时特惠, 新人首单价); one per course and kind. */
export interface CourseOffersTable {
  id: Id;
  course_id: number;
  /** 'limited' (a window, both ends required) or 'first_order' (an optional window). */
  kind: string;
  price_cents: number;
  starts_at: Time | null;
  ends_at: Time | null;
  created_at: Time;
  updated_at: Time;
}

/** Migration 0050: a VIP card on sale (月卡, 季卡, 年卡). */
export interface VipPlansTable {
  id: Id;
  name: string;
  /** The days one card adds to the member's VIP. */
  days: number;
  price_cents: number;
  /** Shown struck through beside the price; null: none. */
  list_price_cents: number | null;
  sort_order: Generated<number>;
  /** 'active' (on sale) or 'stopped'. */
  state: Generated<string>;
  created_at: Time;
  updated_at: Time;
}

/** Migration 0050: what VIP members get; one row, id 1. */
export interface VipBenefitsTable {
  id: number;
  /** JSON list of the course ids VIP members study free. */
  free_course_ids: Generated<string>;
  /** The share of the price VIP members pay for other paid courses: 80 = 8 折; 100: none. */
  rate_percent: Generated<number>;
  /** Resource downloads a VIP member may make per calendar month (China time); 0: no quota. */
  monthly_downloads: Generated<number>;
  /** 1: no ads for VIP members. */
  hide_ads: Generated<number>;
  updated_at: Time;
}

/** Migration 0050: a member's VIP: the end of the current period (renewals extend it). */
export interface VipMembersTable {
  id: Id;
  user_id: number;
  started_at: Time;
  ends_at: Time;
  /** The ends_at the expiry reminder was sent for. */
  reminded_for: Time | null;
  created_at: Time;
  updated_at: Time;
}

/** Migration 0050: one download counted against a VIP member's monthly quota. */
export interface VipDownloadsTable {
  id: Id;
  user_id: number;
  resource_id: number;
  created_at: Time;
}

/** Migration 0051: a course's group price (拼团); one per course. */
export interface GroupOffersTable {
  id: Id;
  course_id: number;
  price_cents: number;
  /** Buyers that make a group (2–10). */
  size: number;
  /** Hours a group has to fill once opened. */
  hours: number;
  /** When groups may be opened; null: open on that side. */
  starts_at: Time | null;
  ends_at: Time | null;
  /** 'active' or 'stopped' (no new groups; open ones run their course). */
  state: Generated<string>;
  created_at: Time;
  updated_at: Time;
}

/** Migration 0051: one group (拼团). */
export interface BuyGroupsTable {
  id: Id;
  /** The share link's code. */
  code: string;
  offer_id: number;
  course_id: number;
  leader_id: number;
  size: number;
  price_cents: number;
  /** Seats held by an unpaid order or paid (never above size). */
  seats: Generated<number>;
  paid: Generated<number>;
  /** 'open', 'full' (every seat paid: the course opens for all), 'failed' (time ran out short). */
  state: Generated<string>;
  expires_at: Time;
  created_at: Time;
  closed_at: Time | null;
}

/** Migration 0051: a member's seat in a group, paid by one order. */
export interface BuyGroupSeatsTable {
  id: Id;
  group_id: number;
  user_id: number;
  order_id: number;
  /** 'held' (unpaid), 'paid', 'released' (closed unpaid), 'refunded'. */
  state: string;
  created_at: Time;
  updated_at: Time;
}
