/**
 * Rate limits shared by every instance through Redis (DESIGN: Scale-out;
 * issue 14), with rate-limiter-flexible's atomic Redis limiter: one Lua call
 * per rule counts the hit and reads the window's time to live, so of any
 * number of parallel requests on any instances exactly `max` pass a rule.
 *
 * Windows are fixed (they start at a bucket's first hit), not sliding as in
 * the database limiter; for the 1-per-60-s rules the two are the same.
 * A request refused by a later rule gives back its hits in the earlier ones,
 * so a refusal never counts against the other windows (as in the database).
 *
 * When Redis cannot be reached the limiter throws LimiterUnavailable at once
 * (no offline queue): consumeLimits then decides per call whether to fall back
 * to the database limiter or to fail closed (SMS).
 */
import { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '../../errors.ts';
import type { LimitRule } from './rate-limit.ts';

/** Redis did not answer: the decision must be made elsewhere. */
export class LimiterUnavailable extends Error {
  constructor(cause: unknown) {
    super(`shared rate limiter unavailable: ${String(cause)}`);
    this.name = 'LimiterUnavailable';
  }
}

export interface SharedLimiter {
  /** Throws AppError 429 with the first exceeded rule's message, or LimiterUnavailable. */
  consume(rules: LimitRule[]): Promise<void>;
  /** Resolves once connected (or after `ms` either way): for start-up and tests. */
  ready(ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

export function connectRedisLimiter(url: string, opts: { prefix?: string } = {}): SharedLimiter {
  const prefix = opts.prefix ?? 'xxt:rl';
  const client = new Redis(url, {
    // Fail fast instead of queueing while disconnected (rate-limiter-flexible's advice).
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
  });
  // Errors surface per call as LimiterUnavailable; the client keeps reconnecting.
  client.on('error', () => undefined);
  const limiters = new Map<string, RateLimiterRedis>();

  function limiterFor(rule: LimitRule): RateLimiterRedis {
    const id = `${rule.windowMs}:${rule.max}`;
    let limiter = limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: client,
        keyPrefix: `${prefix}:${id}`,
        points: rule.max,
        duration: Math.max(1, Math.round(rule.windowMs / 1000)),
        rejectIfRedisNotReady: true,
      });
      limiters.set(id, limiter);
    }
    return limiter;
  }

  return {
    async consume(rules) {
      const taken: Array<[RateLimiterRedis, string]> = [];
      const giveBack = () =>
        Promise.allSettled(taken.map(([limiter, key]) => limiter.reward(key, 1)));
      for (const rule of rules) {
        const limiter = limiterFor(rule);
        try {
          await limiter.consume(rule.bucket, 1);
          taken.push([limiter, rule.bucket]);
        } catch (res) {
          await giveBack();
          if (res instanceof RateLimiterRes)
            throw AppError.tooMany(rule.message(Math.max(1, Math.ceil(res.msBeforeNext / 1000))));
          throw new LimiterUnavailable(res);
        }
      }
    },
    async ready(ms = 3000) {
      if (client.status === 'ready') return true;
      return new Promise<boolean>((resolve) => {
        const done = (ok: boolean) => {
          clearTimeout(timer);
          client.off('ready', onReady);
          resolve(ok);
        };
        const onReady = () => done(true);
        const timer = setTimeout(() => done(false), ms);
        client.once('ready', onReady);
      });
    },
    async close() {
      client.disconnect();
    },
  };
}
