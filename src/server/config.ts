/**
 * Settings from the environment, resolved with defaults in one place
 * (docs/configuration.md).
 */
import { parseDatabaseUrl, type DbConfig } from './db/config.ts';

export interface AppConfig {
  /** 'demo' uses the development providers and seeds demo content; 'production' refuses them. */
  mode: 'demo' | 'production';
  host: string;
  port: number;
  database: DbConfig;
  redisUrl: string | undefined;
  /** Key prefix of the shared rate limits in Redis: instances of one site share it. */
  rateLimitPrefix: string;
  /** Redis pub/sub channel of page-cache invalidations: instances of one site share it. */
  cacheChannel: string;
  /** Public origin used in canonical links, sitemap and feeds. */
  siteUrl: string;
  siteName: string;
  /** Parent domain the session cookie is scoped to (partner zones are its subdomains); empty = host-only. */
  cookieDomain: string;
  /** ICP filing and public-security filing numbers shown in the footer. */
  icpFiling: string;
  policeFiling: string;
  companyName: string;
  contactEmail: string;
  /** When set, phones are redirected to this mobile site origin (spec 1); empty = the responsive site is the mobile site. */
  mobileSiteUrl: string;
  /** How often the job worker looks for due jobs (ms); 0 runs no worker in this process. */
  jobPollMs: number;
  /** 'table' keeps the table-polling worker on PostgreSQL too; default: pg-boss there. */
  jobsBackend: 'auto' | 'table';
  /**
   * The course whose redemption code both sides of an invitation get (issue 27); null: the
   * cheapest published paid course that is not a kit; 0: no reward.
   */
  inviteRewardCourseId: number | null;
  /** When both sides of an invitation get their reward: 'register' (default) or 'first_purchase' (INVITE_REWARD_ON). */
  inviteRewardOn: 'register' | 'first_purchase';
  /** Where the islands call the API when it is not the page's origin (e.g. https://api.example.cn); empty = same origin. */
  apiOrigin: string;
  /**
   * Where players fetch lesson, broadcast and replay media (MEDIA_ORIGIN, e.g. a media CDN in
   * front of the app's /media/; API_ORIGIN by default): pages served from elsewhere (a static
   * export on a bucket) get absolute media addresses. Empty = the page's own origin.
   */
  mediaOrigin: string;
  /** Folder of the static export (npm run export); set, changes re-export their pages. */
  exportDir: string;
  /** The host whose pages are exported (folder name; nginx's $host): SITE_URL's by default. */
  exportHost: string;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const mode = env.XXT_MODE === 'production' ? 'production' : 'demo';
  const host = env.HOST || '127.0.0.1';
  const port = Number.parseInt(env.PORT || '4321', 10);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    mode,
    host,
    port,
    database: parseDatabaseUrl(env.DATABASE_URL),
    redisUrl: env.REDIS_URL || undefined,
    rateLimitPrefix: env.RATE_LIMIT_PREFIX || 'xxt:rl',
    cacheChannel: env.CACHE_CHANNEL || 'xinxuetang:cache:invalidate',
    siteUrl: (env.SITE_URL || `http://${host}:${port}`).replace(/\/$/, ''),
    siteName: env.SITE_NAME || '芯学堂',
    cookieDomain: env.COOKIE_DOMAIN || '',
    icpFiling: env.ICP_FILING || '京ICP备00000000号-1（演示）',
    policeFiling: env.POLICE_FILING || '京公网安备 11010800000000号（演示）',
    companyName: env.COMPANY_NAME || '芯学堂（北京）科技有限公司',
    contactEmail: env.CONTACT_EMAIL || 'contact@xinxuetang.example',
    mobileSiteUrl: (env.MOBILE_SITE_URL || '').replace(/\/$/, ''),
    jobPollMs: Math.max(0, Number.parseInt(env.JOB_POLL_MS || '2000', 10) || 0),
    jobsBackend: env.JOBS_BACKEND === 'table' ? 'table' : 'auto',
    inviteRewardCourseId: /^\d+$/.test(env.INVITE_REWARD_COURSE_ID ?? '')
      ? Number(env.INVITE_REWARD_COURSE_ID)
      : null,
    inviteRewardOn: env.INVITE_REWARD_ON === 'first_purchase' ? 'first_purchase' : 'register',
    apiOrigin: (env.API_ORIGIN || '').replace(/\/$/, ''),
    mediaOrigin: (env.MEDIA_ORIGIN || env.API_ORIGIN || '').replace(/\/$/, ''),
    exportDir: env.EXPORT_DIR || '',
    exportHost: env.EXPORT_HOST || new URL(env.SITE_URL || `http://${host}:${port}`).hostname,
  };
}
