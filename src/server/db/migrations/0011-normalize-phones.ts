/**
 * Issue 13: one phone identity. Accounts registered before the phone was
 * normalised at the edge may hold a number as it was typed (`0…`, `86…`,
 * `0086…`); each is rewritten to its stored form (src/shared/phone.ts)
 * unless another account already holds that form, in which case both stay
 * as they are for an operator to merge.
 */
import type { Kysely } from 'kysely';
import { normalizePhone } from '../../../shared/phone.ts';

/** Rewrites every account phone to its normal form; answers how many changed. */
export async function normalizeStoredPhones(
  // Migrations run before the typed schema exists; any table shape is accepted here.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
): Promise<number> {
  const users = (await db.selectFrom('users').select(['id', 'area_num', 'mobile']).execute()) as {
    id: number;
    area_num: string;
    mobile: string;
  }[];
  const taken = new Set(users.map((u) => `${u.area_num}:${u.mobile}`));
  let changed = 0;
  for (const u of users) {
    const phone = normalizePhone({ areaNum: u.area_num, mobile: u.mobile });
    if (!phone || phone.mobile === u.mobile) continue;
    const key = `${phone.areaNum}:${phone.mobile}`;
    if (taken.has(key)) continue;
    await db.updateTable('users').set({ mobile: phone.mobile }).where('id', '=', u.id).execute();
    taken.delete(`${u.area_num}:${u.mobile}`);
    taken.add(key);
    changed++;
  }
  return changed;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await normalizeStoredPhones(db);
}

export async function down(): Promise<void> {
  // The typed forms are not kept: nothing to restore.
}
