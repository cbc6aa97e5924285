/**
 * CDN cache purges (issue 14): one interface over Aliyun CDN and Tencent
 * Cloud CDN. Purges are best effort: freshness at the edge comes from short
 * HTML TTLs (EDGE_MAX_AGE); a purge only shortens the wait. Providers cap
 * URLs per call and per day; the caller batches and counts (services/jobs
 * cdn.purge, table cdn_purge_days).
 */
export interface CdnPurger {
  name: 'aliyun' | 'tencent';
  /** Most URLs one call accepts. */
  readonly perCall: number;
  /** Most URLs a day the account may purge (the provider's default quota unless configured). */
  readonly dailyQuota: number;
  /** Purges these full URLs (at most `perCall`); throws CdnPurgeError on refusal. */
  purgeUrls(urls: string[]): Promise<{ taskId: string }>;
}

export class CdnPurgeError extends Error {
  readonly providerCode: string;
  constructor(providerCode: string, message: string) {
    super(message);
    this.name = 'CdnPurgeError';
    this.providerCode = providerCode;
  }
}
