/**
 * The audit log (issue 12): every change made through a staff route, with
 * who made it, the route, its input (secrets redacted) and, where the route
 * names its target, the row before and after. Written by the route layer
 * (api/define.ts) after the change succeeds; read by admins.
 */
import { iso } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { sql } from 'kysely';
import {
  containsPattern,
  countRows,
  type Paged,
  type PageInput,
  pageOf,
  pageRows,
} from '../lib/index.ts';

/** Which table a route's target lives in. */
export const AUDIT_TABLES = {
  article: 'articles',
  course: 'courses',
  notice: 'notices',
  lesson: 'lessons',
  live: 'live_broadcasts',
  comment: 'comments',
  ad: 'roll_images',
  column: 'classifies',
  bigcolumn: 'big_classifies',
  resource: 'resources',
  order: 'orders',
  tool: 'learning_tools',
  company: 'companies',
  label: 'labels',
  shortvideo: 'short_videos',
  noticecategory: 'notice_categories',
  check: 'lesson_checks',
  certificate: 'certificates',
  path: 'learning_paths',
  challenge: 'challenges',
  submission: 'challenge_submissions',
  coupon: 'coupons',
  offer: 'course_offers',
  /** A VIP card (会员套餐); 会员权益 writes are logged with their input, no row id. */
  vip: 'vip_plans',
  /** A course's group offer (拼团活动). */
  group: 'group_offers',
} as const satisfies Record<string, keyof DB>;
export type AuditTarget = keyof typeof AUDIT_TABLES;

const SECRET = /password|secret|token|captcha|code$/i;

/** The input as stored: secrets replaced, long texts kept whole (they are what changed). */
export function redact(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  return Object.fromEntries(
    Object.entries(input as Record<string, unknown>).map(([k, v]) => [
      k,
      SECRET.test(k) ? '***' : v,
    ]),
  );
}

/** Longest text of one input field the log keeps; the changed row itself is kept whole (after). */
export const AUDIT_TEXT_MAX = 2000;
const AUDIT_LIST_MAX = 100;

/**
 * An input as the log keeps it: long texts cut with their length noted, long lists cut, deep
 * nesting flattened. A refused write's input is whatever was sent (a 1 MB field, a deep JSON):
 * it must not make one log row megabytes, nor the log slow to read.
 * clipForAudit({ title: 'x'.repeat(5000) }) → { title: 'xx…x…（共 5000 字，已截断）' }
 */
export function clipForAudit(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > AUDIT_TEXT_MAX
      ? `${value.slice(0, AUDIT_TEXT_MAX)}…（共 ${value.length} 字，已截断）`
      : value;
  if (!value || typeof value !== 'object') return value;
  if (depth >= 4) return '…（层级过深，已省略）';
  if (Array.isArray(value))
    return value.slice(0, AUDIT_LIST_MAX).map((v) => clipForAudit(v, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .slice(0, AUDIT_LIST_MAX)
      .map(([k, v]) => [k.slice(0, 100), clipForAudit(v, depth + 1)]),
  );
}

/** A row of a target table, as the audit log keeps it (or null when there is none). */
export async function auditRow(
  deps: Pick<Deps, 'db'>,
  target: AuditTarget,
  id: number | undefined,
): Promise<Record<string, unknown> | null> {
  if (id === undefined || !Number.isInteger(id)) return null;
  const row = await deps.db
    .selectFrom(AUDIT_TABLES[target])
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return (row as Record<string, unknown> | undefined) ?? null;
}

export async function recordAudit(
  deps: Pick<Deps, 'db' | 'clock'>,
  entry: {
    userId: number;
    role: string;
    action: string;
    target?: AuditTarget;
    targetId?: number;
    input: unknown;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    ip: string | null;
    /** The message a refused write was answered with. */
    refusal?: string;
  },
): Promise<void> {
  await deps.db
    .insertInto('admin_audit')
    .values({
      user_id: entry.userId,
      role: entry.role,
      action: entry.action,
      target_type: entry.target ?? null,
      target_id: entry.targetId ?? null,
      detail: JSON.stringify(clipForAudit(redact(entry.input)) ?? {}),
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
      ip: entry.ip?.slice(0, 64) ?? null,
      refusal: entry.refusal?.slice(0, 300) ?? null,
      created_at: iso(deps.clock.now()),
    })
    .execute();
}

export interface AuditView {
  id: number;
  userId: number;
  userName: string;
  role: string;
  action: string;
  targetType: string | null;
  targetId: number | null;
  detail: unknown;
  before: unknown;
  after: unknown;
  ip: string | null;
  /** The message a refused write was answered with; null when it was done. */
  refusal: string | null;
  createdAt: string;
}

/** Newest first, filtered by who, what kind of target, which one, or a part of the route ('ad/'). */
export async function listAudit(
  deps: Pick<Deps, 'db'>,
  opts: PageInput & { userId?: number; targetType?: string; targetId?: number; action?: string },
): Promise<Paged<AuditView>> {
  const base = deps.db
    .selectFrom('admin_audit as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .$if(opts.userId !== undefined, (q) => q.where('a.user_id', '=', opts.userId!))
    .$if(opts.targetType !== undefined, (q) => q.where('a.target_type', '=', opts.targetType!))
    .$if(opts.targetId !== undefined, (q) => q.where('a.target_id', '=', opts.targetId!))
    .$if(!!opts.action, (q) =>
      q.where(sql<boolean>`a.action LIKE ${containsPattern(opts.action!)} ESCAPE '\\'`),
    );
  const [rows, total] = await Promise.all([
    base
      .select([
        'a.id',
        'a.user_id',
        'u.name',
        'a.role',
        'a.action',
        'a.target_type',
        'a.target_id',
        'a.detail',
        'a.before',
        'a.after',
        'a.ip',
        'a.refusal',
        'a.created_at',
      ])
      .orderBy('a.id', 'desc')
      .$call(pageRows(opts))
      .execute(),
    countRows(base),
  ]);
  const parse = (s: string | null) => (s === null ? null : (JSON.parse(s) as unknown));
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      userName: r.name ?? '',
      role: r.role,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      detail: parse(r.detail),
      before: parse(r.before),
      after: parse(r.after),
      ip: r.ip,
      refusal: r.refusal,
      createdAt: r.created_at,
    })),
    total,
    opts,
  );
}
