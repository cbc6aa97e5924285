/**
 * Values many pages share, kept in this process between renders (issues 25 and 30): a list's
 * count is the same on every page of the list, and at 100,000 articles it costs 7–13 ms, more
 * than the page's own rows. A fragment carries page-cache tags and goes when any of them is
 * invalidated, here or on another instance (the page store's fan-out tells this process of
 * both), so it is exactly as fresh as a cached page; it also expires after `maxAgeMs`.
 *
 * fragments().get(deps.db, 'articles:count:c=5', [articleTags.list], () => countIt())
 */
import { pageStore } from './page-store.ts';
import { SITE_TAG } from './tags.ts';

interface Fragment {
  value: Promise<unknown>;
  tags: string[];
  until: number;
}

/** A fragment's life when no change drops it first (a cached page's is 60 s fresh). */
export const FRAGMENT_MAX_AGE_MS = 60_000;
/** Fragments kept per database; the oldest go first beyond it. */
const MAX_ENTRIES = 2_000;

export class FragmentCache {
  // Per database, so two databases in one process (tests) never share a value.
  readonly #byDb = new WeakMap<object, Map<string, Fragment>>();
  readonly #all = new Set<WeakRef<Map<string, Fragment>>>();

  /**
   * The kept value of `key`, or `compute()`'s (kept from the start, so parallel renders share
   * one computation); a failed computation is not kept.
   */
  get<T>(
    db: object,
    key: string,
    tags: string[],
    compute: () => Promise<T>,
    now = Date.now(),
    maxAgeMs = FRAGMENT_MAX_AGE_MS,
  ): Promise<T> {
    let map = this.#byDb.get(db);
    if (!map) {
      map = new Map();
      this.#byDb.set(db, map);
      this.#all.add(new WeakRef(map));
    }
    const kept = map.get(key);
    if (kept && kept.until > now) return kept.value as Promise<T>;
    if (kept) map.delete(key);
    const value = compute();
    const fragment: Fragment = { value, tags: [SITE_TAG, ...tags], until: now + maxAgeMs };
    map.set(key, fragment);
    if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
    value.catch(() => {
      if (map.get(key) === fragment) map.delete(key);
    });
    return value;
  }

  /** Drops every fragment carrying one of the tags (in every database). */
  drop(tags: readonly string[]): void {
    const wanted = new Set(tags);
    for (const ref of this.#all) {
      const map = ref.deref();
      if (!map) this.#all.delete(ref);
      else for (const [key, f] of map) if (f.tags.some((t) => wanted.has(t))) map.delete(key);
    }
  }
}

const KEY = Symbol.for('xinxuetang.fragments');

/** The process-wide fragments, dropped with the page store's tags. */
export function fragments(): FragmentCache {
  const g = globalThis as unknown as Record<symbol, FragmentCache | undefined>;
  let cache = g[KEY];
  if (!cache) {
    const made = new FragmentCache();
    pageStore().onDrop((req) => made.drop(req.tags ?? []));
    cache = g[KEY] = made;
  }
  return cache;
}
