/**
 * The tables of migration 0003 as Kysely sees them, and small helpers the
 * accounts services share (hashing, unique-violation detection).
 */
import { createHash } from 'node:crypto';
import type { Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

export type AccountTables = {
  sms_outbox: {
    id: Generated<number>;
    area_num: string;
    mobile: string;
    purpose: string;
    code: string;
    body: string;
    created_at: string;
  };
  wx_states: {
    id: string;
    redirect: string;
    host: string;
    used: number;
    created_at: string;
    expires_at: string;
  };
  account_tokens: {
    id: Generated<number>;
    token_hash: string;
    purpose: string;
    user_id: number | null;
    subject: string | null;
    used: number;
    created_at: string;
    expires_at: string;
  };
  uploads: {
    id: Generated<number>;
    name: string;
    user_id: number;
    bytes: number;
    width: number;
    height: number;
    created_at: string;
  };
};

export type AccountsDb = Kysely<DB & AccountTables>;

/** The database with the accounts tables known to the query builder. */
export function accountsDb(db: Database): AccountsDb {
  return db.withTables<AccountTables>();
}

/** Hex SHA-256, the stored form of every one-time secret. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Whether an insert failed on a unique constraint (SQLite or PostgreSQL). */
export function isUniqueViolation(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown };
  return (
    e.code === '23505' ||
    (typeof e.message === 'string' && e.message.includes('UNIQUE constraint failed'))
  );
}

/** A phone as one string key: '86:13800138001'. */
export function phoneKey(phone: { areaNum: string; mobile: string }): string {
  return `${phone.areaNum}:${phone.mobile}`;
}

/** 138****8001: enough to follow a log line, not enough to identify the member. */
export function maskMobile(mobile: string): string {
  return mobile.length > 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}
