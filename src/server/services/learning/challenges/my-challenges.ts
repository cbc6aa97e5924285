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
  const badges = await badgesOf(deps, userId, false);
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
    badges,
  };
}

/**
 * A member's badges, newest first; on their public page only those of published challenges
 * (the page links each one).
 */
async function badgesOf(
  deps: Pick<Deps, 'db'>,
  userId: number,
  publishedOnly: boolean,
): Promise<MemberShowcase['badges']> {
  const rows = await deps.db
    .selectFrom('member_badges as b')
    .innerJoin('challenges as c', 'c.id', 'b.challenge_id')
    .select(['b.id', 'b.name', 'b.awarded_at', 'c.id as challengeId', 'c.title as challenge'])
    .where('b.user_id', '=', userId)
    .$if(publishedOnly, (q) => q.where('c.status', '=', 'published'))
    .orderBy('b.awarded_at', 'desc')
    .orderBy('b.id', 'desc')
    .execute();
  return rows.map((b) => ({
    id: b.id,
    name: b.name,
    awardedAt: b.awarded_at,
    challenge: b.challenge,
    url: urls.challenge(b.challengeId),
  }));
}

/** What a member's public page shows of their challenges: badges and accepted work. */
export interface MemberShowcase {
  badges: { id: number; name: string; awardedAt: string; challenge: string; url: string }[];
  works: { id: number; title: string; challenge: string; acceptedAt: string; url: string }[];
}

/**
 * A member's badges and accepted write-ups, newest first, for their public page (/member/<id>).
 * Only what is public anyway: a badge is on the gallery beside the accepted work; a write-up
 * waiting or refused stays private.
 */
export async function memberShowcase(
  deps: Pick<Deps, 'db'>,
  userId: number,
): Promise<MemberShowcase> {
  const [badges, works] = await Promise.all([
    badgesOf(deps, userId, true),
    deps.db
      .selectFrom('challenge_submissions as s')
      .innerJoin('challenges as c', 'c.id', 's.challenge_id')
      .select(['s.id', 's.title', 's.reviewed_at', 'c.id as challengeId', 'c.title as challenge'])
      .where('s.user_id', '=', userId)
      .where('s.state', '=', 'accepted')
      .where('c.status', '=', 'published')
      .orderBy('s.reviewed_at', 'desc')
      .orderBy('s.id', 'desc')
      .execute(),
  ]);
  return {
    badges,
    works: works.map((w) => ({
      id: w.id,
      title: w.title,
      challenge: w.challenge,
      acceptedAt: w.reviewed_at ?? '',
      url: `${urls.challenge(w.challengeId)}#work-${w.id}`,
    })),
  };
}
