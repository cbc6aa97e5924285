/**
 * Sessions: a random 256-bit token, stored only as its SHA-256, expiring
 * after the spec's 3 days (DESIGN: Identity).
 */
import type { Role } from '../../../shared/roles.ts';
import { createHash, randomBytes } from 'node:crypto';
import { SESSION_TTL_MS } from '../../../shared/constants.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { ACCOUNTS_MSG } from './messages.ts';
import { ipRegion } from '../lib/index.ts';
import type { Database } from '../../db/database.ts';

/** The answer to a login of a disabled account (issue 12, member moderation). */

export interface SessionUser {
  id: number;
  name: string;
  mobile: string;
  role: Role;
  sessionId: number;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session and returns the token (shown once, never stored). */
export async function createSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  userId: number,
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; expiresAt: Date }> {
  // A disabled account gets no session, whichever way it logs in.
  const user = await deps.db
    .selectFrom('users')
    .select('disabled')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (user?.disabled) throw AppError.forbidden(ACCOUNTS_MSG.accountDisabled);
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  await deps.db
    .insertInto('sessions')
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: iso(now),
      expires_at: iso(expiresAt),
      ip: meta.ip ?? null,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  if (meta.ip) await noteMemberRegion(deps.db, userId, ipRegion(meta.ip));
  return { token, expiresAt };
}

/**
 * The member's IP 属地 shown on the profile (issue 26): the region of their latest login or post.
 * Called by the domains where members post, inside the post's transaction when there is one.
 */
export async function noteMemberRegion(
  db: Database,
  userId: number,
  region: string,
): Promise<void> {
  await db.updateTable('users').set({ ip_region: region }).where('id', '=', userId).execute();
}

/** The member a token belongs to, or null when unknown or expired. */
export async function resolveSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string | undefined | null,
): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const row = await deps.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'sessions.expires_at',
      'users.id',
      'users.name',
      'users.mobile',
      'users.role',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .where('users.disabled', '=', 0)
    .executeTakeFirst();
  if (!row || row.expires_at <= iso(deps.clock.now())) return null;
  return {
    id: row.id,
    name: row.name,
    mobile: row.mobile,
    role: row.role,
    sessionId: row.sessionId,
  };
}

/** Ends one session. */
export async function revokeSession(deps: Pick<Deps, 'db'>, token: string): Promise<void> {
  await deps.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
}

/** /safesetting's view of a member: the login phone, whether a password is set, and the live sessions, newest first. */
export async function securityOverview(deps: Pick<Deps, 'db' | 'clock'>, userId: number) {
  const [user, sessions] = await Promise.all([
    deps.db
      .selectFrom('users')
      .select(['mobile', 'area_num', 'password_hash'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'expires_at', 'user_agent'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', deps.clock.now().toISOString())
      .orderBy('created_at', 'desc')
      .execute(),
  ]);
  return {
    mobile: user.mobile,
    areaNum: user.area_num,
    hasPassword: user.password_hash !== null,
    sessions,
  };
}

/**
 * The session token of an Authorization header, if any: `Bearer <token>`, or the token alone
 * (spec 6: "requests carry the stored token in an authorization header").
 * bearerToken('Bearer abc…') → 'abc…'; bearerToken('abc…') → 'abc…'; bearerToken('Basic x') → null
 */
export function bearerToken(header: string | null | undefined): string | null {
  const value = header?.trim() ?? '';
  const m = /^Bearer\s+(\S+)$/i.exec(value);
  if (m) return m[1]!;
  return /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null;
}
