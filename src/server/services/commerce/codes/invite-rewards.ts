/**
 * Invite rewards (issue 27; the seeded notice's promise): when an invited
 * member registers (or names their inviter), both sides get a redemption code
 * for the configured course (INVITE_REWARD_COURSE_ID; unset, the cheapest
 * published paid course that is not a kit; 0, none) and one of each coupon
 * staff marked 邀请成功后双方各得一张 (邀请券, while it is 发放中 and copies are
 * left: the same conditional UPDATE as a claim), delivered in one 我的消息.
 * Granted inside the transaction that records the invitation, or, with
 * INVITE_REWARD_ON=first_purchase, inside the one that records the invited
 * member's first paid order; once per invitee and side either way: each side's
 * message key is claimed in message_log first.
 */
import { ORDER_COURSE_TYPE } from '../../../../shared/constants.ts';
import { fmt } from '../../../../shared/messages.ts';
import { urls } from '../../../../shared/urls.ts';
import { iso } from '../../../clock.ts';
import type { Transaction } from 'kysely';
import type { DB } from '../../../db/schema.ts';
import { grantCoupon } from '../coupons/member-coupons.ts';
import { ruleCoupons } from '../coupons/register-coupons.ts';
import type { Deps } from '../../../deps.ts';
import { escapeHtml } from '../../lib/index.ts';
import { claimMessage } from '../../members/index.ts';
import { insertPersonalNotice } from '../../site/index.ts';
import { COMMERCE_MSG } from '../messages.ts';
import { groupCode, newRedemptionCode } from './redemption.ts';

const MSG = COMMERCE_MSG.inviteReward;
/** How long a reward code can be redeemed. */
export const INVITE_REWARD_DAYS = 90;

/** The course invitations reward, or null when the reward is off or no course fits. */
async function rewardCourse(
  db: Transaction<DB>,
  courseId: number | null,
): Promise<{ id: number; title: string } | null> {
  if (courseId === 0) return null;
  let q = db
    .selectFrom('courses')
    .select(['id', 'title'])
    .where('published', '=', 1)
    .where('price_cents', '>', 0);
  q =
    courseId === null
      ? q.where('type', '!=', ORDER_COURSE_TYPE).orderBy('price_cents').orderBy('id')
      : q.where('id', '=', courseId);
  return (await q.executeTakeFirst()) ?? null;
}

/**
 * Gives the inviter and the invitee their code (inside the caller's
 * transaction); a side already rewarded for this invitee gets nothing more.
 */
export async function grantInviteRewards(
  deps: Pick<Deps, 'config'>,
  db: Transaction<DB>,
  invite: { inviterId: number; inviteeId: number },
  now: Date,
  /** What happened: the invitee registered, or paid for their first order. */
  moment: 'register' | 'first_purchase' = 'register',
): Promise<number> {
  if (deps.config.inviteRewardOn !== moment) return 0;
  const course = await rewardCourse(db, deps.config.inviteRewardCourseId);
  const coupons = await ruleCoupons(db, 'on_invite');
  if (!course && coupons.length === 0) return 0;
  const expires = new Date(now.getTime() + INVITE_REWARD_DAYS * 86_400_000);
  let granted = 0;
  for (const side of ['inviter', 'invitee'] as const) {
    const userId = side === 'inviter' ? invite.inviterId : invite.inviteeId;
    const key = `invite-reward:${invite.inviteeId}:${side}`;
    if (!(await claimMessage(db, key, userId, 'inbox', now))) continue;
    const parts: string[] = [];
    if (course) {
      const code = newRedemptionCode();
      await db
        .insertInto('redemption_codes')
        .values({
          code,
          course_id: course.id,
          used_by: null,
          used_at: null,
          expires_at: iso(expires),
          created_at: iso(now),
          batch: 'INVITE',
        })
        .execute();
      const text = fmt(side === 'inviter' ? MSG.inviterBody : MSG.inviteeBody, {
        course: course.title,
        code: groupCode(code),
        days: String(INVITE_REWARD_DAYS),
      });
      parts.push(`<p>${escapeHtml(text)}</p><p><a href="${urls.redemption()}">${MSG.link}</a></p>`);
      granted++;
    }
    const names: string[] = [];
    for (const c of coupons)
      if ((await grantCoupon(db, c, userId, 'invite', now)).ok) names.push(c.name);
    if (names.length > 0) {
      const text = fmt(side === 'inviter' ? MSG.inviterCoupons : MSG.inviteeCoupons, {
        names: names.join('、'),
      });
      parts.push(
        `<p>${escapeHtml(text)}</p><p><a href="${urls.userCenter('mycoupon')}">${MSG.couponLink}</a></p>`,
      );
      granted += names.length;
    }
    if (parts.length === 0) continue;
    await insertPersonalNotice(
      db,
      {
        userId,
        category: MSG.category,
        title: course ? fmt(MSG.title, { course: course.title }) : MSG.couponTitle,
        html: parts.join(''),
      },
      now,
    );
  }
  return granted;
}

/**
 * At a paid order (in its transaction): an invited member's purchase gives both sides their
 * reward when the operator chose the first purchase as the moment (the message keys keep it
 * to the first).
 */
export async function rewardInviteOnPurchase(
  deps: Pick<Deps, 'config'>,
  db: Transaction<DB>,
  userId: number,
  now: Date,
): Promise<number> {
  if (deps.config.inviteRewardOn !== 'first_purchase') return 0;
  const invite = await db
    .selectFrom('invites')
    .select(['inviter_id', 'invitee_id'])
    .where('invitee_id', '=', userId)
    .executeTakeFirst();
  if (!invite) return 0;
  return grantInviteRewards(
    deps,
    db,
    { inviterId: invite.inviter_id, inviteeId: invite.invitee_id },
    now,
    'first_purchase',
  );
}
