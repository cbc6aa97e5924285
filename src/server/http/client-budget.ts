/**
 * Each client's budget of page renders (issue 30: fair under floods). Cached pages and assets
 * are answered before any render and cost a client nothing; a render (a search, a page asked
 * for the first time, a stale page) takes a token from the client's bucket, which refills at
 * `rate` a second up to `burst`. Without a token the client gets a fast 429 with Retry-After,
 * so a few addresses sending distinct uncacheable pages cannot take the renderer from the
 * readers of cached pages. A person reading, even quickly, never runs out: 20 pages at once,
 * then 5 a second, by default.
 *
 *   const b = new ClientBudget(5, 20); b.take('203.0.113.7', Date.now()) → 0 (render) or 2 (s)
 */

interface Bucket {
  tokens: number;
  at: number;
}

/** Loopback clients (the export's and re-export's own requests, a local proxy) have no bound. */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export class ClientBudget {
  readonly #buckets = new Map<string, Bucket>();
  readonly rate: number;
  readonly burst: number;
  readonly #maxClients: number;

  constructor(rate: number, burst: number, maxClients = 100_000) {
    this.rate = rate;
    this.burst = Math.max(1, burst);
    this.#maxClients = maxClients;
  }

  /** 0 when `client` may render now (its token is taken), else the whole seconds to wait. */
  take(client: string, now: number): number {
    if (this.rate <= 0 || LOOPBACK.has(client)) return 0;
    let b = this.#buckets.get(client);
    if (b) {
      b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.rate);
      b.at = now;
    } else {
      if (this.#buckets.size >= this.#maxClients) this.#prune(now);
      b = { tokens: this.burst, at: now };
      this.#buckets.set(client, b);
    }
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - b.tokens) / this.rate));
  }

  /** Clients tracked (refilled ones are forgotten when the map is full). */
  get size(): number {
    return this.#buckets.size;
  }

  /** Forgets every client whose bucket is full again; if none is, the longest tracked. */
  #prune(now: number): void {
    for (const [k, b] of this.#buckets)
      if (b.tokens + ((now - b.at) / 1000) * this.rate >= this.burst) this.#buckets.delete(k);
    if (this.#buckets.size >= this.#maxClients) {
      const first = this.#buckets.keys().next().value;
      if (first !== undefined) this.#buckets.delete(first);
    }
  }
}
