/**
 * Freshness at nginx within a second (issue 14): nginx keeps HTML for the
 * edge TTL the app sends (s-maxage, whole seconds), so on its own a change
 * shows through it only after EDGE_MAX_AGE + 1 s. With EDGE_PURGE_URL set,
 * every change made in this instance (each invalidation of its page cache;
 * the other instances hear of it through Redis and need not repeat it) also
 * empties nginx's page cache: WebDAV DELETEs of its 16 top-level folders
 * (`levels=1:2`) at an internal nginx location whose root is the cache
 * (deploy/nginx.conf.template, loopback or a private address only). nginx
 * treats a cache file that is gone as a miss, and the instances answer those
 * from their own caches, exact per page, so emptying all of it costs little.
 * A second pass shortly after catches a page another instance was rendering
 * from before the change while the first pass ran. Best effort: on failure,
 * the edge TTL still bounds how stale nginx can be.
 */
import type { PageStore } from './page-store.ts';

const FOLDERS = '0123456789abcdef'.split('');

export function edgePurger(
  base: string,
  opts: { againMs?: number; onError?: (err: unknown) => void } = {},
): { purge(): void; idle(): Promise<void> } {
  const root = base.endsWith('/') ? base : `${base}/`;
  let running: Promise<void> = Promise.resolve();
  let queued = false;
  const once = async () => {
    await Promise.all(
      FOLDERS.map(async (f) => {
        const res = await fetch(`${root}${f}/`, {
          method: 'DELETE',
          signal: AbortSignal.timeout(2000),
        });
        // 404: nothing cached under that folder.
        if (!res.ok && res.status !== 404) throw new Error(`edge purge ${f}/: ${res.status}`);
      }),
    );
  };
  const run = () => {
    if (queued) return;
    queued = true;
    running = running.then(async () => {
      queued = false;
      await once().catch((err: unknown) => opts.onError?.(err));
    });
  };
  return {
    purge() {
      run();
      setTimeout(run, opts.againMs ?? 500).unref();
    },
    idle: () => running,
  };
}

/** Purges nginx's page cache after every invalidation this instance makes. */
export function purgeEdgeOnChange(
  store: PageStore,
  base: string,
  onError?: (err: unknown) => void,
): void {
  const purger = edgePurger(base, { onError });
  store.onInvalidate(() => purger.purge());
}
