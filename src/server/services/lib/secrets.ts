/**
 * Keys the site makes for itself (table app_secrets): made once, at random, by whichever
 * instance first needs one (a conflicting insert loses and reads the winner's), then kept in
 * memory per database. Every instance of one site therefore signs and checks with the same key
 * without a setting, and no key is ever a development default written in the source.
 */
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { iso } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';

const known = new WeakMap<Kysely<DB>, Map<string, Promise<Buffer>>>();

async function load(db: Kysely<DB>, name: string): Promise<Buffer> {
  await db
    .insertInto('app_secrets')
    .values({
      name,
      value: randomBytes(32).toString('base64url'),
      created_at: iso(new Date()),
    })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}

/** The site's key called `name` (32 random bytes), made on first use; one query per process. */
export function siteSecret(db: Kysely<DB>, name: string): Promise<Buffer> {
  let byName = known.get(db);
  if (!byName) known.set(db, (byName = new Map()));
  let key = byName.get(name);
  if (!key) {
    key = load(db, name);
    // A failed read is not remembered: the next call tries again.
    key.catch(() => byName.delete(name));
    byName.set(name, key);
  }
  return key;
}
