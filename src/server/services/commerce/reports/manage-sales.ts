/**
 * What the console's dashboard shows of sales over a range (issue 27): orders paid and
 * their revenue by product type (video course, kit, VIP card), what was refunded of them, coupon
 * use (copies handed out, orders paid with one and the discount given) and the orders
 * each offer price sold, with what buyers saved. Counted from orders paid in the range;
 * zero-amount redemptions are not sales. VIP counts: members VIP at the range's end, those
 * whose VIP ends within the week after it, and members who became VIP in the range.
 */
import { sql } from 'kysely';
import { ORDER_STATUS } from '../../../../shared/commerce.ts';
import type { Deps } from '../../../deps.ts';

export interface SalesSummary {
  byType: {
    type: 'course' | 'kit' | 'vip';
    orders: number;
    revenueCents: number;
    refundedCents: number;
  }[];
  coupons: { handedOut: number; used: number; discountCents: number };
  offers: { kind: string; orders: number; savedCents: number }[];
  vip: { active: number; endingSoon: number; joined: number };
}

/** Sales between two instants (ISO, the end excluded). */
export async function salesSummary(
  deps: Pick<Deps, 'db'>,
  from: string,
  to: string,
): Promise<SalesSummary> {
  const paid = deps.db
    .selectFrom('orders')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .where('source', '=', 'purchase');
  const kit = sql<number>`case when vip_plan_id is not null then 2 when address is null then 0 else 1 end`;
  const weekAfter = new Date(Date.parse(to) + 7 * 86_400_000).toISOString();
  const [types, coupons, handedOut, offers, vip] = await Promise.all([
    paid
      .select((eb) => [
        kit.as('kit'),
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('amount_cents').as('cents'),
        eb.fn
          .sum<number>(
            sql`case when status = ${ORDER_STATUS.refunded} then amount_cents else 0 end`,
          )
          .as('refunded'),
      ])
      .groupBy(kit)
      .execute(),
    paid
      .select((eb) => [
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('discount_cents').as('cents'),
      ])
      .where('member_coupon_id', 'is not', null)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('member_coupons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .executeTakeFirstOrThrow(),
    paid
      .select((eb) => [
        'offer_kind',
        eb.fn.countAll<number>().as('n'),
        eb.fn
          .sum<number>(sql`coalesce(list_price_cents, 0) - coalesce(offer_price_cents, 0)`)
          .as('saved'),
      ])
      .where('offer_kind', 'is not', null)
      .groupBy('offer_kind')
      .orderBy('offer_kind')
      .execute(),
    deps.db
      .selectFrom('vip_members')
      .select([
        sql<number>`sum(case when ends_at > ${to} and started_at < ${to} then 1 else 0 end)`.as(
          'active',
        ),
        sql<number>`sum(case when ends_at > ${to} and ends_at <= ${weekAfter} then 1 else 0 end)`.as(
          'ending',
        ),
        sql<number>`sum(case when created_at >= ${from} and created_at < ${to} then 1 else 0 end)`.as(
          'joined',
        ),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const ofType = (k: number) => types.find((t) => Number(t.kit) === k);
  return {
    byType: (['course', 'kit', 'vip'] as const).map((type, k) => ({
      type,
      orders: Number(ofType(k)?.n ?? 0),
      revenueCents: Number(ofType(k)?.cents ?? 0),
      refundedCents: Number(ofType(k)?.refunded ?? 0),
    })),
    coupons: {
      handedOut: Number(handedOut.n),
      used: Number(coupons.n),
      discountCents: Number(coupons.cents ?? 0),
    },
    offers: offers.map((o) => ({
      kind: o.offer_kind ?? '',
      orders: Number(o.n),
      savedCents: Number(o.saved ?? 0),
    })),
    vip: {
      active: Number(vip.active ?? 0),
      endingSoon: Number(vip.ending ?? 0),
      joined: Number(vip.joined ?? 0),
    },
  };
}
