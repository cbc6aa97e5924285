/**
 * Invite rewards (issue 27; the seeded notice's promise): when an invited
 * member registers (or names their inviter), both sides get a redemption code
 * for the configured course (INVITE_REWARD_COURSE_ID; unset, the cheapest
 * published paid course that is not a kit; 0, none), delivered in 我的消息.
 * Granted inside the transaction that records the invitation, and once per
 * invitee and side: each side's message key is claimed in message_log first.
 */
import { ORDER_COURSE_TYPE } from '../../../../shared/constants.ts';
import { fmt } from '../../../../shared/messages.ts';
import { urls } from '../../../../shared/urls.ts';
import { iso } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
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
  db: Database,
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
  db: Database,
  invite: { inviterId: number; inviteeId: number },
  now: Date,
): Promise<number> {
  const course = await rewardCourse(db, deps.config.inviteRewardCourseId);
  if (!course) return 0;
  const expires = new Date(now.getTime() + INVITE_REWARD_DAYS * 86_400_000);
  let granted = 0;
  for (const side of ['inviter', 'invitee'] as const) {
    const userId = side === 'inviter' ? invite.inviterId : invite.inviteeId;
    const key = `invite-reward:${invite.inviteeId}:${side}`;
    if (!(await claimMessage(db, key, userId, 'inbox', now))) continue;
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
    await insertPersonalNotice(
      db,
      {
        userId,
        category: MSG.category,
        title: fmt(MSG.title, { course: course.title }),
        html: `<p>${escapeHtml(text)}</p><p><a href="${urls.redemption()}">${MSG.link}</a></p>`,
      },
      now,
    );
    granted++;
  }
  return granted;
}
