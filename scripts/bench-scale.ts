/**
 * Budget (c) of issue 3: SQLite databases with the demo content plus
 * generated published articles (1,000 and 100,000 in all), written with
 * batched inserts in one transaction and indexed with rebuildSearchIndex.
 * Generated text never contains the selective search term, so that term
 * matches the same documents at every size; the common term matches a
 * fixed share of all articles, so its result set grows with the database.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { seed } from '../src/server/db/seed/index.ts';
import { rebuildSearchIndex } from '../src/server/services/search/index.ts';
import { rng } from './bench-util.ts';

/** Matches only demo articles (the same few at every size). */
export const SELECTIVE_TERM = 'LM317';
/** Appears in one generated article in eight. */
export const COMMON_TERM = '示波器';

const TOPICS = [
  'GPIO 中断',
  'DMA 传输',
  '低功耗设计',
  'PCB 布线',
  'CAN 总线',
  '开关电源环路',
  '运放稳定性',
  '射频匹配',
  'EMC 整改',
  'Bootloader',
  'RTOS 调度',
  '电机驱动',
  '传感器标定',
  'USB 枚举',
  '以太网 PHY',
  'FPGA 时序',
];
const PARTS = [
  'STM32G431',
  'GD32F303',
  'ESP32-S3',
  'CH32V307',
  'TPS5430',
  'MP1584',
  'OPA2188',
  'AD8606',
  'SX1262',
  'NRF52840',
  'TJA1051',
  'DRV8833',
  'INA219',
  'W5500',
  'RP2040',
  'ATmega328P',
];
const SENTENCES = [
  '本文从原理出发，结合实测波形说明设计取舍。',
  '调试时先确认供电与时钟，再逐级排查外设配置。',
  '布局时关键回路要短，地平面保持完整，避免跨分割。',
  '选型需要同时考虑成本、供货周期与封装散热。',
  '量产前应完成高低温、静电与老化测试，记录失效模式。',
  '代码示例基于官方 HAL 库，也给出寄存器级写法。',
  '参数计算过程列在表格中，便于按实际需求修改。',
];

export interface ScaleDb {
  url: string;
  articles: number;
  /** Ids of published articles to request, spread over the whole table. */
  ids: number[];
  buildSeconds: number;
}

/**
 * Where a generated database is kept between runs: indexing 100,000 articles
 * takes minutes here, so a database made by the same generator over the same
 * migrations and seed is reused.
 */
export function scaleDbFile(total: number): string {
  const h = createHash('sha1');
  h.update(readFileSync(new URL(import.meta.url)));
  for (const dir of ['../src/server/db/migrations/', '../src/server/db/seed/']) {
    const url = new URL(dir, import.meta.url);
    for (const f of readdirSync(url).sort()) h.update(f);
  }
  const dir = join(tmpdir(), 'xxt-bench-scale');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${total}-${h.digest('hex').slice(0, 12)}.db`);
}

/** A database with `total` published articles in all (reused when already made); returns its URL. */
export async function makeScaleDb(total: number): Promise<ScaleDb> {
  const started = performance.now();
  const cached = scaleDbFile(total);
  if (existsSync(cached)) return describe(cached, total, started);
  const file = join(mkdtempSync(join(tmpdir(), `xxt-scale-${total}-`)), 'scale.db');
  const handle = await openDatabase({ kind: 'sqlite', file });
  const db = handle.db;
  await migrateToLatest(db, {});
  const now = new Date();
  await seed(db, { now });
  const classifies = await db
    .selectFrom('article_classifies')
    .select(['id', 'parent_id'])
    .where('parent_id', 'is', null)
    .execute();
  const have = await db
    .selectFrom('articles')
    .select(sql<number>`count(*)`.as('n'))
    .where('status', '=', 'published')
    .executeTakeFirstOrThrow();
  const rand = rng(total);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const missing = total - Number(have.n);
  await db.transaction().execute(async (trx) => {
    const BATCH = 400;
    for (let done = 0; done < missing; done += BATCH) {
      const rows = [];
      for (let i = done; i < Math.min(missing, done + BATCH); i++) {
        const topic = pick(TOPICS);
        const part = pick(PARTS);
        const common = i % 8 === 0 ? `用${COMMON_TERM}观察${topic}的关键波形。` : '';
        const body = Array.from({ length: 6 }, () => pick(SENTENCES)).join('');
        // Spread over the last two years, all in the past.
        const at = new Date(
          now.getTime() - Math.floor(rand() * 730 * 86_400_000) - 60_000,
        ).toISOString();
        rows.push({
          classify_id: pick(classifies).id,
          second_classify_id: null,
          title: `${part} ${topic}实战笔记 #${i + 1}`,
          summary: `${part} 的${topic}要点与常见问题。`,
          content: `<p>${common}${body}</p><p>${part} ${topic}：${body}</p>`,
          cover: null,
          author_name: '基准测试',
          user_id: null,
          company_id: null,
          status: 'published' as const,
          recommended: 0,
          source: null,
          published_at: at,
          created_at: at,
          updated_at: at,
        });
      }
      await trx.insertInto('articles').values(rows).execute();
    }
  });
  await rebuildSearchIndex(db);
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  await handle.close();
  renameSync(file, cached);
  return describe(cached, total, started);
}

/** The published articles of a generated database and a spread of ids to request. */
async function describe(file: string, total: number, started: number): Promise<ScaleDb> {
  const handle = await openDatabase({ kind: 'sqlite', file });
  const db = handle.db;
  const rand = rng(total + 1);
  const now = new Date();
  const all = await db
    .selectFrom('articles')
    .select('id')
    .where('status', '=', 'published')
    .where('published_at', '<=', now.toISOString())
    .orderBy('id')
    .execute();
  const ids = Array.from({ length: 500 }, () => all[Math.floor(rand() * all.length)]!.id);
  await handle.close();
  return {
    url: `file:${file}`,
    articles: all.length,
    ids,
    buildSeconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
