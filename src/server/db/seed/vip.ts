/**
 * VIP membership in the demo (issue 27): three cards on sale (月卡 ¥30 for 30 days, 季卡 ¥78
 * for 90, 年卡 ¥268 for 365, struck through at ¥360); what VIP gives: the op-amp course and the
 * interview course free, 8 折 on other paid courses, 10 downloads of paid-course material a
 * month, no ads. 刘建国 (13800138006) bought a 月卡 ten days ago (a paid order, its WeChat Pay
 * record): his VIP runs 20 more days, and its expiry reminder is queued.
 */
import { PURCHASE_TERMS_VERSION } from '../../../shared/commerce.ts';
import { scheduleVipReminder } from '../../services/commerce/index.ts';
import { LESSON_QUESTIONS_TEACHER } from './content/lesson-questions.ts';
import { findCourse, type SeededCourse } from './courses.ts';
import { insertReturningIds, insertRows, nth, orderNo, shift, type SeedContext } from './util.ts';

export async function seedVip(ctx: SeedContext, courses: SeededCourse[]): Promise<void> {
  const created = shift(ctx.now, { days: -30 });
  const plans = [
    ['月卡', 30, 3000, null, 1],
    ['季卡', 90, 7800, null, 2],
    ['年卡', 365, 26800, 36000, 3],
  ] as const;
  const ids = await insertReturningIds(
    ctx,
    'vip_plans',
    'name',
    plans.map(([name, days, price, list, sort]) => ({
      name,
      days,
      price_cents: price,
      list_price_cents: list,
      sort_order: sort,
      state: 'active',
      created_at: created,
      updated_at: created,
    })),
  );
  const free = [findCourse(courses, '运算放大器应用'), findCourse(courses, '硬件工程师面试')];
  await insertRows(ctx, 'vip_benefits', [
    {
      id: 1,
      free_course_ids: JSON.stringify(free.map((c) => c.id)),
      rate_percent: 80,
      monthly_downloads: 10,
      hide_ads: 1,
      updated_at: created,
    },
  ]);
  const teacher = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('mobile', '=', LESSON_QUESTIONS_TEACHER)
    .executeTakeFirstOrThrow();
  const paidAt = shift(ctx.now, { days: -10 });
  const endsAt = shift(ctx.now, { days: 20 });
  const [order] = await insertReturningIds(ctx, 'orders', 'order_no', [
    {
      order_no: orderNo(paidAt, 901),
      user_id: teacher.id,
      course_id: null,
      vip_plan_id: nth(ids, 0),
      vip_days: 30,
      title: '月卡',
      amount_cents: 3000,
      list_price_cents: 3000,
      discount_cents: 0,
      status: 1,
      terms_version: PURCHASE_TERMS_VERSION,
      created_at: paidAt,
      paid_at: paidAt,
      expires_at: paidAt,
    },
  ]);
  const day = paidAt.slice(0, 10).replaceAll('-', '');
  await insertRows(ctx, 'pay_records', [
    {
      order_id: order!,
      user_id: teacher.id,
      provider: 'wechat',
      transaction_id: `42000026${day}000000090101`,
      amount_cents: 3000,
      status: 'success',
      created_at: paidAt,
      out_trade_no: `${orderNo(paidAt, 901)}W001`,
      channel: 'native',
      paid_at: paidAt,
    },
  ]);
  await insertRows(ctx, 'vip_members', [
    {
      user_id: teacher.id,
      started_at: paidAt,
      ends_at: endsAt,
      reminded_for: null,
      created_at: paidAt,
      updated_at: paidAt,
    },
  ]);
  await scheduleVipReminder(undefined, ctx.db, teacher.id, endsAt, ctx.now);
}
