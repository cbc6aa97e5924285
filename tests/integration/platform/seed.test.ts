/**
 * The demo seed on a fresh database: what it writes, that the admin can log
 * in, that it runs once only, and that it is deterministic. Runs on SQLite,
 * and on PostgreSQL too when DATABASE_URL starts with `postgres`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { demoCoverList, demoCoverUrl } from '../../../src/server/db/seed/content/covers.ts';
import { demoMediaList, demoMediaUrl } from '../../../src/server/db/seed/content/media-manifest.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DbHandle } from '../../../src/server/db/database.ts';
import { migrateToLatest } from '../../../src/server/db/migrate.ts';
import type { DB } from '../../../src/server/db/schema.ts';
import { seed } from '../../../src/server/db/seed/index.ts';
import { verifyPassword } from '../../../src/server/services/accounts/index.ts';
import { AD_TYPES_REQUESTED, ORDER_COURSE_TYPE } from '../../../src/shared/constants.ts';

const PUBLIC_DIR = fileURLToPath(new URL('../../../public', import.meta.url));
const NOW = new Date('2026-11-21T06:30:00.000Z');
const pgUrl = process.env.DATABASE_URL?.startsWith('postgres')
  ? process.env.DATABASE_URL
  : undefined;

interface Backend {
  name: string;
  /** Opens a fresh, empty, migrated database. */
  open(): Promise<DbHandle & { dispose(): Promise<void> }>;
}

function sqliteBackend(): Backend {
  return {
    name: 'sqlite',
    async open() {
      const dir = mkdtempSync(join(tmpdir(), 'xxt-seed-'));
      const handle = await openDatabase({ kind: 'sqlite', file: join(dir, 'seed.db') });
      await migrateToLatest(handle.db);
      return {
        ...handle,
        async dispose() {
          await handle.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  };
}

let schemaNo = 0;
function postgresBackend(url: string): Backend {
  return {
    name: 'postgres',
    async open() {
      const schema = `seedtest_${process.pid}_${Date.now()}_${++schemaNo}`;
      const handle = await openDatabase({ kind: 'postgres', url, schema });
      const dispose = async (): Promise<void> => {
        try {
          await sql`DROP SCHEMA IF EXISTS ${sql.id(schema)} CASCADE`.execute(handle.db);
        } finally {
          await handle.close();
        }
      };
      try {
        await migrateToLatest(handle.db, { schema });
      } catch (err) {
        await dispose();
        throw err;
      }
      return { ...handle, dispose };
    },
  };
}

/**
 * Runs `fn` on a fresh database and removes it afterwards. One database at a
 * time: Kysely's Migrator (without migrationTableSchema) takes its bookkeeping
 * tables in any PostgreSQL schema as its own, so two migrated schemas must not coexist.
 */
async function withFreshDb<T>(backend: Backend, fn: (db: Database) => Promise<T>): Promise<T> {
  const handle = await backend.open();
  try {
    return await fn(handle.db);
  } finally {
    await handle.dispose();
  }
}

async function count(db: Database, table: keyof DB): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Row counts of the given tables. */
async function countAll(db: Database, tables: string[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = await count(db, t as keyof DB);
  return out;
}

async function withSeed<T>(db: Database, read: () => Promise<T>): Promise<T> {
  const result = await seed(db, { now: NOW });
  expect(result.seeded).toBe(true);
  return read();
}

const backends: Backend[] = [sqliteBackend(), ...(pgUrl ? [postgresBackend(pgUrl)] : [])];

describe.each(backends)('seed on $name', (backend) => {
  it('fills a fresh database with the demo content, once', async () => {
    await withFreshDb(backend, async (db) => {
      const started = performance.now();
      const result = await seed(db, { now: NOW });
      const elapsed = performance.now() - started;
      console.log(`[${backend.name}] seed took ${elapsed.toFixed(0)} ms`, result.counts);
      expect(result.seeded).toBe(true);
      expect(result.counts.articles).toBeGreaterThanOrEqual(60);

      const published = await db
        .selectFrom('articles')
        .select(['title', 'content', 'published_at'])
        .where('status', '=', 'published')
        .execute();
      expect(published.length).toBeGreaterThanOrEqual(60);
      expect(new Set(published.map((a) => a.title)).size).toBe(published.length);
      const ninetyDaysAgo = new Date(NOW.getTime() - 90 * 86_400_000).toISOString();
      for (const a of published) {
        const at = a.published_at ?? '';
        expect(at >= ninetyDaysAgo && at < NOW.toISOString(), `${a.title} published ${at}`).toBe(
          true,
        );
        // Bodies are real articles: at least 600 Chinese characters each.
        expect(a.content.match(/[\u4e00-\u9fff]/g)?.length ?? 0, a.title).toBeGreaterThanOrEqual(
          600,
        );
      }
      const titles = published.map((a) => a.title).join('\n');
      for (const part of ['STM32F103', 'LM317', 'ESP32', 'TPS5430', 'AD8605'])
        expect(titles).toContain(part);

      const courses = await db
        .selectFrom('courses')
        .leftJoin('lessons', 'lessons.course_id', 'courses.id')
        .select(['courses.id', 'courses.type', (eb) => eb.fn.count('lessons.id').as('lessons')])
        .groupBy(['courses.id', 'courses.type'])
        .execute();
      expect(courses).toHaveLength(12);
      for (const c of courses) expect(Number(c.lessons)).toBeGreaterThanOrEqual(4);
      expect(courses.filter((c) => c.type === ORDER_COURSE_TYPE)).toHaveLength(1);

      const lives = await db.selectFrom('live_broadcasts').select(['start_at', 'end_at']).execute();
      const now = NOW.toISOString();
      expect(lives).toHaveLength(6);
      expect(lives.filter((l) => l.end_at < now)).toHaveLength(2);
      expect(lives.filter((l) => l.start_at <= now && l.end_at > now)).toHaveLength(2);
      expect(lives.filter((l) => l.start_at > now)).toHaveLength(2);

      expect(await count(db, 'short_videos')).toBe(20);
      // Ten public notices, and the two personal notices of the demo challenge's rewards (issue 28).
      expect(await count(db, 'notices')).toBe(12);
      expect(await count(db, 'companies')).toBe(10);
      // Admin, 3 members, editor, moderator, and 刘建国, the STM32 courses' teacher (a member).
      expect(await count(db, 'users')).toBe(7);

      const adTypes = await db.selectFrom('roll_images').select('type').distinct().execute();
      const present = new Set(adTypes.map((r) => r.type));
      for (const type of AD_TYPES_REQUESTED)
        expect(present.has(type), `ad type ${type}`).toBe(true);
      const kinds = await db.selectFrom('roll_images').select('ad_type').distinct().execute();
      expect(kinds.map((k) => k.ad_type).sort()).toEqual(['1', '2', '3']);

      const admin = await db
        .selectFrom('users')
        .selectAll()
        .where('mobile', '=', '13800138000')
        .executeTakeFirstOrThrow();
      expect(admin.role).toBe('admin');
      expect(await verifyPassword('Demo@2026', admin.password_hash)).toBe(true);
      expect(await verifyPassword('demo@2026', admin.password_hash)).toBe(false);
      const codes = await db.selectFrom('users').select('invite_code').execute();
      for (const { invite_code } of codes) expect(invite_code).toMatch(/^[A-Z0-9]{8}$/);
      expect(new Set(codes.map((c) => c.invite_code)).size).toBe(7);

      // Order-type deliveries (spec 4): one shipped with a courier number, one awaiting shipment.
      const kitOrders = await db
        .selectFrom('orders')
        .innerJoin('courses', 'courses.id', 'orders.course_id')
        .select(['orders.status', 'orders.express_number'])
        .where('courses.type', '=', ORDER_COURSE_TYPE)
        .orderBy('orders.id')
        .execute();
      expect(kitOrders).toEqual([
        { status: 2, express_number: 'SF1402837465021' },
        { status: 2, express_number: null },
      ]);

      // Every image the seed names ships in public/.
      const images = [
        ...(await db.selectFrom('articles').select('cover as url').execute()),
        ...(await db.selectFrom('courses').select('cover as url').execute()),
        ...(await db.selectFrom('big_classifies').select('cover as url').execute()),
        ...(await db.selectFrom('classifies').select('cover as url').execute()),
        ...(await db.selectFrom('live_broadcasts').select('cover as url').execute()),
        ...(await db.selectFrom('videos').select('cover as url').execute()),
        ...(await db.selectFrom('short_videos').select('cover as url').execute()),
        ...(await db.selectFrom('companies').select('logo as url').execute()),
        ...(await db.selectFrom('companies').select('login_image_url as url').execute()),
        ...(await db.selectFrom('roll_images').select('image_url as url').execute()),
        ...(await db.selectFrom('users').select('photo as url').execute()),
      ].flatMap((r) => (r.url ? [r.url] : []));
      expect(images.length).toBeGreaterThan(100);
      // Generated covers (scripts/media.ts, run by the build) are named by the cover list; others ship in public/.
      const covers = new Set(demoCoverList().map((c) => demoCoverUrl(c.key, c.tall)));
      // Ad creatives are drawn from their SVG in public/ads/ (scripts/media.ts).
      const creative = /^\/media\/gen\/ads\/([a-z0-9-]+)\.webp$/;
      for (const url of new Set(images))
        if (url.startsWith('/media/gen/covers/')) expect(covers.has(url), url).toBe(true);
        else if (creative.test(url))
          expect(existsSync(join(PUBLIC_DIR, `ads/${creative.exec(url)![1]}.svg`)), url).toBe(true);
        else expect(existsSync(join(PUBLIC_DIR, url)), url).toBe(true);

      // Every lesson, video and short video plays generated media of exactly its listed length.
      const media = new Map(demoMediaList().map((m) => [demoMediaUrl(m.key), m.seconds]));
      const played = [
        ...(await db
          .selectFrom('lessons')
          .select(['video_url as url', 'duration_seconds as s'])
          .execute()),
        ...(await db
          .selectFrom('videos')
          .select(['path as url', 'duration_seconds as s'])
          .execute()),
        ...(await db
          .selectFrom('short_videos')
          .select(['path as url', 'duration_seconds as s'])
          .execute()),
      ];
      for (const p of played) expect(media.get(p.url!), p.url!).toBe(p.s);
      const broadcasts = await db
        .selectFrom('live_broadcasts')
        .select(['stream_url', 'start_at', 'end_at'])
        .execute();
      for (const l of broadcasts)
        expect(media.get(l.stream_url!), l.stream_url!).toBe(
          (Date.parse(l.end_at) - Date.parse(l.start_at)) / 1000,
        );

      // Every table the seed wrote holds exactly what it reported.
      const tables = Object.keys(result.counts);
      const before = await countAll(db, tables);
      expect(before).toEqual(result.counts);
      expect(await seed(db, { now: new Date(NOW.getTime() + 86_400_000) })).toEqual({
        seeded: false,
        counts: {},
      });
      expect(await countAll(db, tables)).toEqual(before);
    });
  });

  it('writes the same articles in the same order every time', async () => {
    const snapshot = (db: Database) =>
      withSeed(db, async () =>
        (
          await db
            .selectFrom('articles')
            .select(['title', 'published_at', 'content'])
            .orderBy('id')
            .execute()
        ).map((r) => `${r.title}|${r.published_at}|${r.content}`),
      );
    const first = await withFreshDb(backend, snapshot);
    const second = await withFreshDb(backend, snapshot);
    expect(first.length).toBeGreaterThanOrEqual(60);
    expect(second.map((r) => r.split('|')[0])).toEqual(first.map((r) => r.split('|')[0]));
    expect(second).toEqual(first);
  });
});
