/**
 * WeChat QR login (网站应用微信登录; spec 7: "WeChat login redirects to the
 * provider with a host parameter", /api/user/wx/bind/check). The state sent
 * to the provider is random, stored as SHA-256, single use, 10 minutes. A
 * WeChat identity bound to a member logs in; an unbound one gets a bind
 * token, traded with an SMS code for the phone's account.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import type { WxProfile } from '../../providers/wechat/index.ts';
import { consumeAccountToken, issueAccountToken, peekAccountToken } from './tokens.ts';
import { sha256 } from './shared.ts';
import { findOrCreateUser, type SessionMeta } from './code-login.ts';
import { createSession } from './sessions.ts';
import { consumeSmsCode } from './sms-codes.ts';
import { ACCOUNTS_MSG } from './messages.ts';

export const WX_STATE_TTL_MS = 10 * 60 * 1000;
export const WX_BIND_TTL_MS = 15 * 60 * 1000;
/** The on-site page the provider returns to (spec 2: /wxredirect). */
export const WX_RETURN_PATH = '/wxredirect';

type WxDeps = Pick<Deps, 'db' | 'clock' | 'logger' | 'config' | 'providers'>;

/** An on-site path to return to after login: '/live?x=1' stays, 'https://evil' or '//evil' becomes '/'. */
export function safeRedirect(value: unknown): string {
  if (typeof value !== 'string' || value.length > 500) return '/';
  return /^\/(?![/\\])[^\s\\]*$/.test(value) ? value : '/';
}

/**
 * Starts a WeChat login: stores a fresh state and answers the provider URL.
 * `host` is the origin the visitor started on (a partner zone or the main
 * site); it travels in the redirect_uri so /wxredirect can send them back.
 */
export async function startWxLogin(
  deps: WxDeps,
  opts: { redirect: string; host: string },
): Promise<string> {
  const state = randomBytes(24).toString('base64url');
  const now = deps.clock.now();
  const db = deps.db;
  await db
    .deleteFrom('wx_states')
    .where('expires_at', '<', iso(new Date(now.getTime() - 86_400_000)))
    .execute();
  await db
    .insertInto('wx_states')
    .values({
      id: sha256(state),
      redirect: opts.redirect,
      host: opts.host,
      used: 0,
      created_at: iso(now),
      expires_at: iso(new Date(now.getTime() + WX_STATE_TTL_MS)),
    })
    .execute();
  const redirectUri = `${deps.config.siteUrl}${WX_RETURN_PATH}?host=${encodeURIComponent(opts.host)}`;
  return deps.providers.wechat.authorizeUrl({ state, redirectUri });
}

/** Uses a state up; null when unknown, used, expired or lost a race. */
async function consumeState(
  deps: WxDeps,
  state: string,
): Promise<{ redirect: string; host: string } | null> {
  const db = deps.db;
  const id = sha256(state);
  const res = await db
    .updateTable('wx_states')
    .set({ used: 1 })
    .where('id', '=', id)
    .where('used', '=', 0)
    .where('expires_at', '>', iso(deps.clock.now()))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  return (
    (await db
      .selectFrom('wx_states')
      .select(['redirect', 'host'])
      .where('id', '=', id)
      .executeTakeFirst()) ?? null
  );
}

/** Stores or refreshes the WeChat identity; returns its id and bound member. */
async function upsertIdentity(
  deps: WxDeps,
  p: WxProfile,
): Promise<{ id: number; userId: number | null }> {
  const found = await deps.db
    .selectFrom('wx_identities')
    .select(['id', 'user_id'])
    .where('openid', '=', p.openid)
    .executeTakeFirst();
  if (found) {
    await deps.db
      .updateTable('wx_identities')
      .set({ nickname: p.nickname, avatar: p.avatar, unionid: p.unionid })
      .where('id', '=', found.id)
      .execute();
    return { id: found.id, userId: found.user_id };
  }
  const row = await deps.db
    .insertInto('wx_identities')
    .values({
      openid: p.openid,
      unionid: p.unionid,
      user_id: null,
      nickname: p.nickname,
      avatar: p.avatar,
      created_at: iso(deps.clock.now()),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, userId: null };
}

export type WxCallbackResult =
  | { bound: true; token: string; expiresAt: Date; redirect: string; host: string }
  | {
      bound: false;
      bindToken: string;
      nickname: string | null;
      avatar: string | null;
      redirect: string;
      host: string;
    };

/** The provider came back with code + state: log in a bound identity, or hand out a bind token. */
export async function completeWxLogin(
  deps: WxDeps,
  input: { code: string; state: string },
  meta: SessionMeta,
): Promise<WxCallbackResult> {
  const st = await consumeState(deps, input.state);
  if (!st) throw AppError.badRequest(ACCOUNTS_MSG.wxStateInvalid);
  const wechat = deps.providers.wechat;
  let profile: WxProfile;
  try {
    profile = await wechat.exchange(input.code);
  } catch (err) {
    deps.logger.warn('WeChat code exchange failed', {
      provider: wechat.name,
      errcode: (err as { errcode?: unknown }).errcode ?? 'unexpected',
    });
    throw AppError.badRequest(ACCOUNTS_MSG.wxAuthFailed);
  }
  const identity = await upsertIdentity(deps, profile);
  if (identity.userId !== null) {
    const session = await createSession(deps, identity.userId, meta);
    return { bound: true, ...session, redirect: st.redirect, host: st.host };
  }
  const bindToken = await issueAccountToken(deps, {
    purpose: 'wx-bind',
    subject: String(identity.id),
    ttlMs: WX_BIND_TTL_MS,
  });
  return {
    bound: false,
    bindToken,
    nickname: profile.nickname,
    avatar: profile.avatar,
    redirect: st.redirect,
    host: st.host,
  };
}

/**
 * Binds an unbound WeChat identity to a phone's account (registering the
 * phone if new) once the SMS code (type 1) proves the phone, and logs in.
 */
export async function bindWxIdentity(
  deps: WxDeps,
  input: { bindToken: string; areaNum: string; mobile: string; code: string },
  meta: SessionMeta,
): Promise<{ token: string; expiresAt: Date; registered: boolean }> {
  // Checked before the code is spent, used up only after it proved the phone.
  if (!(await peekAccountToken(deps, 'wx-bind', input.bindToken)))
    throw AppError.badRequest(ACCOUNTS_MSG.wxBindInvalid);
  const phone = { areaNum: input.areaNum, mobile: input.mobile };
  await consumeSmsCode(deps, phone, 'login', input.code);
  const token = await consumeAccountToken(deps, 'wx-bind', input.bindToken);
  if (!token?.subject) throw AppError.badRequest(ACCOUNTS_MSG.wxBindInvalid);
  const identityId = Number(token.subject);
  const user = await findOrCreateUser(deps, phone);
  const other = await deps.db
    .selectFrom('wx_identities')
    .select('id')
    .where('user_id', '=', user.id)
    .where('id', '!=', identityId)
    .executeTakeFirst();
  if (other) throw AppError.badRequest(ACCOUNTS_MSG.wxPhoneTaken);
  const res = await deps.db
    .updateTable('wx_identities')
    .set({ user_id: user.id })
    .where('id', '=', identityId)
    .where((eb) => eb.or([eb('user_id', 'is', null), eb('user_id', '=', user.id)]))
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw AppError.badRequest(ACCOUNTS_MSG.wxBindInvalid);
  const session = await createSession(deps, user.id, meta);
  return { ...session, registered: user.created };
}
