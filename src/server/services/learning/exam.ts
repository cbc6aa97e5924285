/**
 * The external exam service (spec 7: /api/examstar/info reads data.url).
 * The member is sent to the service with a signed URL: the query carries who
 * (uid), what (resource type and id), when (ts, seconds) and a nonce, and
 * `sign` is the hex HMAC-SHA256, under the shared secret, of the other
 * parameters sorted by name and joined as k=v&k=v (values URI-encoded). The
 * service rejects a bad signature or a ts older than its window.
 *
 * Settings: EXAM_BASE_URL and EXAM_SECRET. In demo mode they default to the
 * local development service (/api/dev/examstar); production refuses to run
 * without both, rather than silently using the development one.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { MSG } from '../../../shared/messages.ts';
import { LEARNING_MSG } from './messages.ts';

export type ExamResource = 'course' | 'live';

export interface ExamConfig {
  baseUrl: string;
  secret: string;
}

/** The development secret, usable only in demo mode. */
export const DEV_EXAM_SECRET = 'xxt-demo-exam-secret';

/** Exam settings from the environment, or null when production lacks them. */
export function examConfig(
  config: Pick<Deps['config'], 'mode' | 'siteUrl'>,
  env: Record<string, string | undefined> = process.env,
): ExamConfig | null {
  const baseUrl = env.EXAM_BASE_URL?.trim();
  const secret = env.EXAM_SECRET?.trim();
  if (baseUrl && secret) return { baseUrl, secret };
  if (config.mode !== 'demo') return null;
  return {
    baseUrl: baseUrl || `${config.siteUrl}/api/dev/examstar`,
    secret: secret || DEV_EXAM_SECRET,
  };
}

/** The canonical string that is signed: canonical({ b: '2', a: '1' }) → 'a=1&b=2' */
export function canonical(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${k}=${encodeURIComponent(params[k]!)}`)
    .join('&');
}

/** Hex HMAC-SHA256 of the canonical string of the parameters. */
export function signParams(params: Record<string, string>, secret: string): string {
  return createHmac('sha256', secret).update(canonical(params)).digest('hex');
}

/** A signed URL to the exam service for one member and resource. */
export function signedExamUrl(
  cfg: ExamConfig,
  p: { userId: number; type: ExamResource; id: number; now: Date; nonce?: string },
): string {
  const params: Record<string, string> = {
    uid: String(p.userId),
    rtype: p.type,
    rid: String(p.id),
    ts: String(Math.floor(p.now.getTime() / 1000)),
    nonce: p.nonce ?? randomBytes(8).toString('hex'),
  };
  const url = new URL(cfg.baseUrl);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  url.searchParams.set('sign', signParams(params, cfg.secret));
  return url.href;
}

/**
 * data.url for a course's or broadcast's after-class practice, or the spec's
 * 该资源未开启课后练习 when practice is off (or the resource does not exist).
 */
export async function examInfo(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  userId: number,
  type: ExamResource,
  id: number,
): Promise<{ url: string }> {
  const row =
    type === 'course'
      ? await deps.db
          .selectFrom('courses')
          .select('exam_enabled')
          .where('id', '=', id)
          .where('published', '=', 1)
          .executeTakeFirst()
      : await deps.db
          .selectFrom('live_broadcasts')
          .select('exam_enabled')
          .where('id', '=', id)
          .executeTakeFirst();
  if (row?.exam_enabled !== 1) throw AppError.badRequest(MSG.examNotEnabled);
  const cfg = examConfig(deps.config);
  if (!cfg) throw new AppError(503, LEARNING_MSG.examUnavailable);
  return { url: signedExamUrl(cfg, { userId, type, id, now: deps.clock.now() }) };
}

/** Checks a signed query as the exam service would (the demo-mode development service uses it). */
export function verifyExamQuery(
  query: Record<string, string>,
  secret: string,
  now: Date,
  windowSeconds = 300,
): boolean {
  const { sign, ...params } = query;
  if (!sign || !params.ts) return false;
  const age = Math.floor(now.getTime() / 1000) - Number(params.ts);
  if (!Number.isFinite(age) || age < -windowSeconds || age > windowSeconds) return false;
  const expected = signParams(params, secret);
  return (
    expected.length === sign.length && timingSafeEqual(Buffer.from(expected), Buffer.from(sign))
  );
}

/** The title an exam is about: the course's or the broadcast's, when its practice is on. */
export async function examSubject(
  deps: Pick<Deps, 'db'>,
  rtype: string | undefined,
  rid: number,
): Promise<string | null> {
  if (!Number.isInteger(rid) || rid <= 0) return null;
  const row =
    rtype === 'course'
      ? await deps.db
          .selectFrom('courses')
          .select(['title', 'exam_enabled'])
          .where('id', '=', rid)
          .executeTakeFirst()
      : rtype === 'live'
        ? await deps.db
            .selectFrom('live_broadcasts')
            .select(['title', 'exam_enabled'])
            .where('id', '=', rid)
            .executeTakeFirst()
        : undefined;
  return row?.exam_enabled === 1 ? row.title : null;
}
