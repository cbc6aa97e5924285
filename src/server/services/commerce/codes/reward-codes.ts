/**
 * A redemption code given as a reward by another domain (issue 28: an accepted challenge
 * write-up), written inside the caller's transaction so the reward and what earned it commit
 * together. The code is an ordinary one: redeemed, voided and listed like any other.
 */
import { iso } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { groupCode, newRedemptionCode } from './redemption.ts';

/** Writes one unused code for the course, valid `days` days; answers it grouped for reading. */
export async function issueRewardCode(
  db: Database,
  input: { courseId: number; days: number; batch: string },
  now: Date,
): Promise<string> {
  const code = newRedemptionCode();
  await db
    .insertInto('redemption_codes')
    .values({
      code,
      course_id: input.courseId,
      used_by: null,
      used_at: null,
      expires_at: iso(new Date(now.getTime() + input.days * 86_400_000)),
      created_at: iso(now),
      batch: input.batch,
    })
    .execute();
  return groupCode(code);
}
