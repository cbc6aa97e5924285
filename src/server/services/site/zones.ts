/**
 * Partner technical zones (issue 15): a company's zone is its own subdomain
 * (companies.domain). Its home shows the company's branding and its content:
 * the articles, courses, live broadcasts (upcoming and on air first) and
 * resources tagged with the company.
 */
import type { Deps } from '../../deps.ts';
import { getCompany, type CompanyView } from './companies.ts';
import { hasPlayer, liveStatus, type LiveStatus } from '../live/index.ts';

/** The company whose zone this host is ('hengtuo-power.example.com:443' → 恒拓电源), or null. */
export async function zoneForHost(
  deps: Pick<Deps, 'db'>,
  hostname: string,
): Promise<CompanyView | null> {
  const host = hostname.split(':')[0]!.trim().toLowerCase();
  if (!host || !host.includes('.')) return null;
  return getCompany(deps, { domain: host });
}

/** How long the zone hosts are kept between reads: a new zone may write within this time. */
const ZONE_HOSTS_MS = 30_000;
const zoneHostCache = new WeakMap<object, { at: number; hosts: Promise<ReadonlySet<string>> }>();

/**
 * The hosts of every partner zone (companies.domain, lower case), read at most every 30 s:
 * the origins besides the site's own from which a member may act (api/app.ts siteOrigin).
 */
export function zoneHosts(deps: Pick<Deps, 'db'>): Promise<ReadonlySet<string>> {
  const now = Date.now();
  const cached = zoneHostCache.get(deps.db);
  if (cached && now - cached.at < ZONE_HOSTS_MS) return cached.hosts;
  const hosts = deps.db
    .selectFrom('companies')
    .select('domain')
    .execute()
    .then((rows) => new Set(rows.map((r) => r.domain.trim().toLowerCase()).filter(Boolean)));
  zoneHostCache.set(deps.db, { at: now, hosts });
  // A failed read is not kept: the next request reads again.
  hosts.catch(() => zoneHostCache.delete(deps.db));
  return hosts;
}

export interface ZoneContent {
  articles: {
    id: number;
    title: string;
    summary: string;
    cover: string | null;
    publishedAt: string;
  }[];
  courses: {
    id: number;
    title: string;
    summary: string;
    cover: string | null;
    teacher: string;
    priceCents: number;
  }[];
  lives: {
    id: number;
    title: string;
    cover: string | null;
    speaker: string;
    startAt: string;
    endAt: string;
    status: LiveStatus;
  }[];
  resources: { id: number; title: string; summary: string; fileType: string; fileSize: number }[];
}

/** What a zone home lists for one company. */
export async function zoneContent(
  deps: Pick<Deps, 'db' | 'clock'>,
  companyId: number,
): Promise<ZoneContent> {
  const now = deps.clock.now();
  const [articles, courses, lives, resources] = await Promise.all([
    deps.db
      .selectFrom('articles')
      .select(['id', 'title', 'summary', 'cover', 'published_at'])
      .where('company_id', '=', companyId)
      .where('status', '=', 'published')
      .where('published_at', '<=', now.toISOString())
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(8)
      .execute(),
    deps.db
      .selectFrom('courses')
      .select(['id', 'title', 'summary', 'cover', 'teacher', 'price_cents'])
      .where('company_id', '=', companyId)
      .where('published', '=', 1)
      .orderBy('id')
      .limit(8)
      .execute(),
    deps.db
      .selectFrom('live_broadcasts')
      .select(['id', 'title', 'cover', 'speaker', 'start_at', 'end_at', 'stream_url', 'html_url'])
      .where('company_id', '=', companyId)
      .orderBy('start_at', 'desc')
      .limit(20)
      .execute(),
    deps.db
      .selectFrom('resources')
      .select(['id', 'title', 'summary', 'file_type', 'file_size'])
      .where('company_id', '=', companyId)
      .orderBy('created_at', 'desc')
      .limit(8)
      .execute(),
  ]);
  const rank: Record<LiveStatus, number> = { live: 0, upcoming: 1, ended: 2 };
  const liveViews = lives
    .map((l) => ({
      id: l.id,
      title: l.title,
      cover: l.cover,
      speaker: l.speaker,
      startAt: l.start_at,
      endAt: l.end_at,
      status: liveStatus(l.start_at, l.end_at, now, hasPlayer(l)),
    }))
    // On air first, then the soonest upcoming, then the latest ended.
    .sort(
      (a, b) =>
        rank[a.status] - rank[b.status] ||
        (a.status === 'upcoming'
          ? a.startAt.localeCompare(b.startAt)
          : b.startAt.localeCompare(a.startAt)),
    )
    .slice(0, 6);
  return {
    articles: articles.map((a) => ({
      id: a.id,
      title: a.title,
      summary: a.summary,
      cover: a.cover,
      publishedAt: a.published_at!,
    })),
    courses: courses.map((c) => ({
      id: c.id,
      title: c.title,
      summary: c.summary,
      cover: c.cover,
      teacher: c.teacher,
      priceCents: c.price_cents,
    })),
    lives: liveViews,
    resources: resources.map((r) => ({
      id: r.id,
      title: r.title,
      summary: r.summary,
      fileType: r.file_type,
      fileSize: Number(r.file_size),
    })),
  };
}
