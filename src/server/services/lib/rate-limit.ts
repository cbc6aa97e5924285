/**
 * Sliding-window limits kept in the database (`rate_limit_hits`), so they
 * hold across restarts and across app instances sharing one database.
 * A bucket is a string such as 'sms:phone:86:13800138001'; one row per hit.
 * A decision (check, then record) is atomic: it runs in one transaction that
 * holds each bucket's lock (PostgreSQL advisory locks; on SQLite the one
 * connection's transaction), so parallel requests cannot all pass the check.
 */
import { sql } from 'kysely';
import { isPostgres } from '../../db/database.ts';
import { AppError, CODE } from '../../errors.ts';
import { LimiterUnavailable } from './redis-limits.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';

type LimitDeps = Pick<Deps, 'db' | 'clock'>;
/** With a shared limiter (REDIS_URL) the decision is made there; the logger notes fallbacks. */
type ConsumeDeps = LimitDeps & Partial<Pick<Deps, 'limiter' | 'logger'>>;

/** The longest window any caller uses; older hits are deleted as buckets are touched. */
const KEEP_MS = 24 * 60 * 60 * 1000;

/** At most `max` hits in `windowMs`; `message` gets the seconds until the next allowed hit. */
export interface LimitRule {
  bucket: string;
  windowMs: number;
  max: number;
  message(retryAfterSeconds: number): string;
}

/**
 * Seconds until the bucket allows another hit, or 0 when it allows one now:
 * with `max` hits in the window, the next is allowed when the oldest of the
 * newest `max` hits leaves it.
 */
export async function retryAfter(
  deps: LimitDeps,
  rule: Omit<LimitRule, 'message'>,
): Promise<number> {
  const now = deps.clock.now().getTime();
  const rows = await deps.db
    .selectFrom('rate_limit_hits')
    .select('created_at')
    .where('bucket', '=', rule.bucket)
    .where('created_at', '>', iso(new Date(now - rule.windowMs)))
    .orderBy('created_at', 'desc')
    .limit(rule.max)
    .execute();
  const edge = rows[rule.max - 1];
  if (rows.length < rule.max || !edge) return 0;
  return Math.max(1, Math.ceil((Date.parse(edge.created_at) + rule.windowMs - now) / 1000));
}

/** Hits in the bucket within the window. */
export async function countHits(
  deps: LimitDeps,
  bucket: string,
  windowMs: number,
): Promise<number> {
  const row = await deps.db
    .selectFrom('rate_limit_hits')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bucket', '=', bucket)
    .where('created_at', '>', iso(new Date(deps.clock.now().getTime() - windowMs)))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Records one hit in each bucket, dropping the buckets' hits older than a day. */
export async function recordHits(deps: LimitDeps, buckets: string[]): Promise<void> {
  if (buckets.length === 0) return;
  const now = deps.clock.now();
  await deps.db
    .deleteFrom('rate_limit_hits')
    .where('bucket', 'in', buckets)
    .where('created_at', '<', iso(new Date(now.getTime() - KEEP_MS)))
    .execute();
  await deps.db
    .insertInto('rate_limit_hits')
    .values(buckets.map((bucket) => ({ bucket, created_at: iso(now) })))
    .execute();
}

/**
 * Deletes every hit older than the longest window. recordHits trims the
 * buckets it touches; this catches buckets never touched again (addresses
 * seen once). Meant for a periodic job.
 */
export async function purgeOldHits(deps: LimitDeps): Promise<void> {
  const cutoff = iso(new Date(deps.clock.now().getTime() - KEEP_MS));
  await deps.db.deleteFrom('rate_limit_hits').where('created_at', '<', cutoff).execute();
}

/** Forgets a bucket's hits (a successful login clears its failures). */
export async function clearHits(deps: LimitDeps, bucket: string): Promise<void> {
  await deps.db.deleteFrom('rate_limit_hits').where('bucket', '=', bucket).execute();
}

/** Forgets every bucket starting with `prefix` (a phone's failures from every source). */
export async function clearHitsWithPrefix(deps: LimitDeps, prefix: string): Promise<void> {
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  await deps.db
    .deleteFrom('rate_limit_hits')
    .where(sql<boolean>`bucket LIKE ${`${escaped}%`} ESCAPE '\\'`)
    .execute();
}

/** Forgets the newest hit of a bucket (a try reserved up front that turned out not to count). */
export async function forgetLastHit(deps: LimitDeps, bucket: string): Promise<void> {
  const newest = deps.db
    .selectFrom('rate_limit_hits')
    .select('id')
    .where('bucket', '=', bucket)
    .orderBy('id', 'desc')
    .limit(1);
  await deps.db.deleteFrom('rate_limit_hits').where('id', '=', newest).execute();
}

/**
 * Checks every rule in order and throws code 429 with the first exceeded
 * rule's message; when all pass, records one hit in every rule's bucket.
 *
 * With a shared limiter (Redis, several instances) it decides. When Redis is
 * unreachable, the database decides instead, unless `failClosed` gives the
 * message to refuse with: a limit guarding money or abuse (SMS) is not
 * decided without its authority's full history.
 */
export async function consumeLimits(
  deps: ConsumeDeps,
  rules: LimitRule[],
  opts: { failClosed?: string } = {},
): Promise<void> {
  if (deps.limiter) {
    try {
      await deps.limiter.consume(rules);
      return;
    } catch (err) {
      if (!(err instanceof LimiterUnavailable)) throw err;
      deps.logger?.warn('shared rate limiter unavailable', {
        buckets: rules.map((r) => r.bucket.split(':')[0]).join(','),
        fallback: opts.failClosed ? 'refused' : 'database',
      });
      if (opts.failClosed) throw new AppError(CODE.unavailable, opts.failClosed);
    }
  }
  await consumeLimitsInDatabase(deps, rules);
}

/**
 * The database limiter: check and record happen under the buckets' locks in
 * one transaction, so of N parallel requests exactly as many pass as the
 * rules allow. Used directly by limits that live beside other SQL state
 * (password-login failures, cleared on success together with their rows).
 */
export async function consumeLimitsInDatabase(deps: LimitDeps, rules: LimitRule[]): Promise<void> {
  // Several rules may share a bucket (60 s, hour and day of one phone): one hit each.
  const buckets = [...new Set(rules.map((r) => r.bucket))].sort();
  await deps.db.transaction().execute(async (trx) => {
    // Sorted lock order: two decisions over overlapping buckets cannot deadlock.
    if (isPostgres(trx))
      for (const bucket of buckets)
        await sql`SELECT pg_advisory_xact_lock(hashtextextended(${bucket}, 0))`.execute(trx);
    const inTrx = { db: trx, clock: deps.clock };
    for (const rule of rules) {
      const wait = await retryAfter(inTrx, rule);
      if (wait > 0) throw AppError.tooMany(rule.message(wait));
    }
    await recordHits(inTrx, buckets);
  });
}
