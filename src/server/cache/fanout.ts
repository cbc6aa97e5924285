/**
 * Cache invalidation across instances (DESIGN: Scale-out): with REDIS_URL
 * set, every invalidation made here is published, and invalidations published
 * by other instances are applied to this process's page store.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { InvalidateRequest, PageStore } from './page-store.ts';

/** The channel when CACHE_CHANNEL does not name another (config.cacheChannel). */
export const INVALIDATION_CHANNEL = 'xinxuetang:cache:invalidate';

export interface Fanout {
  close(): Promise<void>;
}

/** Connects a page store to the channel; resolves once subscribed. */
export async function connectFanout(
  store: PageStore,
  redisUrl: string,
  onError: (err: unknown) => void,
  channel: string = INVALIDATION_CHANNEL,
): Promise<Fanout> {
  const instance = randomUUID();
  const pub = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  pub.on('error', onError);
  sub.on('error', onError);
  await Promise.all([pub.connect(), sub.connect()]);
  sub.on('message', (_channel: string, raw: string) => {
    try {
      const msg = JSON.parse(raw) as { from: string; req: InvalidateRequest };
      if (msg.from !== instance) store.invalidate(msg.req, { broadcast: false });
    } catch (err) {
      onError(err);
    }
  });
  await sub.subscribe(channel);
  store.onInvalidate((req) => {
    pub.publish(channel, JSON.stringify({ from: instance, req })).catch(onError);
  });
  return {
    async close() {
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
