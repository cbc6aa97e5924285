/**
 * The demo coupons (issue 27): a new member's 满 99 减 20 for every course, 8 折 on the
 * Buck course (at most ¥50 off), and 满 199 减 30 for kits, all claimable from the course
 * pages; demo member 2 (who bought the kit, nothing else) holds a 新人券 to use.
 * And two offer prices: a week's 限时特惠 on the 软考 course (¥199 → ¥129, running
 * since two days ago) and a 新人首单价 of ¥9.90 on the LoRa course (¥69); and 拼团 on the Buck
 * course: ¥99 for a group of 3 within 24 hours.
 */
import { scheduleOfferBoundaries } from '../../services/commerce/index.ts';
import { findCourse, type SeededCourse } from './courses.ts';
import type { SeededUsers } from './users.ts';
import { insertReturningIds, insertRows, nth, shift, type Row, type SeedContext } from './util.ts';

export async function seedCoupons(
  ctx: SeedContext,
  users: SeededUsers,
  courses: SeededCourse[],
): Promise<void> {
  const created = shift(ctx.now, { days: -3 });
  const buck = findCourse(courses, 'Buck 变换器设计');
  const base = {
    amount_cents: 0,
    rate_percent: 100,
    max_discount_cents: null,
    min_spend_cents: 0,
    valid_from: null,
    valid_to: null,
    valid_days: null,
    per_member: 1,
    course_ids: '[]',
    claimable: 1,
    state: 'active',
    created_at: created,
    updated_at: created,
  } satisfies Partial<Row<'coupons'>>;
  const coupons: Row<'coupons'>[] = [
    {
      ...base,
      name: '新人券',
      kind: 'amount',
      amount_cents: 2000,
      min_spend_cents: 9900,
      valid_days: 30,
      total: 10000,
      remaining: 10000 - 1,
      scope: 'all',
    },
    {
      ...base,
      name: 'Buck 实战课 8 折券',
      kind: 'percent',
      rate_percent: 80,
      max_discount_cents: 5000,
      valid_to: shift(ctx.now, { days: 60 }),
      total: 500,
      remaining: 500,
      scope: 'named',
      course_ids: JSON.stringify([buck.id]),
    },
    {
      ...base,
      name: '开发板套件券',
      kind: 'amount',
      amount_cents: 3000,
      min_spend_cents: 19900,
      valid_days: 15,
      total: 1000,
      remaining: 1000,
      scope: 'kits',
    },
  ];
  const ids = await insertReturningIds(ctx, 'coupons', 'name', coupons);
  const m2 = users.memberIds[1];
  await insertRows(ctx, 'member_coupons', [
    {
      coupon_id: nth(ids, 0),
      user_id: m2,
      seq: 1,
      source: 'seed',
      starts_at: created,
      expires_at: shift(ctx.now, { days: 27 }),
      order_id: null,
      created_at: created,
    },
  ]);
  const exam = findCourse(courses, '嵌入式系统设计师');
  const lora = findCourse(courses, 'LoRa');
  const examEnds = shift(ctx.now, { days: 5 });
  await insertRows(ctx, 'course_offers', [
    {
      course_id: exam.id,
      kind: 'limited',
      price_cents: 12900,
      starts_at: shift(ctx.now, { days: -2 }),
      ends_at: examEnds,
      created_at: created,
      updated_at: created,
    },
    {
      course_id: lora.id,
      kind: 'first_order',
      price_cents: 990,
      starts_at: null,
      ends_at: null,
      created_at: created,
      updated_at: created,
    },
  ]);
  // Each future start or end drops the course's page then, as a console change would.
  await scheduleOfferBoundaries({ jobs: undefined }, ctx.db, exam.id, [examEnds], ctx.now);
  // 拼团 on the Buck course: ¥99 (list ¥149) for a group of 3 that fills within 24 hours.
  await insertRows(ctx, 'group_offers', [
    {
      course_id: buck.id,
      price_cents: 9900,
      size: 3,
      hours: 24,
      starts_at: null,
      ends_at: null,
      state: 'active',
      created_at: created,
      updated_at: created,
    },
  ]);
}
