/**
 * Small helpers the accounts services share (hashing, unique-violation
 * detection, phone keys). The tables themselves are typed in db/schema.ts.
 */
import { createHash } from 'node:crypto';

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
