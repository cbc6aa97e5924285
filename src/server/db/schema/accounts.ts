/**
 * Accounts: members' phone identities, sessions, login and recovery (services/accounts).
 */
import type { Generated } from 'kysely';
import type { Id, Flag, Time } from './columns.ts';
import type { Role } from '../../../shared/roles.ts';

export interface UsersTable {
  id: Id;
  mobile: string;
  area_num: string;
  password_hash: string | null;
  name: string;
  login_name: string | null;
  photo: string | null;
  email: string | null;
  job_role: string | null;
  /** JSON array of product-type options. */
  product_interests: string;
  role: Role;
  invite_code: string;
  invited_by: number | null;
  failed_logins: Generated<number>;
  locked_until: Time | null;
  created_at: Time;
  updated_at: Time;
  /** Migration 0027: 1 = disabled by staff (no login; sessions ended). */
  disabled: Generated<number>;
  /** Migration 0027: may not comment before this time. */
  banned_until: Time | null;
  /** Migration 0035: IP 属地 of the latest login or post, shown on the profile. */
  ip_region: string | null;
}

export interface SessionsTable {
  id: Id;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  user_id: number;
  created_at: Time;
  expires_at: Time;
  ip: string | null;
  user_agent: string | null;
}

export interface WxIdentitiesTable {
  id: Id;
  openid: string;
  unionid: string | null;
  user_id: number | null;
  nickname: string | null;
  avatar: string | null;
  created_at: Time;
}

export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: Time;
  used: Flag;
}

export interface SmsCodesTable {
  id: Id;
  mobile: string;
  area_num: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  used: Flag;
  created_at: Time;
  expires_at: Time;
  ip: string | null;
}

export interface InvitesTable {
  id: Id;
  inviter_id: number;
  invitee_id: number;
  code: string;
  created_at: Time;
}

/** Migration 0003: the development SMS outbox (demo mode reads codes back from it). */
export interface SmsOutboxTable {
  id: Generated<number>;
  area_num: string;
  mobile: string;
  purpose: string;
  code: string;
  body: string;
  created_at: string;
}

/** Migration 0003: single-use WeChat OAuth states. */
export interface WxStatesTable {
  id: string;
  redirect: string;
  host: string;
  used: number;
  created_at: string;
  expires_at: string;
}

/** Migration 0003: short-lived single-use tokens of the accounts flows (reset, WeChat binding). */
export interface AccountTokensTable {
  id: Generated<number>;
  token_hash: string;
  purpose: string;
  user_id: number | null;
  subject: string | null;
  used: number;
  created_at: string;
  expires_at: string;
}

/** Migration 0003: member image uploads (re-encoded WebP). */
export interface UploadsTable {
  id: Generated<number>;
  name: string;
  user_id: number;
  bytes: number;
  width: number;
  height: number;
  created_at: string;
}
