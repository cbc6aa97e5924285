/**
 * Ad impressions while another process writes the same SQLite file (issue 24: three of them
 * were answered 500 `database is locked`). A second connection holds a write transaction; the
 * impressions sent meanwhile wait for it, without holding up the server's event loop, and are
 * all answered 成功 and all counted once it commits. SQLite only.
 */
import { spawn } from 'node:child_process';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteBusy } from '../../../src/server/db/sqlite-driver.ts';
import { AD_TYPE } from '../../../src/shared/constants.ts';
import { MSG } from '../../../src/shared/messages.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

const onSqlite = !process.env.DATABASE_URL?.startsWith('postgres');

let rt: TestRuntime;
beforeEach(async () => {
  if (onSqlite) rt = await createTestRuntime();
});
afterEach(async () => {
  await rt?.close();
});

type Env = { code: number; message: string; data: unknown };

async function impression(adId: number, slot: number, i: number): Promise<Response> {
  return await rt.app.request('/api/analytics/ad', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'sec-fetch-site': 'same-origin',
      // Readers of their own, as a page's many visitors are.
      'x-forwarded-for': `203.0.113.${(i % 250) + 1}`,
      host: '127.0.0.1:4321',
    },
    body: new URLSearchParams({ adId: String(adId), slot: String(slot), kind: 'impression' }),
  });
}

describe.runIf(onSqlite)('ad impressions while another process writes the SQLite file', () => {
  async function topAd() {
    return rt.db
      .selectFrom('roll_images')
      .select(['id', 'type'])
      .where('type', '=', AD_TYPE.topBanner)
      .orderBy('id')
      .executeTakeFirstOrThrow();
  }
  async function impressions(adId: number): Promise<number> {
    const row = await rt.db
      .selectFrom('ad_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ad_id', '=', adId)
      .where('kind', '=', 'impression')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('all 40 parallel impressions wait for the other writer, are answered 成功 and counted', async () => {
    const ad = await topAd();
    const before = await impressions(ad.id);
    const config = rt.deps.config.database;
    if (config.kind !== 'sqlite') throw new Error('SQLite only');

    // Another connection to the file (as another process's): a write transaction, open until
    // told to commit.
    const other = new DatabaseSync(config.file);
    other.exec('BEGIN IMMEDIATE');
    other
      .prepare(
        "INSERT INTO ad_events (ad_id, slot, kind, user_id, created_at) VALUES (?, ?, 'impression', NULL, ?)",
      )
      .run(ad.id, ad.type, new Date().toISOString());

    let waits = 0;
    const waiting = new Promise<void>((ok) =>
      sqliteBusy.on('wait', () => {
        waits++;
        ok();
      }),
    );
    const sent = Array.from({ length: 40 }, (_, i) =>
      impression(ad.id, ad.type, i).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as Env,
      })),
    );
    // The other writer commits once the server is waiting for it (or, were it not, once an
    // answer came back without waiting).
    await Promise.race([waiting, Promise.race(sent)]);
    other.exec('COMMIT');
    other.close();
    const answers = await Promise.all(sent);
    sqliteBusy.removeAllListeners('wait');

    expect(answers.filter((a) => a.status !== 200 || a.body.code !== 200)).toEqual([]);
    expect(answers.every((a) => a.body.message === MSG.ok)).toBe(true);
    expect(waits).toBeGreaterThan(0);
    // The 40 impressions and the other process's one: none lost, none twice.
    expect(await impressions(ad.id)).toBe(before + 41);
  });

  it('another process holding the write lock: 20 parallel impressions wait for its commit and all count', async () => {
    const ad = await topAd();
    const before = await impressions(ad.id);
    const config = rt.deps.config.database;
    if (config.kind !== 'sqlite') throw new Error('SQLite only');
    // A second Node process writes the same file and commits when told to on its stdin.
    const other = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { DatabaseSync } from 'node:sqlite';
         const db = new DatabaseSync(process.argv[1]);
         db.exec('BEGIN IMMEDIATE');
         db.prepare("INSERT INTO ad_events (ad_id, slot, kind, user_id, created_at) VALUES (?, ?, 'impression', NULL, ?)")
           .run(Number(process.argv[2]), Number(process.argv[3]), new Date().toISOString());
         process.stdout.write('locked\\n');
         process.stdin.once('data', () => { db.exec('COMMIT'); db.close(); process.stdout.write('committed\\n'); process.exit(0); });`,
        config.file,
        String(ad.id),
        String(ad.type),
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    let said = '';
    const heard = (word: string) =>
      new Promise<void>((ok, fail) => {
        const look = () => (said.includes(word) ? ok() : undefined);
        other.stdout!.on('data', (d: Buffer) => {
          said += d.toString();
          look();
        });
        other.once('exit', (code) =>
          said.includes(word) ? ok() : fail(new Error(`exited ${code}`)),
        );
        look();
      });
    await heard('locked');

    const waiting = new Promise<void>((ok) => sqliteBusy.once('wait', () => ok()));
    const sent = Array.from({ length: 20 }, (_, i) =>
      impression(ad.id, ad.type, i).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as Env,
      })),
    );
    await Promise.race([waiting, Promise.race(sent)]);
    other.stdin!.write('commit\n');
    await heard('committed');
    const answers = await Promise.all(sent);

    expect(answers.filter((a) => a.status !== 200 || a.body.code !== 200)).toEqual([]);
    expect(await impressions(ad.id)).toBe(before + 21);
  });
});
