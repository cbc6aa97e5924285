/**
 * Orders, payments and redemption codes of the demo members: member 1 bought
 * a paid course and the development-board kit (shipped), member 2 bought the
 * kit (awaiting shipment), member 3 has an unpaid order and used a code.
 */
import { PURCHASE_TERMS_VERSION } from '../../../shared/commerce.ts';
import { scheduleOrderExpiry } from '../../services/commerce/index.ts';
import { findCourse, type SeededCourse } from './courses.ts';
import type { SeededUsers } from './users.ts';
import {
  insertReturningIds,
  insertRows,
  nth,
  orderNo,
  shift,
  type Row,
  type SeedContext,
} from './util.ts';

function address(
  name: string,
  mobile: string,
  [province, city, district]: [string, string, string],
  detail: string,
): string {
  return JSON.stringify({ name, mobile, province, city, district, detail });
}

export async function seedOrders(
  ctx: SeedContext,
  users: SeededUsers,
  courses: SeededCourse[],
): Promise<void> {
  const [m1, m2, m3] = users.memberIds;
  const [n1, n2] = users.memberNames;
  const stm32 = findCourse(courses, 'STM32F103 从零到项目');
  const kit = findCourse(courses, 'STM32F103 开发板套件');
  const interview = findCourse(courses, '硬件工程师面试');

  let seq = 0;
  const order = (
    userId: number,
    course: SeededCourse,
    status: number,
    createdAt: string,
    paidAfterMinutes: number | null,
    shipping: Pick<
      Row<'orders'>,
      'express_code' | 'express_name' | 'express_number' | 'address' | 'shipped_at'
    > = {},
  ): Row<'orders'> => ({
    order_no: orderNo(createdAt, ++seq),
    user_id: userId,
    course_id: course.id,
    title: course.title,
    amount_cents: course.priceCents,
    status,
    express_code: shipping.express_code ?? null,
    express_name: shipping.express_name ?? null,
    express_number: shipping.express_number ?? null,
    address: shipping.address ?? null,
    shipped_at: shipping.shipped_at ?? null,
    created_at: createdAt,
    paid_at:
      paidAfterMinutes === null ? null : shift(new Date(createdAt), { minutes: paidAfterMinutes }),
  });

  const orders: Row<'orders'>[] = [
    order(m1, stm32, 1, shift(ctx.now, { days: -32, hours: -5 }), 2),
    // Shipped: status 2 with a courier number (spec 4: 已发货), handed to SF from the
    // Shenzhen warehouse the day after payment; the courier's steps run from then to Beijing.
    order(m1, kit, 2, shift(ctx.now, { days: -4, hours: -2 }), 1, {
      express_code: 'shunfeng',
      express_name: '顺丰速运',
      express_number: 'SF1402837465021',
      address: address(n1, '13800138001', ['北京市', '北京市', '海淀区'], '中关村大街 27 号 1106'),
      shipped_at: shift(ctx.now, { days: -3, hours: -5 }),
    }),
    // Awaiting shipment: status 2 without a courier number (spec 4: 待发货).
    order(m2, kit, 2, shift(ctx.now, { days: -1, hours: -3 }), 3, {
      address: address(
        n2,
        '13800138002',
        ['广东省', '深圳市', '南山区'],
        '粤海街道科苑路 15 号 B 座 1203',
      ),
    }),
    // Created but not paid yet: still payable for a few minutes.
    {
      ...order(m3, interview, 0, shift(ctx.now, { minutes: -10 }), null),
      expires_at: shift(ctx.now, { minutes: 20 }),
      terms_version: PURCHASE_TERMS_VERSION,
    },
  ];
  const orderIds = await insertReturningIds(ctx, 'orders', 'order_no', orders);
  // An unpaid order closes when its time is up, as checkout's orders do: its expiry job is queued.
  for (const [i, o] of orders.entries())
    if (o.status === 0 && o.expires_at)
      await scheduleOrderExpiry(
        undefined,
        ctx.db,
        nth(orderIds, i),
        new Date(o.expires_at),
        ctx.now,
      );

  const paid = orders.map((o, i) => ({ o, id: nth(orderIds, i) })).filter(({ o }) => o.paid_at);
  await insertRows(
    ctx,
    'pay_records',
    paid.map(({ o, id }, i) => {
      const day = o.order_no.slice(3, 11);
      const wechat = i % 2 === 0;
      return {
        order_id: id,
        user_id: o.user_id,
        provider: wechat ? 'wechat' : 'alipay',
        // Shaped like each provider's transaction numbers (WeChat 28 digits, Alipay 28 digits).
        transaction_id: wechat
          ? `42000026${day}${String(5173 + i * 911).padStart(12, '0')}`
          : `${day}22001${String(4406 + i * 377).padStart(15, '0')}`,
        amount_cents: o.amount_cents,
        status: 'success',
        created_at: o.paid_at ?? o.created_at,
        out_trade_no: `${o.order_no}${wechat ? 'W' : 'A'}001`,
        channel: wechat ? 'native' : 'page',
        paid_at: o.paid_at,
      };
    }),
  );
  // What each paid order unlocks: the gating of paid lessons reads only entitlements.
  await insertRows(
    ctx,
    'entitlements',
    paid.map(({ o, id }) => ({
      user_id: o.user_id,
      course_id: o.course_id!,
      order_id: id,
      starts_at: o.paid_at!,
      ends_at: null,
      revoked_at: null,
      created_at: o.paid_at!,
    })),
  );
  await insertRows(
    ctx,
    'order_events',
    orders.flatMap((o, i) => [
      {
        order_id: nth(orderIds, i),
        type: 'created',
        actor: `member:${o.user_id}`,
        detail: JSON.stringify({ amountCents: o.amount_cents }),
        created_at: o.created_at,
      },
      ...(o.paid_at
        ? [
            {
              order_id: nth(orderIds, i),
              type: 'paid',
              actor: 'seed',
              detail: JSON.stringify({ amountFen: o.amount_cents }),
              created_at: o.paid_at,
            },
          ]
        : []),
    ]),
  );

  // A used code grants through a zero-amount order, like every redemption (commerce/redemption.ts).
  const lora = findCourse(courses, 'LoRa');
  const usedAt = shift(ctx.now, { days: -12 });
  const redeemedIds = await insertReturningIds(ctx, 'orders', 'order_no', [
    {
      order_no: orderNo(usedAt, ++seq),
      user_id: m3,
      course_id: lora.id,
      title: lora.title,
      amount_cents: 0,
      status: 1,
      source: 'redemption',
      created_at: usedAt,
      paid_at: usedAt,
    },
  ]);
  const redeemedId = nth(redeemedIds, 0);
  await insertRows(ctx, 'entitlements', [
    {
      user_id: m3,
      course_id: lora.id,
      order_id: redeemedId,
      starts_at: usedAt,
      ends_at: null,
      revoked_at: null,
      created_at: usedAt,
    },
  ]);
  await insertRows(ctx, 'order_events', [
    {
      order_id: redeemedId,
      type: 'redeemed',
      actor: `member:${m3}`,
      detail: JSON.stringify({ code: 'B7N3-W9XC-E5DF-2GJK' }),
      created_at: usedAt,
    },
  ]);
  // 16 characters of Crockford base32 each (80 bits), as the console makes them.
  await insertRows(ctx, 'redemption_codes', [
    {
      code: 'K8M2PQ4RAXT7HN3W',
      course_id: findCourse(courses, '嵌入式系统设计师').id,
      used_by: null,
      used_at: null,
      expires_at: shift(ctx.now, { days: 90 }),
      created_at: shift(ctx.now, { days: -10 }),
      batch: 'B-DEMO-1',
    },
    {
      code: 'B7N3W9XCE5DF2GJK',
      course_id: lora.id,
      used_by: m3,
      used_at: usedAt,
      expires_at: shift(ctx.now, { days: 60 }),
      created_at: shift(ctx.now, { days: -30 }),
      batch: 'B-DEMO-1',
      order_id: redeemedId,
    },
  ]);
}
