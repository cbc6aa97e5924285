/**
 * Helpers shared by the seed modules: batched inserts that hand back the new
 * ids in input order, deterministic numbers, and times relative to `now`.
 */
import { sql, type Insertable } from 'kysely';
import type { Database } from '../database.ts';
import type { DB } from '../schema.ts';

/** Rows per INSERT statement: keeps SQLite's and PostgreSQL's parameter limits far away. */
export const BATCH_SIZE = 20;

export type TableName = keyof DB & string;
export type Row<T extends TableName> = Insertable<DB[T]>;

/** What every seed step receives. */
export interface SeedContext {
  db: Database;
  now: Date;
  /** Rows written per table, reported by `seed()`. */
  counts: Record<string, number>;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function tally(ctx: SeedContext, table: string, n: number): void {
  ctx.counts[table] = (ctx.counts[table] ?? 0) + n;
}

/** Inserts rows in batches of BATCH_SIZE (or `batch`, for narrow rows in bulk). */
export async function insertRows<T extends TableName>(
  ctx: SeedContext,
  table: T,
  rows: Row<T>[],
  batch = BATCH_SIZE,
): Promise<void> {
  for (const part of chunks(rows, batch)) {
    await ctx.db
      .insertInto(table)
      .values(part as never)
      .execute();
  }
  tally(ctx, table, rows.length);
}

/**
 * Inserts rows in batches and returns their ids in the order of `rows`.
 * RETURNING's row order is unspecified in SQLite, so ids are matched back
 * through `key`, a column whose value is unique among these rows.
 */
export async function insertReturningIds<T extends TableName>(
  ctx: SeedContext,
  table: T,
  key: string,
  rows: Row<T>[],
): Promise<number[]> {
  const keys = rows.map((row) => String((row as Record<string, unknown>)[key]));
  if (new Set(keys).size !== keys.length)
    throw new Error(`seed: ${table}.${key} values repeat; ids could not be matched`);
  const byKey = new Map<string, number>();
  for (const part of chunks(rows, BATCH_SIZE)) {
    const returned = await ctx.db
      .insertInto(table)
      .values(part as never)
      .returning([sql<number>`id`.as('id'), sql.ref<string>(key).as('seed_key')])
      .execute();
    for (const r of returned) byKey.set(String(r.seed_key), Number(r.id));
  }
  tally(ctx, table, rows.length);
  return keys.map((value) => {
    const id = byKey.get(value);
    if (id === undefined)
      throw new Error(`seed: no id returned for ${table}.${key} = ${value}; is ${key} unique?`);
    return id;
  });
}

/** Picks `list[i]`, wrapping around; throws on an empty list instead of returning undefined. */
export function pick<T>(list: readonly T[], i: number): T {
  if (list.length === 0) throw new Error('seed: pick from an empty list');
  return list[((i % list.length) + list.length) % list.length] as T;
}

/** `list[i]`, or an error naming the index: for ids and rows the seed itself just created. */
export function nth<T>(list: readonly T[], i: number): T {
  const v = list[i];
  if (v === undefined) throw new Error(`seed: nothing at index ${i}`);
  return v;
}

/**
 * Mulberry32: a tiny seeded PRNG, so view counts and the like vary but are
 * the same on every run. mulberry32(7)() → a number in [0, 1).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max] from a PRNG. */
export function intBetween(rand: () => number, min: number, max: number): number {
  return min + Math.floor(rand() * (max - min + 1));
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** ISO time `days`, `hours` and `minutes` after `now` (negative for the past). */
export function shift(
  now: Date,
  offset: { days?: number; hours?: number; minutes?: number },
): string {
  const ms = (offset.days ?? 0) * DAY + (offset.hours ?? 0) * HOUR + (offset.minutes ?? 0) * MINUTE;
  return new Date(now.getTime() + ms).toISOString();
}

/**
 * ISO time at `hourUtc`:`minute` on the UTC day `days` away from now's day,
 * for things that happen at a round hour (06:00 UTC is 14:00 in Beijing).
 */
export function atHour(now: Date, days: number, hourUtc: number, minute = 0): string {
  const d = new Date(now.getTime());
  d.setUTCHours(hourUtc, minute, 0, 0);
  return new Date(d.getTime() + days * DAY).toISOString();
}

/** Order numbers: 'XXT' + yyyymmdd of the creation time + a 6-digit sequence. */
export function orderNo(createdAt: string, seq: number): string {
  return `XXT${createdAt.slice(0, 10).replaceAll('-', '')}${String(100000 + seq).padStart(6, '0')}`;
}
