/**
 * 我的挑战 in the user centre (issue 28): the challenges a member joined, newest first, with
 * their write-up's state (and staff's reason), and the badges they earned. Never cached.
 */
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { urls } from '../../../../shared/urls.ts';
import { stageAt } from './challenges.ts';

/** The user centre's 我的挑战: joined challenges with the submission's state, and the badges. */
export async function myChallenges(deps: Pick<Deps, 'db' | 'clock'>, userId: number) {
  const now = iso(deps.clock.now());
  const rows = await deps.db
    .selectFrom('challenge_members as m')
    .innerJoin('challenges as c', 'c.id', 'm.challenge_id')
    .leftJoin('challenge_submissions as s', (j) =>
      j.onRef('s.challenge_id', '=', 'm.challenge_id').onRef('s.user_id', '=', 'm.user_id'),
    )
    .select([
      'c.id',
      'c.title',
      'c.signup_start',
      'c.deadline',
      'm.joined_at',
      's.state',
      's.reason',
      's.title as work',
    ])
    .where('m.user_id', '=', userId)
    .where('c.status', '=', 'published')
    .orderBy('m.joined_at', 'desc')
    .orderBy('m.id', 'desc')
    .execute();
  const badges = await deps.db
    .selectFrom('member_badges as b')
    .innerJoin('challenges as c', 'c.id', 'b.challenge_id')
    .select(['b.id', 'b.name', 'b.awarded_at', 'c.id as challengeId', 'c.title as challenge'])
    .where('b.user_id', '=', userId)
    .orderBy('b.awarded_at', 'desc')
    .execute();
  return {
    list: rows.map((r) => ({
      id: r.id,
      title: r.title,
      url: urls.challenge(r.id),
      stage: stageAt(r, now),
      deadline: r.deadline,
      joinedAt: r.joined_at,
      work: r.work,
      state: r.state,
      reason: r.reason ?? '',
    })),
    badges: badges.map((b) => ({
      id: b.id,
      name: b.name,
      awardedAt: b.awarded_at,
      challenge: b.challenge,
      url: urls.challenge(b.challengeId),
    })),
  };
}
