/**
 * The in-memory store of cached pages, with their compressed forms made once
 * when stored. One instance per process, reachable from globalThis so the
 * server entry's fast path (outside Astro's bundle) reads the same entries
 * the cache provider (inside it) writes.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as z, gzip } from 'node:zlib';
import { pathOfKey } from './cache-key.ts';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export interface PageEntry {
  status: number;
  headers: [string, string][];
  body: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  etag: string;
  storedAt: number;
  maxAge: number;
  swr: number;
  tags: string[];
}

export type Freshness = 'fresh' | 'stale' | 'expired';

export interface InvalidateRequest {
  tags?: string[];
  path?: string;
}

type Listener = (req: InvalidateRequest) => void;

export class PageStore {
  readonly #entries = new Map<string, PageEntry>();
  readonly #max: number;
  readonly #listeners: Listener[] = [];
  now: () => number = Date.now;

  constructor(max = 2000) {
    this.#max = max;
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): PageEntry | undefined {
    return this.#entries.get(key);
  }

  freshness(entry: PageEntry): Freshness {
    const age = (this.now() - entry.storedAt) / 1000;
    if (age <= entry.maxAge) return 'fresh';
    if (age <= entry.maxAge + entry.swr) return 'stale';
    return 'expired';
  }

  /** Stores a rendered page, compressing it once for every later hit. */
  async put(
    key: string,
    page: {
      status: number;
      headers: [string, string][];
      body: Buffer;
      maxAge: number;
      swr: number;
      tags: string[];
    },
  ): Promise<PageEntry> {
    const compressible = page.body.length > 512;
    const [br, gzipped] = compressible
      ? await Promise.all([
          brotli(page.body, {
            params: { [z.BROTLI_PARAM_QUALITY]: 9, [z.BROTLI_PARAM_SIZE_HINT]: page.body.length },
          }),
          gz(page.body, { level: 9 }),
        ])
      : [null, null];
    const etag = `"${createHash('sha1').update(page.body).digest('base64url').slice(0, 22)}"`;
    const entry: PageEntry = { ...page, br, gzip: gzipped, etag, storedAt: this.now() };
    if (this.#entries.has(key)) this.#entries.delete(key);
    else if (this.#entries.size >= this.#max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, entry);
    return entry;
  }

  /** Drops every entry carrying one of the tags or having the path; tells listeners (fan-out). */
  invalidate(req: InvalidateRequest, { broadcast = true } = {}): number {
    const tags = new Set(req.tags ?? []);
    let dropped = 0;
    for (const [key, entry] of this.#entries) {
      if (
        (req.path !== undefined && pathOfKey(key) === req.path) ||
        entry.tags.some((t) => tags.has(t))
      ) {
        this.#entries.delete(key);
        dropped++;
      }
    }
    if (broadcast) for (const l of this.#listeners) l(req);
    return dropped;
  }

  onInvalidate(listener: Listener): void {
    this.#listeners.push(listener);
  }

  clear(): void {
    this.#entries.clear();
  }
}

const KEY = Symbol.for('xinxuetang.pageStore');

/** The process-wide store. */
export function pageStore(): PageStore {
  const g = globalThis as unknown as Record<symbol, PageStore | undefined>;
  return (g[KEY] ??= new PageStore());
}
