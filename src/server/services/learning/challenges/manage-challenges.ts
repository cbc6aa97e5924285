/**
 * 项目挑战 for staff (issue 28): challenges with their tasks made, edited and deleted (console
 * 挑战管理), and the review of write-ups (作品审核). 通过 is decided by one conditional UPDATE
 * from 待审核 inside a transaction: of any number of parallel approvals one wins, and only the
 * winner writes the reward (a redemption code for the reward course, through commerce), the
 * badge (one per member and challenge) and the personal notice in 我的消息 (its key claimed in
 * message_log first). 不通过 needs a reason the member sees. Both drop the challenge's pages.
 */
import { ORDER_COURSE_TYPE } from '../../../../shared/constants.ts';
import { CHALLENGE_MSG, type SubmissionState } from '../../../../shared/challenges.ts';
import { fmt } from '../../../../shared/messages.ts';
import { urls } from '../../../../shared/urls.ts';
import { challengeTags, memberTags } from '../../../cache/tags.ts';
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { issueRewardCode } from '../../commerce/index.ts';
import { commitChange, escapeHtml } from '../../lib/index.ts';
import { claimMessage } from '../../members/index.ts';
import { insertPersonalNotice } from '../../site/index.ts';

type Db = Deps['db'];
const MSG = CHALLENGE_MSG;

export interface ChallengeInput {
  title: string;
  summary: string;
  kitCourseId: number;
  liveId: number | null;
  signupStart: string;
  signupEnd: string;
  deadline: string;
  rewardCourseId: number | null;
  rewardDays: number;
  badgeName: string;
  status: 'draft' | 'published';
  tasks: { title: string; body: string }[];
}

const tagsOf = (id: number) => [challengeTags.list, challengeTags.one(id)];

/** Every challenge, drafts included, with its tasks and counts (members, by submission state). */
export async function listAdminChallenges(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db.selectFrom('challenges').selectAll().orderBy('id', 'desc').execute();
  const [tasks, members, works] = await Promise.all([
    deps.db.selectFrom('challenge_tasks').selectAll().orderBy('position').execute(),
    deps.db
      .selectFrom('challenge_members')
      .select('challenge_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy('challenge_id')
      .execute(),
    deps.db
      .selectFrom('challenge_submissions')
      .select(['challenge_id', 'state'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .groupBy(['challenge_id', 'state'])
      .execute(),
  ]);
  const count = (id: number, state: SubmissionState) =>
    Number(works.find((w) => w.challenge_id === id && w.state === state)?.n ?? 0);
  return rows.map((c) => ({
    id: c.id,
    title: c.title,
    summary: c.summary,
    kitCourseId: c.kit_course_id,
    liveId: c.live_id,
    signupStart: c.signup_start,
    signupEnd: c.signup_end,
    deadline: c.deadline,
    rewardKind: c.reward_kind,
    rewardCourseId: c.reward_course_id,
    rewardDays: c.reward_days,
    badgeName: c.badge_name,
    status: c.status,
    updatedAt: c.updated_at,
    tasks: tasks
      .filter((t) => t.challenge_id === c.id)
      .map((t) => ({ title: t.title, body: t.body })),
    members: Number(members.find((m) => m.challenge_id === c.id)?.n ?? 0),
    pending: count(c.id, 'pending'),
    accepted: count(c.id, 'accepted'),
  }));
}

/** Refuses a kit that is not a kit course, an unknown broadcast or reward course, bad dates. */
async function checkInput(db: Db, input: Partial<ChallengeInput>, current?: ChallengeInput) {
  if (input.kitCourseId !== undefined) {
    const kit = await db
      .selectFrom('courses')
      .select('id')
      .where('id', '=', input.kitCourseId)
      .where('type', '=', ORDER_COURSE_TYPE)
      .executeTakeFirst();
    if (!kit) throw AppError.badRequest(MSG.form.kit);
  }
  if (input.liveId) {
    const live = await db
      .selectFrom('live_broadcasts')
      .select('id')
      .where('id', '=', input.liveId)
      .executeTakeFirst();
    if (!live) throw AppError.badRequest(MSG.form.live);
  }
  if (input.rewardCourseId) {
    const course = await db
      .selectFrom('courses')
      .select('id')
      .where('id', '=', input.rewardCourseId)
      .executeTakeFirst();
    if (!course) throw AppError.badRequest(MSG.form.rewardCourse);
  }
  const start = input.signupStart ?? current?.signupStart;
  const end = input.signupEnd ?? current?.signupEnd;
  const deadline = input.deadline ?? current?.deadline;
  if (start && end && deadline && !(start < end && end <= deadline))
    throw AppError.badRequest(MSG.form.window);
}

async function saveTasks(trx: Db, id: number, tasks: ChallengeInput['tasks']) {
  await trx.deleteFrom('challenge_tasks').where('challenge_id', '=', id).execute();
  await trx
    .insertInto('challenge_tasks')
    .values(tasks.map((t, i) => ({ challenge_id: id, position: i + 1, ...t })))
    .execute();
}

const columns = (input: Partial<ChallengeInput>) => ({
  ...(input.title !== undefined && { title: input.title }),
  ...(input.summary !== undefined && { summary: input.summary }),
  ...(input.kitCourseId !== undefined && { kit_course_id: input.kitCourseId }),
  ...(input.liveId !== undefined && { live_id: input.liveId }),
  ...(input.signupStart !== undefined && { signup_start: input.signupStart }),
  ...(input.signupEnd !== undefined && { signup_end: input.signupEnd }),
  ...(input.deadline !== undefined && { deadline: input.deadline }),
  ...(input.rewardCourseId !== undefined && { reward_course_id: input.rewardCourseId }),
  ...(input.rewardDays !== undefined && { reward_days: input.rewardDays }),
  ...(input.badgeName !== undefined && { badge_name: input.badgeName }),
  ...(input.status !== undefined && { status: input.status }),
});

export async function createChallenge(deps: Deps, input: ChallengeInput): Promise<{ id: number }> {
  await checkInput(deps.db, input);
  return commitChange(deps, async (trx) => {
    const now = iso(deps.clock.now());
    const row = await trx
      .insertInto('challenges')
      .values({
        ...columns(input),
        title: input.title,
        kit_course_id: input.kitCourseId,
        signup_start: input.signupStart,
        signup_end: input.signupEnd,
        deadline: input.deadline,
        badge_name: input.badgeName,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await saveTasks(trx, row.id, input.tasks);
    return { value: { id: row.id }, tags: tagsOf(row.id) };
  });
}

export async function updateChallenge(
  deps: Deps,
  id: number,
  input: Partial<ChallengeInput>,
): Promise<{ id: number }> {
  const current = (await listAdminChallenges(deps)).find((c) => c.id === id);
  if (!current) throw AppError.notFound(MSG.missing);
  await checkInput(deps.db, input, current);
  return commitChange(deps, async (trx) => {
    await trx
      .updateTable('challenges')
      .set({ ...columns(input), updated_at: iso(deps.clock.now()) })
      .where('id', '=', id)
      .execute();
    if (input.tasks) await saveTasks(trx, id, input.tasks);
    return { value: { id }, tags: tagsOf(id) };
  });
}

export async function deleteChallenge(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    // Spelled out rather than left to ON DELETE CASCADE, which SQLite applies only with the pragma on.
    for (const table of [
      'member_badges',
      'challenge_submissions',
      'challenge_members',
      'challenge_tasks',
    ] as const)
      await trx.deleteFrom(table).where('challenge_id', '=', id).execute();
    const done = await trx.deleteFrom('challenges').where('id', '=', id).executeTakeFirst();
    if (Number(done.numDeletedRows) === 0) throw AppError.notFound(MSG.missing);
    return { value: { id }, tags: tagsOf(id) };
  });
}

/** 作品审核's list: write-ups in one state (all when none), newest first, a page at a time. */
export async function listSubmissions(
  deps: Pick<Deps, 'db'>,
  opts: { state?: SubmissionState; page: number; size: number },
) {
  const base = deps.db
    .selectFrom('challenge_submissions as s')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .$if(!!opts.state, (q) => q.where('s.state', '=', opts.state!));
  const [list, total] = await Promise.all([
    base
      .select([
        's.id',
        's.title',
        's.body',
        's.video_url as videoUrl',
        's.code_url as codeUrl',
        's.state',
        's.reason',
        's.submitted_at as submittedAt',
        's.reviewed_at as reviewedAt',
        's.reward_code as rewardCode',
        'c.id as challengeId',
        'c.title as challenge',
        'u.name as author',
        'u.mobile',
      ])
      .orderBy('s.submitted_at', 'desc')
      .orderBy('s.id', 'desc')
      .limit(opts.size)
      .offset((opts.page - 1) * opts.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, count: Number(total.n) };
}

/**
 * 通过: the one approval that moves the write-up from 待审核 wins and gives the reward; any
 * other (parallel or later) is refused with 该作品已审核 and writes nothing.
 */
export async function approveSubmission(
  deps: Deps,
  staffId: number,
  id: number,
): Promise<{ id: number; code: string | null; badge: string }> {
  const now = deps.clock.now();
  return commitChange(deps, async (trx) => {
    const won = await trx
      .updateTable('challenge_submissions')
      .set({ state: 'accepted', reason: '', reviewed_at: iso(now), reviewed_by: staffId })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) !== 1) throw await reviewRefusal(trx, id);
    const r = await grantChallengeReward(trx, id, now);
    // The member's public page shows the badge and the work.
    return {
      value: { id, ...r.value },
      tags: [...tagsOf(r.challengeId), memberTags.one(r.userId)],
    };
  });
}

/**
 * The reward of an accepted write-up (inside the caller's transaction): the code, the badge and
 * the notice in 我的消息, once per write-up (the notice's key is claimed first); the demo seed
 * uses it for its accepted write-ups too.
 */
export async function grantChallengeReward(db: Db, id: number, now: Date) {
  const s = await db
    .selectFrom('challenge_submissions as s')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .leftJoin('courses as k', 'k.id', 'c.reward_course_id')
    .select([
      's.user_id',
      's.title as work',
      'c.id as challengeId',
      'c.title as challenge',
      'c.badge_name',
      'c.reward_days',
      'k.id as courseId',
      'k.title as course',
    ])
    .where('s.id', '=', id)
    .executeTakeFirstOrThrow();
  let code: string | null = null;
  if (await claimMessage(db, `challenge-reward:${id}`, s.user_id, 'inbox', now)) {
    if (s.courseId !== null) {
      code = await issueRewardCode(
        db,
        { courseId: s.courseId, days: s.reward_days, batch: `CHALLENGE-${s.challengeId}` },
        now,
      );
      await db
        .updateTable('challenge_submissions')
        .set({ reward_code: code })
        .where('id', '=', id)
        .execute();
    }
    await db
      .insertInto('member_badges')
      .values({
        user_id: s.user_id,
        challenge_id: s.challengeId,
        name: s.badge_name,
        awarded_at: iso(now),
      })
      .onConflict((oc) => oc.columns(['user_id', 'challenge_id']).doNothing())
      .execute();
    const vars = {
      challenge: s.challenge,
      work: s.work,
      badge: s.badge_name,
      code: code ?? '',
      course: s.course ?? '',
      days: String(s.reward_days),
    };
    const text = fmt(code ? MSG.reward.body : MSG.reward.badgeOnly, vars);
    const link = code ? `<p><a href="${urls.redemption()}">${MSG.reward.link}</a></p>` : '';
    await insertPersonalNotice(
      db,
      {
        userId: s.user_id,
        category: MSG.reward.category,
        title: fmt(MSG.reward.title, vars),
        html: `<p>${escapeHtml(text)}</p>${link}`,
      },
      now,
    );
  }
  return { challengeId: s.challengeId, userId: s.user_id, value: { code, badge: s.badge_name } };
}

/** Why a review found nothing to decide: the write-up is unknown, or no longer 待审核. */
async function reviewRefusal(db: Db, id: number): Promise<AppError> {
  const row = await db
    .selectFrom('challenge_submissions')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? AppError.badRequest(MSG.reviewed) : AppError.notFound(MSG.submissionMissing);
}

/** 不通过 with a reason the member sees; only a write-up that is 待审核. */
export async function refuseSubmission(
  deps: Deps,
  staffId: number,
  id: number,
  reason: string,
): Promise<{ id: number }> {
  const r = await deps.db
    .updateTable('challenge_submissions')
    .set({ state: 'refused', reason, reviewed_at: iso(deps.clock.now()), reviewed_by: staffId })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) throw await reviewRefusal(deps.db, id);
  return { id };
}
