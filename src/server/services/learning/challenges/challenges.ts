/**
 * 项目挑战, the public and member side (issue 28; the model is 硬禾学堂 Funpack and EEWorld
 * "Follow me"): a challenge ties a kit course (bought and shipped through commerce), a kickoff
 * broadcast, ordered tasks, a sign-up window and a submission deadline. The pages are public and
 * cached: the challenge, its tasks, its reward rules and the gallery of accepted work. A
 * member's own state (joined, their submission, its state and staff's reason) is fetched by the
 * page's island and never cached. Joining is one row per challenge and member; the write-up is
 * the challenge's own (a title and a plain-text body with a video link and a code link), one per
 * challenge and member, resubmitted in place while 待审核 or 未通过.
 */
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { textToHtml } from '../../lib/index.ts';
import { urls } from '../../../../shared/urls.ts';
import {
  CHALLENGE_MSG,
  type ChallengeStage,
  type SubmissionState,
} from '../../../../shared/challenges.ts';

type Db = Deps['db'];

/** A challenge on the list /challenges. */
export interface ChallengeSummary {
  id: number;
  title: string;
  summary: string;
  stage: ChallengeStage;
  signupStart: string;
  signupEnd: string;
  deadline: string;
  badge: string;
  kit: { id: number; title: string; priceCents: number; url: string };
}

/** One accepted write-up as the gallery shows it. */
export interface GalleryItem {
  id: number;
  title: string;
  author: string;
  /** The author's public page is /member/<authorId>. */
  authorId: number;
  /** The body as safe HTML: escaped, a paragraph per blank-line block. */
  html: string;
  videoUrl: string;
  codeUrl: string;
  acceptedAt: string;
}

/** One challenge as its public page shows it. */
export interface ChallengeView extends ChallengeSummary {
  tasks: { position: number; title: string; body: string }[];
  live: { id: number; title: string; startAt: string; url: string } | null;
  reward: {
    kind: 'code';
    course: { id: number; title: string; url: string } | null;
    days: number;
  };
  gallery: GalleryItem[];
}

/** A member's state on one challenge (the island's answer, never cached). */
export interface ChallengeMemberState {
  challengeId: number;
  joined: boolean;
  submission: {
    id: number;
    title: string;
    body: string;
    videoUrl: string;
    codeUrl: string;
    state: SubmissionState;
    reason: string;
    submittedAt: string;
    reviewedAt: string | null;
  } | null;
}

/** Where a challenge stands at `now`: before its sign-up opens, until its deadline, after. */
export function stageAt(c: { signup_start: string; deadline: string }, now: string) {
  if (now < c.signup_start) return 'upcoming' as const;
  return now < c.deadline ? ('running' as const) : ('ended' as const);
}

const summaryColumns = [
  'c.id',
  'c.title',
  'c.summary',
  'c.signup_start',
  'c.signup_end',
  'c.deadline',
  'c.badge_name',
  'c.kit_course_id',
  'k.title as kit_title',
  'k.price_cents as kit_price',
] as const;

function published(db: Db) {
  return db
    .selectFrom('challenges as c')
    .innerJoin('courses as k', 'k.id', 'c.kit_course_id')
    .where('c.status', '=', 'published');
}

type SummaryRow = {
  id: number;
  title: string;
  summary: string;
  signup_start: string;
  signup_end: string;
  deadline: string;
  badge_name: string;
  kit_course_id: number;
  kit_title: string;
  kit_price: number;
};

function toSummary(r: SummaryRow, now: string): ChallengeSummary {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    stage: stageAt(r, now),
    signupStart: r.signup_start,
    signupEnd: r.signup_end,
    deadline: r.deadline,
    badge: r.badge_name,
    kit: {
      id: r.kit_course_id,
      title: r.kit_title,
      priceCents: r.kit_price,
      url: urls.course(r.kit_course_id),
    },
  };
}

/** Published challenges: running first (nearest deadline first), then upcoming, then ended. */
export async function listChallenges(
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<ChallengeSummary[]> {
  const now = iso(deps.clock.now());
  const rows = await published(deps.db).select(summaryColumns).orderBy('c.deadline').execute();
  const order: ChallengeStage[] = ['running', 'upcoming', 'ended'];
  const list = rows.map((r) => toSummary(r, now));
  return order.flatMap((stage) => {
    const part = list.filter((c) => c.stage === stage);
    return stage === 'ended' ? part.reverse() : part;
  });
}

/** The accepted write-ups of a challenge, first accepted first. */
export async function challengeGallery(db: Db, challengeId: number): Promise<GalleryItem[]> {
  const rows = await db
    .selectFrom('challenge_submissions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.title',
      's.body',
      's.video_url',
      's.code_url',
      's.reviewed_at',
      'u.name as author',
      'u.id as authorId',
    ])
    .where('s.challenge_id', '=', challengeId)
    .where('s.state', '=', 'accepted')
    .orderBy('s.reviewed_at')
    .orderBy('s.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    author: r.author,
    authorId: r.authorId,
    html: textToHtml(r.body),
    videoUrl: r.video_url,
    codeUrl: r.code_url,
    acceptedAt: r.reviewed_at ?? '',
  }));
}

/** A published challenge with its tasks, kickoff, reward rules and gallery; else not found. */
export async function getChallenge(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: number,
): Promise<ChallengeView> {
  const c = await published(deps.db)
    .select(summaryColumns)
    .select(['c.live_id', 'c.reward_course_id', 'c.reward_days'])
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!c) throw AppError.notFound(CHALLENGE_MSG.missing);
  const [tasks, live, course, gallery] = await Promise.all([
    deps.db
      .selectFrom('challenge_tasks')
      .select(['position', 'title', 'body'])
      .where('challenge_id', '=', id)
      .orderBy('position')
      .execute(),
    c.live_id === null
      ? undefined
      : deps.db
          .selectFrom('live_broadcasts')
          .select(['id', 'title', 'start_at'])
          .where('id', '=', c.live_id)
          .executeTakeFirst(),
    c.reward_course_id === null
      ? undefined
      : deps.db
          .selectFrom('courses')
          .select(['id', 'title'])
          .where('id', '=', c.reward_course_id)
          .executeTakeFirst(),
    challengeGallery(deps.db, id),
  ]);
  return {
    ...toSummary(c, iso(deps.clock.now())),
    tasks: tasks.map((t, i) => ({ position: i + 1, title: t.title, body: t.body })),
    live: live
      ? { id: live.id, title: live.title, startAt: live.start_at, url: urls.liveDetail(live.id) }
      : null,
    reward: {
      kind: 'code',
      course: course ? { ...course, url: urls.course(course.id) } : null,
      days: c.reward_days,
    },
    gallery,
  };
}

/** The challenge's dates, for the join and submit rules; a draft or unknown id is not found. */
export async function challengeDates(db: Db, id: number) {
  const c = await db
    .selectFrom('challenges')
    .select(['id', 'signup_start', 'signup_end', 'deadline'])
    .where('id', '=', id)
    .where('status', '=', 'published')
    .executeTakeFirst();
  if (!c) throw AppError.notFound(CHALLENGE_MSG.missing);
  return c;
}

/** A member's state on a published challenge (joined or not), never cached. */
export async function challengeState(
  deps: Pick<Deps, 'db'>,
  userId: number,
  challengeId: number,
): Promise<ChallengeMemberState> {
  await challengeDates(deps.db, challengeId);
  const [member, s] = await Promise.all([
    deps.db
      .selectFrom('challenge_members')
      .select('id')
      .where('challenge_id', '=', challengeId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    deps.db
      .selectFrom('challenge_submissions')
      .selectAll()
      .where('challenge_id', '=', challengeId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return {
    challengeId,
    joined: !!member,
    submission: s
      ? {
          id: s.id,
          title: s.title,
          body: s.body,
          videoUrl: s.video_url,
          codeUrl: s.code_url,
          state: s.state,
          reason: s.reason,
          submittedAt: s.submitted_at,
          reviewedAt: s.reviewed_at,
        }
      : null,
  };
}

/** 报名: only while sign-up is open; joining again changes nothing. */
export async function joinChallenge(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  challengeId: number,
): Promise<ChallengeMemberState> {
  const c = await challengeDates(deps.db, challengeId);
  const now = iso(deps.clock.now());
  if (now < c.signup_start) throw AppError.badRequest(CHALLENGE_MSG.notOpen);
  if (now >= c.signup_end) throw AppError.badRequest(CHALLENGE_MSG.closed);
  await deps.db
    .insertInto('challenge_members')
    .values({ challenge_id: challengeId, user_id: userId, joined_at: now })
    .onConflict((oc) => oc.columns(['challenge_id', 'user_id']).doNothing())
    .execute();
  return challengeState(deps, userId, challengeId);
}

export interface WriteUpInput {
  title: string;
  body: string;
  videoUrl: string;
  codeUrl: string;
}

/**
 * 提交作品: a joined member, before the deadline. The first write-up is a new row; a later one
 * replaces it while it is 待审核 or 未通过 (back to 待审核); an accepted one is final. The
 * conditional UPDATE keeps a resubmission from overwriting a write-up accepted meanwhile.
 */
export async function submitWork(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  challengeId: number,
  input: WriteUpInput,
): Promise<ChallengeMemberState> {
  const c = await challengeDates(deps.db, challengeId);
  const now = iso(deps.clock.now());
  const state = await challengeState(deps, userId, challengeId);
  if (!state.joined) throw AppError.badRequest(CHALLENGE_MSG.notJoined);
  if (now >= c.deadline) throw AppError.badRequest(CHALLENGE_MSG.pastDeadline);
  const fields = {
    title: input.title,
    body: input.body,
    video_url: input.videoUrl,
    code_url: input.codeUrl,
    state: 'pending' as const,
    reason: '',
    submitted_at: now,
    reviewed_at: null,
    reviewed_by: null,
  };
  const inserted = await deps.db
    .insertInto('challenge_submissions')
    .values({ challenge_id: challengeId, user_id: userId, ...fields })
    .onConflict((oc) => oc.columns(['challenge_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) {
    const r = await deps.db
      .updateTable('challenge_submissions')
      .set(fields)
      .where('challenge_id', '=', challengeId)
      .where('user_id', '=', userId)
      .where('state', '!=', 'accepted')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw AppError.badRequest(CHALLENGE_MSG.accepted);
  }
  return challengeState(deps, userId, challengeId);
}
