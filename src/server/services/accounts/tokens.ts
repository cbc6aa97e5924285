/**
 * Short-lived, single-use tokens of the accounts flows (password reset,
 * WeChat binding): random 256 bits, handed out once, stored as SHA-256.
 */
import { randomBytes } from 'node:crypto';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { sha256 } from './shared.ts';

export type AccountTokenPurpose = 'reset' | 'wx-bind';

/** Makes a token for a user and/or a subject (e.g. a WeChat identity id). */
export async function issueAccountToken(
  deps: Pick<Deps, 'db' | 'clock'>,
  opts: {
    purpose: AccountTokenPurpose;
    userId?: number | null;
    subject?: string | null;
    ttlMs: number;
  },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const db = deps.db;
  // Expired tokens go as new ones come; a day's grace keeps the delete cheap to repeat.
  await db
    .deleteFrom('account_tokens')
    .where('expires_at', '<', iso(new Date(now.getTime() - 86_400_000)))
    .execute();
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: sha256(token),
      purpose: opts.purpose,
      user_id: opts.userId ?? null,
      subject: opts.subject ?? null,
      used: 0,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + opts.ttlMs)),
    })
    .execute();
  return token;
}

/** A live token's row without using it up, or null. */
export async function peekAccountToken(
  deps: Pick<Deps, 'db' | 'clock'>,
  purpose: AccountTokenPurpose,
  token: string,
) {
  const row = await deps.db
    .selectFrom('account_tokens')
    .select(['id', 'user_id', 'subject'])
    .where('token_hash', '=', sha256(token))
    .where('purpose', '=', purpose)
    .where('used', '=', 0)
    .where('expires_at', '>', iso(deps.clock.now()))
    .executeTakeFirst();
  return row ?? null;
}

/** Uses a token up; returns its row, or null when it is unknown, used, expired or lost a race. */
export async function consumeAccountToken(
  deps: Pick<Deps, 'db' | 'clock'>,
  purpose: AccountTokenPurpose,
  token: string,
) {
  const row = await peekAccountToken(deps, purpose, token);
  if (!row) return null;
  const res = await deps.db
    .updateTable('account_tokens')
    .set({ used: 1 })
    .where('id', '=', row.id)
    .where('used', '=', 0)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1 ? row : null;
}
