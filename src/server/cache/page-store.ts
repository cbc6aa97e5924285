/**
 * The in-memory store of cached pages, with their compressed forms made once
 * when stored. One instance per process, reachable from globalThis so the
 * server entry's fast path (outside Astro's bundle) reads the same entries
 * the cache provider (inside it) writes. Bounded in entries and in bytes;
 * the least recently used page goes first (issue 13). A page is stored with
 * fast compression (brotli 4, gzip 6) so a cache miss costs little; once it
 * is asked for again (a hot page) it is recompressed at full quality in the
 * background, one page at a time.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as z, gzip } from 'node:zlib';
import { pathOfKey } from './cache-key.ts';
import { SITE_TAG } from './tags.ts';

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

/** An entry as the store holds it: whether it still has its fast compression, and its last move. */
type Stored = PageEntry & { fast: boolean; moved: number };

export type Freshness = 'fresh' | 'stale' | 'expired';

export interface InvalidateRequest {
  tags?: string[];
  path?: string;
}

type Listener = (req: InvalidateRequest) => void;

/** Bytes an entry holds in memory: the page and its compressed forms. */
function sizeOf(e: Pick<PageEntry, 'body' | 'br' | 'gzip'>): number {
  return e.body.length + (e.br?.length ?? 0) + (e.gzip?.length ?? 0);
}

/** Compression made while the reader waits: fast, about 10% larger than the best. */
const FAST = { brotli: 4, gzip: 6 } as const;
const BEST = { brotli: 11, gzip: 9 } as const;

async function compress(body: Buffer, level: { brotli: number; gzip: number }) {
  return Promise.all([
    brotli(body, {
      params: {
        [z.BROTLI_PARAM_QUALITY]: level.brotli,
        [z.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: level.gzip }),
  ]);
}

export class PageStore {
  readonly #entries = new Map<string, Stored>();
  /** Entries moved to the end of `#entries` (stored or used): `Stored.moved` is this count then. */
  #moves = 0;
  readonly #max: number;
  readonly #maxBytes: number;
  #bytes = 0;
  readonly #listeners: Listener[] = [];
  /** Told of every invalidation, this process's own and those from other instances. */
  readonly #droppers: Listener[] = [];
  readonly #recompress: string[] = [];
  #recompressing = false;
  now: () => number = Date.now;

  /**
   * What a page is compressed with while the reader waits (the benchmark compares with BEST);
   * null: not at all (the static export's process, which serves no reader).
   */
  readonly #onStore: typeof FAST | typeof BEST | null;

  constructor(
    max = 2000,
    maxBytes = 32 * 1024 * 1024,
    opts: { compressOnStore?: 'fast' | 'best' | 'none' } = {},
  ) {
    this.#max = max;
    this.#maxBytes = maxBytes;
    this.#onStore =
      opts.compressOnStore === 'best' ? BEST : opts.compressOnStore === 'none' ? null : FAST;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Bytes held, pages and their compressed forms. */
  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): PageEntry | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      // Most recently used last: eviction takes the first. With k moves since this entry's own,
      // at most k entries are behind it; while 2k is under the store's size it is in the newer
      // half already and stays where it is, so a hot page costs one lookup per hit, not a
      // removal and an insertion.
      if ((this.#moves - entry.moved) * 2 >= this.#entries.size) {
        this.#entries.delete(key);
        this.#entries.set(key, entry);
        entry.moved = ++this.#moves;
      }
      if (entry.fast) {
        entry.fast = false;
        this.#recompress.push(key);
        this.#drain();
      }
    }
    return entry;
  }

  /** The entry without using it: its recency and its compression stay as they are. */
  peek(key: string): PageEntry | undefined {
    return this.#entries.get(key);
  }

  #drop(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes -= sizeOf(entry);
    this.#entries.delete(key);
  }

  /** Recompresses queued pages at full quality, one at a time, off the request path. */
  #drain(): void {
    if (this.#recompressing) return;
    const key = this.#recompress.shift();
    if (key === undefined) return;
    const entry = this.#entries.get(key);
    if (!entry || !entry.br) return this.#drain();
    this.#recompressing = true;
    void compress(entry.body, BEST)
      .then(([br, gzipped]) => {
        // Only if the page was not replaced or dropped meanwhile. A new entry object, not a
        // mutation: the server's fast path keeps prepared headers per entry object.
        if (this.#entries.get(key) !== entry) return;
        this.#bytes += br.length + gzipped.length - (entry.br!.length + entry.gzip!.length);
        this.#entries.set(key, { ...entry, br, gzip: gzipped, fast: false });
      })
      .catch(() => undefined)
      .finally(() => {
        this.#recompressing = false;
        setImmediate(() => this.#drain());
      });
  }

  /** Resolves once every queued recompression has run (tests, benchmarks). */
  async settled(): Promise<void> {
    while (this.#recompressing || this.#recompress.length)
      await new Promise((r) => setTimeout(r, 5));
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
    const compressible = page.body.length > 512 && this.#onStore !== null;
    const [br, gzipped] =
      compressible && this.#onStore ? await compress(page.body, this.#onStore) : [null, null];
    const etag = `"${createHash('sha1').update(page.body).digest('base64url').slice(0, 22)}"`;
    const entry: Stored = {
      ...page,
      br,
      gzip: gzipped,
      etag,
      storedAt: this.now(),
      fast: compressible && this.#onStore === FAST,
      moved: ++this.#moves,
    };
    this.#drop(key);
    const size = sizeOf(entry);
    while (
      this.#entries.size > 0 &&
      (this.#entries.size >= this.#max || this.#bytes + size > this.#maxBytes)
    ) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#drop(oldest);
    }
    this.#entries.set(key, entry);
    this.#bytes += size;
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
        this.#drop(key);
        dropped++;
      }
    }
    for (const d of this.#droppers) d(req);
    if (broadcast) for (const l of this.#listeners) l(req);
    return dropped;
  }

  /** Keys of the entries carrying any of the tags (the pages a change is about to drop). */
  keysTagged(tags: string[]): string[] {
    const wanted = new Set(tags);
    const keys: string[] = [];
    for (const [key, entry] of this.#entries)
      if (entry.tags.some((t) => wanted.has(t))) keys.push(key);
    return keys;
  }

  /** Listens to this process's own invalidations (to publish them to other instances). */
  onInvalidate(listener: Listener): void {
    this.#listeners.push(listener);
  }

  /**
   * Listens to every invalidation, wherever it was made (fragments.ts drops what it keeps under
   * the same tags); `clear()` is told as the tag `site`, which every page carries.
   */
  onDrop(listener: Listener): void {
    this.#droppers.push(listener);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    for (const d of this.#droppers) d({ tags: [SITE_TAG] });
  }
}

const KEY = Symbol.for('xinxuetang.pageStore');

/**
 * The process-wide store. PAGE_STORE_COMPRESSION=best compresses at full
 * quality while the reader waits, as before issue 13: only for the
 * benchmark's before/after comparison of cache misses; `none` does not
 * compress (the static export's process: it only reads the pages' tags).
 */
export function pageStore(): PageStore {
  const g = globalThis as unknown as Record<symbol, PageStore | undefined>;
  return (g[KEY] ??= new PageStore(undefined, undefined, {
    compressOnStore:
      process.env.PAGE_STORE_COMPRESSION === 'best'
        ? 'best'
        : process.env.PAGE_STORE_COMPRESSION === 'none'
          ? 'none'
          : 'fast',
  }));
}
