/**
 * 新人券 (issue 27: coupons issued by a rule): every coupon staff marked 新会员注册时自动发放 is
 * handed to a member at registration, inside the transaction creating the member, while it is
 * 发放中 and copies are left. Each copy is the same conditional UPDATE of the remaining count as
 * a claim, so parallel registrations never hand out more than the total; a sold-out or ended
 * rule coupon is skipped and never blocks the registration. The member is told in 我的消息.
 */
import type { Transaction } from 'kysely';
import { escapeHtml } from '../../lib/index.ts';
import { fmt } from '../../../../shared/messages.ts';
import { urls } from '../../../../shared/urls.ts';
import type { DB } from '../../../db/schema.ts';
import { claimMessage } from '../../members/index.ts';
import { insertPersonalNotice } from '../../site/index.ts';
import { COMMERCE_MSG } from '../messages.ts';
import { grantCoupon } from './member-coupons.ts';

const MSG = COMMERCE_MSG.registerCoupons;

/** The coupons a rule hands out now (新人券 or 邀请券): 发放中 with copies left, oldest first. */
export function ruleCoupons(trx: Transaction<DB>, rule: 'on_register' | 'on_invite') {
  return trx
    .selectFrom('coupons')
    .selectAll()
    .where(rule, '=', 1)
    .where('state', '=', 'active')
    .where('remaining', '>', 0)
    .orderBy('id')
    .execute();
}

/** Hands a new member the rule coupons (in the caller's transaction); answers how many. */
export async function grantRegisterCoupons(
  trx: Transaction<DB>,
  userId: number,
  now: Date,
): Promise<number> {
  const rules = await ruleCoupons(trx, 'on_register');
  const names: string[] = [];
  for (const c of rules) {
    const got = await grantCoupon(trx, c, userId, 'register', now);
    if (got.ok) names.push(c.name);
  }
  if (
    names.length === 0 ||
    !(await claimMessage(trx, `register-coupons:${userId}`, userId, 'inbox', now))
  )
    return names.length;
  await insertPersonalNotice(
    trx,
    {
      userId,
      category: MSG.category,
      title: MSG.title,
      html: `<p>${escapeHtml(fmt(MSG.body, { names: names.join('、') }))}</p><p><a href="${urls.userCenter('mycoupon')}">${MSG.link}</a></p>`,
    },
    now,
  );
  return names.length;
}
