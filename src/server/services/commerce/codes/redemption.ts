/**
 * Redemption codes (issue 11): 16 characters of Crockford base32 (80 bits of
 * randomness), shown in groups of four; typed in any case, with or without
 * spaces and dashes, with I/L read as 1 and O as 0. A code is used by one
 * conditional write (only one of any number of parallel attempts wins); the
 * win creates a zero-amount order and its entitlement in the same
 * transaction, so every grant has the same trail as a purchase. Attempts
 * are limited per member and per address.
 */
import { randomBytes } from 'node:crypto';
import { ORDER_STATUS } from '../../../../shared/commerce.ts';
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { consumeLimits } from '../../lib/index.ts';
import { grantEntitlement, hasEntitlement } from '../entitlements.ts';
import { logOrderEvent, newOrderNo } from '../orders.ts';
import { COMMERCE_MSG } from '../messages.ts';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 16;

/** A new code: 16 random characters of the alphabet (80 bits; rejection sampling keeps it uniform). */
export function newRedemptionCode(): string {
  let out = '';
  while (out.length < CODE_LENGTH) {
    for (const b of randomBytes(CODE_LENGTH)) {
      // 256 = 8 × 32: every byte maps uniformly onto the 32 characters.
      out += ALPHABET[b % 32];
      if (out.length === CODE_LENGTH) break;
    }
  }
  return out;
}

/** groupCode('ABCDEFGHJKMNPQRS') → 'ABCD-EFGH-JKMN-PQRS' */
export function groupCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/** normalizeCode(' abcd-efgh ijkl-mnop ') → 'ABCDEFGH1JK1MN0P' (Crockford's reading of I, L, O) */
export function normalizeCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '').replace(/[IL]/g, '1').replace(/O/g, '0');
}

/** An admin makes a batch of codes for a course; answers them grouped for reading. */
export async function createCodeBatch(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { courseId: number; count: number; validDays: number | null; batch?: string },
) {
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > 1000)
    throw AppError.badRequest(COMMERCE_MSG.redeem.count);
  const course = await deps.db
    .selectFrom('courses')
    .select('id')
    .where('id', '=', input.courseId)
    .executeTakeFirst();
  if (!course) throw AppError.notFound(COMMERCE_MSG.courseMissing);
  const now = deps.clock.now();
  const batch =
    input.batch ??
    `B${iso(now).slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex')}`;
  const codes = Array.from({ length: input.count }, newRedemptionCode);
  await deps.db
    .insertInto('redemption_codes')
    .values(
      codes.map((code) => ({
        code,
        course_id: course.id,
        used_by: null,
        used_at: null,
        expires_at: input.validDays
          ? iso(new Date(now.getTime() + input.validDays * 86_400_000))
          : null,
        created_at: iso(now),
        batch,
      })),
    )
    .execute();
  return { batch, codes: codes.map(groupCode) };
}

/** A member redeems a code: the course opens, through a zero-amount order. */
export async function redeemCode(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  input: { code: string; ip: string },
): Promise<{ courseId: number; orderNo: string; used: UsedCode }> {
  const code = normalizeCode(input.code);
  if (!code) throw AppError.badRequest(COMMERCE_MSG.redeem.empty);
  await consumeLimits(deps, [
    {
      bucket: `redeem:user:${userId}`,
      windowMs: 3_600_000,
      max: 10,
      message: () => COMMERCE_MSG.redeem.tooMany,
    },
    {
      bucket: `redeem:ip:${input.ip}`,
      windowMs: 3_600_000,
      max: 30,
      message: () => COMMERCE_MSG.redeem.tooMany,
    },
  ]);
  const row = await deps.db
    .selectFrom('redemption_codes as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .select([
      'r.id',
      'r.course_id',
      'r.used_by',
      'r.expires_at',
      'r.voided_at',
      'c.title',
      'c.access_days',
    ])
    .where('r.code', '=', code)
    .executeTakeFirst();
  const now = deps.clock.now();
  if (!row) throw AppError.badRequest(COMMERCE_MSG.redeem.unknown);
  if (row.voided_at) throw AppError.badRequest(COMMERCE_MSG.redeem.voided);
  if (row.used_by !== null) throw AppError.badRequest(COMMERCE_MSG.redeem.used);
  if (row.expires_at && row.expires_at <= iso(now))
    throw AppError.badRequest(COMMERCE_MSG.redeem.expired);
  if (await hasEntitlement(deps, userId, row.course_id))
    throw AppError.badRequest(COMMERCE_MSG.redeem.owned);
  const won = await deps.db.transaction().execute(async (trx) => {
    // The decision: the one write that finds the code unused takes it.
    const taken = await trx
      .updateTable('redemption_codes')
      .set({ used_by: userId, used_at: iso(now) })
      .where('id', '=', row.id)
      .where('used_by', 'is', null)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return null;
    const order = await trx
      .insertInto('orders')
      .values({
        order_no: newOrderNo(now),
        user_id: userId,
        course_id: row.course_id,
        title: row.title,
        amount_cents: 0,
        status: ORDER_STATUS.paid,
        source: 'redemption',
        created_at: iso(now),
        paid_at: iso(now),
      })
      .returning(['id', 'order_no', 'user_id', 'course_id'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('redemption_codes')
      .set({ order_id: order.id })
      .where('id', '=', row.id)
      .execute();
    await grantEntitlement(trx, { ...order, course_id: row.course_id }, row.access_days, now);
    await logOrderEvent(trx, order.id, 'redeemed', `member:${userId}`, now, {
      code: groupCode(code),
    });
    const used: UsedCode = {
      code: groupCode(code),
      courseId: row.course_id,
      title: row.title,
      usedAt: iso(now),
    };
    return { courseId: row.course_id, orderNo: order.order_no, used };
  });
  if (!won) throw AppError.badRequest(COMMERCE_MSG.redeem.used);
  return won;
}

/** An admin voids the unused codes of a batch (or one code); answers how many. */
export async function voidCodes(
  deps: Pick<Deps, 'db' | 'clock'>,
  input: { batch?: string; code?: string },
): Promise<number> {
  let q = deps.db
    .updateTable('redemption_codes')
    .set({ voided_at: iso(deps.clock.now()) })
    .where('used_by', 'is', null)
    .where('voided_at', 'is', null);
  if (input.code) q = q.where('code', '=', normalizeCode(input.code));
  else if (input.batch) q = q.where('batch', '=', input.batch);
  else return 0;
  return Number((await q.executeTakeFirst()).numUpdatedRows);
}

/** The codes a member used, newest first, grouped for reading. */
/** A code the member used, as 已使用的兑换码 lists it. */
export interface UsedCode {
  code: string;
  courseId: number;
  title: string;
  usedAt: string | null;
}

export async function listRedemptions(deps: Pick<Deps, 'db'>, userId: number): Promise<UsedCode[]> {
  const rows = await deps.db
    .selectFrom('redemption_codes as r')
    .innerJoin('courses as c', 'c.id', 'r.course_id')
    .select(['r.code', 'c.id as courseId', 'c.title', 'r.used_at as usedAt'])
    .where('r.used_by', '=', userId)
    .orderBy('r.used_at', 'desc')
    .execute();
  return rows.map((r) => ({ ...r, code: groupCode(r.code) }));
}
