/**
 * Small helpers the accounts services share (hashing, phone keys). The tables themselves are typed in db/schema.ts.
 */
import { createHash } from 'node:crypto';

/** Hex SHA-256, the stored form of every one-time secret. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A phone as one string key: '86:13800138001'. */
export function phoneKey(phone: { areaNum: string; mobile: string }): string {
  return `${phone.areaNum}:${phone.mobile}`;
}
