/**
 * Results from the external exam service (issue 15). When a member submits,
 * the service POSTs a signed callback to /api/examstar/callback:
 *
 *   uid, rtype (course | live), rid, attempt (its own attempt id), score,
 *   total, passed (1 | 0), ts (seconds), nonce, sign
 *
 * where `sign` is the hex HMAC-SHA256, under the shared EXAM_SECRET, of the
 * other fields sorted by name and joined as k=v&k=v (values URI-encoded):
 * the same scheme as the links we sign for it (exam.ts). A callback is
 * accepted only with a valid signature, a ts within five minutes, a known
 * member and an exam that is enabled; a forged, stale or tampered one
 * changes nothing. Each attempt is stored once (unique attempt id), so a
 * retried or duplicated callback is acknowledged without a second row; a
 * course's best score is kept in completions (我的完成).
 */
import { sql } from 'kysely';
import { timingSafeEqual } from 'node:crypto';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { examConfig, signParams, type ExamResource } from './exam.ts';
import { LEARNING_MSG } from './messages.ts';

/** The callback's fields, as received (strings). */
export type ExamCallback = Record<string, string>;

const FIELDS = [
  'uid',
  'rtype',
  'rid',
  'attempt',
  'score',
  'total',
  'passed',
  'ts',
  'nonce',
] as const;

export interface ExamResultView {
  targetType: ExamResource;
  targetId: number;
  title: string;
  score: number;
  total: number;
  passed: boolean;
  submittedAt: string;
}

function checkSign(params: Record<string, string>, sign: string, secret: string): boolean {
  const expected = signParams(params, secret);
  return /^[0-9a-f]{64}$/.test(sign) && timingSafeEqual(Buffer.from(expected), Buffer.from(sign));
}

/** Verifies and stores one callback; `duplicate` when the attempt was stored before. */
export async function receiveExamResult(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: ExamCallback,
): Promise<{ duplicate: boolean }> {
  const cfg = examConfig(deps.config);
  if (!cfg) throw new AppError(503, LEARNING_MSG.examUnavailable);
  const params: Record<string, string> = {};
  for (const f of FIELDS) {
    const v = input[f];
    if (typeof v !== 'string' || v === '' || v.length > 64)
      throw AppError.badRequest(LEARNING_MSG.exam.badCallback);
    params[f] = v;
  }
  const sign = typeof input.sign === 'string' ? input.sign : '';
  // The signature first: nothing about a forged callback is looked at further.
  if (!checkSign(params, sign, cfg.secret)) throw new AppError(401, LEARNING_MSG.exam.badSign);
  const age = Math.floor(deps.clock.now().getTime() / 1000) - Number(params.ts);
  if (!Number.isFinite(age) || Math.abs(age) > 300)
    throw new AppError(401, LEARNING_MSG.exam.stale);
  const uid = Number(params.uid);
  const rid = Number(params.rid);
  const score = Number(params.score);
  const total = Number(params.total);
  if (
    (params.rtype !== 'course' && params.rtype !== 'live') ||
    !Number.isInteger(uid) ||
    !Number.isInteger(rid) ||
    !Number.isInteger(score) ||
    !Number.isInteger(total) ||
    total <= 0 ||
    score < 0 ||
    score > total ||
    (params.passed !== '0' && params.passed !== '1') ||
    !/^[A-Za-z0-9_-]{6,64}$/.test(params.attempt!)
  )
    throw AppError.badRequest(LEARNING_MSG.exam.badCallback);
  const type = params.rtype as ExamResource;
  const [user, target] = await Promise.all([
    deps.db.selectFrom('users').select('id').where('id', '=', uid).executeTakeFirst(),
    type === 'course'
      ? deps.db
          .selectFrom('courses')
          .select('exam_enabled')
          .where('id', '=', rid)
          .executeTakeFirst()
      : deps.db
          .selectFrom('live_broadcasts')
          .select('exam_enabled')
          .where('id', '=', rid)
          .executeTakeFirst(),
  ]);
  if (!user || target?.exam_enabled !== 1) throw AppError.notFound(LEARNING_MSG.exam.unknown);

  const now = iso(deps.clock.now());
  const submittedAt = iso(new Date(Number(params.ts) * 1000));
  return deps.db.transaction().execute(async (tx) => {
    const row = await tx
      .insertInto('exam_results')
      .values({
        user_id: uid,
        target_type: type,
        target_id: rid,
        attempt_id: params.attempt!,
        score,
        total,
        passed: params.passed === '1' ? 1 : 0,
        submitted_at: submittedAt,
        received_at: now,
      })
      .onConflict((oc) => oc.column('attempt_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return { duplicate: true };
    // A course keeps the member's best score in 我的完成 (scaled to 100).
    if (type === 'course') {
      const pct = Math.round((score / total) * 100);
      await tx
        .insertInto('completions')
        .values({ user_id: uid, course_id: rid, kind: 'exam', score: pct, completed_at: now })
        .onConflict((oc) =>
          oc.columns(['user_id', 'course_id', 'kind']).doUpdateSet({
            score: sql<number>`case when completions.score is null or excluded.score > completions.score then excluded.score else completions.score end`,
            completed_at: sql<string>`case when completions.score is null or excluded.score > completions.score then excluded.completed_at else completions.completed_at end`,
          }),
        )
        .execute();
    }
    return { duplicate: false };
  });
}

/** The member's exam results, newest first, optionally for one course or broadcast. */
export async function listExamResults(
  deps: Pick<Deps, 'db'>,
  userId: number,
  target?: { type: ExamResource; id: number },
): Promise<ExamResultView[]> {
  const rows = await deps.db
    .selectFrom('exam_results as e')
    .leftJoin('courses as c', (j) =>
      j.onRef('c.id', '=', 'e.target_id').on('e.target_type', '=', 'course'),
    )
    .leftJoin('live_broadcasts as l', (j) =>
      j.onRef('l.id', '=', 'e.target_id').on('e.target_type', '=', 'live'),
    )
    .select([
      'e.target_type',
      'e.target_id',
      'e.score',
      'e.total',
      'e.passed',
      'e.submitted_at',
      'c.title as courseTitle',
      'l.title as liveTitle',
    ])
    .where('e.user_id', '=', userId)
    .$if(target !== undefined, (q) =>
      q.where('e.target_type', '=', target!.type).where('e.target_id', '=', target!.id),
    )
    .orderBy('e.submitted_at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(100)
    .execute();
  return rows.map((r) => ({
    targetType: r.target_type,
    targetId: r.target_id,
    title: r.courseTitle ?? r.liveTitle ?? '',
    score: r.score,
    total: r.total,
    passed: r.passed === 1,
    submittedAt: r.submitted_at,
  }));
}
