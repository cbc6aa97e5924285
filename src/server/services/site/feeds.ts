/**
 * What the sitemap and the RSS feed list (issue 3: canonical URLs, sitemap,
 * RSS): every public page, and the newest published articles. Only public
 * content: published articles and courses, every column, live broadcast,
 * featured video and short video.
 */
import {
  articleTags,
  columnTags,
  courseTags,
  liveTags,
  shortVideoTags,
  videoTags,
} from '../../cache/tags.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { urls } from '../../../shared/urls.ts';
import { fmt } from '../../../shared/messages.ts';
import { SITE_MSG } from './messages.ts';

/** The sitemap protocol allows 50,000 URLs in one file; newest items win beyond that. */
export const SITEMAP_MAX = 50_000;
/** Items in the RSS feed. */
export const RSS_SIZE = 30;

/** Tags of the sitemap: any list change may add or drop a URL. */
export const FEED_TAGS = [
  articleTags.list,
  courseTags.list,
  columnTags.list,
  liveTags.list,
  shortVideoTags.list,
  videoTags.list,
];

export interface SitemapUrl {
  path: string;
  lastmod?: string;
}

/** Pages every site has, whatever its content. */
export const STATIC_PATHS = [
  urls.home(),
  urls.articles(),
  urls.columns(),
  urls.courses(),
  urls.live(),
  urls.shortVideos(),
  urls.learningTools(),
  urls.paths(),
  urls.vip(),
  urls.challenges(),
  urls.resources(),
  urls.about(),
  urls.terms(),
  urls.privacy(),
];

/** The published kit challenges (项目挑战, issue 28), each a page of its own. */
const publishedChallenges = (db: Deps['db']) =>
  db
    .selectFrom('challenges')
    .select(['id', 'updated_at'])
    .where('status', '=', 'published')
    .orderBy('id');

/** Every public page's path (canonical form), with the last change where known. */
export async function sitemapUrls(deps: Pick<Deps, 'db' | 'clock'>): Promise<SitemapUrl[]> {
  const now = iso(deps.clock.now());
  const [articles, courses, bigs, columns, lives, shorts, videos, paths, challenges, members] =
    await Promise.all([
      deps.db
        .selectFrom('articles')
        .select(['id', 'updated_at'])
        .where('status', '=', 'published')
        .where('published_at', '<=', now)
        .orderBy('published_at', 'desc')
        .limit(SITEMAP_MAX)
        .execute(),
      deps.db
        .selectFrom('courses')
        .select(['id', 'updated_at'])
        .where('published', '=', 1)
        .orderBy('id', 'desc')
        .execute(),
      deps.db.selectFrom('big_classifies').select('id').orderBy('id').execute(),
      deps.db.selectFrom('classifies').select('id').orderBy('id').execute(),
      deps.db.selectFrom('live_broadcasts').select('id').orderBy('id', 'desc').execute(),
      deps.db.selectFrom('short_videos').select('id').orderBy('id', 'desc').execute(),
      deps.db.selectFrom('videos').select('id').orderBy('id', 'desc').execute(),
      deps.db
        .selectFrom('learning_paths')
        .select(['id', 'updated_at'])
        .where('status', '=', 'published')
        .orderBy('id')
        .execute(),
      publishedChallenges(deps.db).execute(),
      publicMemberIds(deps),
    ]);
  const out: SitemapUrl[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...bigs.map((b) => ({ path: urls.bigColumn(b.id) })),
    ...columns.map((c) => ({ path: urls.column(c.id) })),
    ...courses.map((c) => ({ path: urls.course(c.id), lastmod: c.updated_at })),
    ...lives.map((l) => ({ path: urls.liveDetail(l.id) })),
    ...shorts.map((s) => ({ path: urls.shortVideo(s.id) })),
    ...videos.map((v) => ({ path: urls.video(v.id) })),
    ...paths.map((p) => ({ path: urls.path(p.id), lastmod: p.updated_at })),
    ...challenges.map((c) => ({ path: urls.challenge(c.id), lastmod: c.updated_at })),
    ...members.map((id) => ({ path: urls.member(id) })),
    ...articles.map((a) => ({ path: urls.article(a.id), lastmod: a.updated_at })),
  ];
  return out.slice(0, SITEMAP_MAX);
}

/**
 * The path of every public content page (columns, courses, broadcasts, videos, articles), for
 * the static export; articles in batches, so memory stays flat at 100,000 articles.
 */
export async function* publicContentPaths(
  deps: Pick<Deps, 'db' | 'clock'>,
): AsyncGenerator<string> {
  const db = deps.db;
  for (const c of await db.selectFrom('big_classifies').select('id').orderBy('id').execute())
    yield urls.bigColumn(c.id);
  for (const c of await db.selectFrom('classifies').select('id').orderBy('id').execute())
    yield urls.column(c.id);
  const courses = await db
    .selectFrom('courses')
    .select('id')
    .where('published', '=', 1)
    .orderBy('id')
    .execute();
  for (const c of courses) {
    yield urls.course(c.id);
    yield urls.exam(c.id);
  }
  for (const l of await db.selectFrom('live_broadcasts').select('id').orderBy('id').execute())
    yield urls.liveDetail(l.id);
  for (const v of await db.selectFrom('short_videos').select('id').orderBy('id').execute())
    yield urls.shortVideo(v.id);
  for (const v of await db.selectFrom('videos').select('id').orderBy('id').execute())
    yield urls.video(v.id);
  const paths = db
    .selectFrom('learning_paths')
    .select('id')
    .where('status', '=', 'published')
    .orderBy('id');
  for (const p of await paths.execute()) yield urls.path(p.id);
  for (const c of await publishedChallenges(db).execute()) yield urls.challenge(c.id);
  for (const id of await publicMemberIds(deps)) yield urls.member(id);
  const now = iso(deps.clock.now());
  let after = 0;
  for (;;) {
    const batch = await db
      .selectFrom('articles')
      .select('id')
      .where('status', '=', 'published')
      .where('published_at', '<=', now)
      .where('id', '>', after)
      .orderBy('id')
      .limit(1000)
      .execute();
    for (const a of batch) yield urls.article(a.id);
    const last = batch.at(-1);
    if (!last) break;
    after = last.id;
  }
}

/**
 * Members whose public page shows something (a published article or an accepted write-up): their
 * names link there from the articles and the challenge galleries, so the sitemap and the static
 * export hold those pages. Members with nothing public are not listed (their page exists).
 */
async function publicMemberIds(deps: Pick<Deps, 'db' | 'clock'>): Promise<number[]> {
  const now = iso(deps.clock.now());
  // From the content side (few members write; many only read): the authors by the member index
  // of articles (migration 0046), and the makers of accepted work.
  const authors = deps.db
    .selectFrom('articles')
    .select('user_id as id')
    .where('user_id', 'is not', null)
    .where('status', '=', 'published')
    .where('published_at', '<=', now);
  const makers = deps.db
    .selectFrom('challenge_submissions as s')
    .innerJoin('challenges as c', 'c.id', 's.challenge_id')
    .select('s.user_id as id')
    .where('s.state', '=', 'accepted')
    .where('c.status', '=', 'published');
  const rows = await deps.db
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'member')
    .where('disabled', '=', 0)
    .where('id', 'in', authors.union(makers))
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface RssItem {
  id: number;
  title: string;
  summary: string;
  authorName: string;
  classifyName: string;
  publishedAt: string;
}

/** The newest published articles, for the feed. */
export async function rssItems(deps: Pick<Deps, 'db' | 'clock'>): Promise<RssItem[]> {
  const rows = await deps.db
    .selectFrom('articles as a')
    .innerJoin('article_classifies as c', 'c.id', 'a.classify_id')
    .select(['a.id', 'a.title', 'a.summary', 'a.author_name', 'c.name', 'a.published_at'])
    .where('a.status', '=', 'published')
    .where('a.published_at', '<=', iso(deps.clock.now()))
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(RSS_SIZE)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    authorName: r.author_name,
    classifyName: r.name,
    publishedAt: r.published_at!,
  }));
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** xmlEscape('a<b') → 'a&lt;b' */
export function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
}

/** The sitemap document (sitemaps.org 0.9). */
export function sitemapXml(siteUrl: string, list: SitemapUrl[]): string {
  const body = list
    .map(
      (u) =>
        `<url><loc>${xmlEscape(siteUrl + u.path)}</loc>${u.lastmod ? `<lastmod>${xmlEscape(u.lastmod)}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

/** The RSS 2.0 document of the newest articles. */
export function rssXml(site: { url: string; name: string }, items: RssItem[], now: Date): string {
  const entries = items
    .map((a) => {
      const link = xmlEscape(site.url + urls.article(a.id));
      return [
        '<item>',
        `<title>${xmlEscape(a.title)}</title>`,
        `<link>${link}</link>`,
        `<guid isPermaLink="true">${link}</guid>`,
        `<description>${xmlEscape(a.summary)}</description>`,
        `<dc:creator>${xmlEscape(a.authorName)}</dc:creator>`,
        `<category>${xmlEscape(a.classifyName)}</category>`,
        `<pubDate>${new Date(a.publishedAt).toUTCString()}</pubDate>`,
        '</item>',
      ].join('');
    })
    .join('\n');
  const self = xmlEscape(`${site.url}/rss.xml`);
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>${fmt(SITE_MSG.feed.title, { site: xmlEscape(site.name) })}</title>
<link>${xmlEscape(site.url)}/</link>
<atom:link href="${self}" rel="self" type="application/rss+xml"/>
<description>${fmt(SITE_MSG.feed.description, { site: xmlEscape(site.name) })}</description>
<language>zh-cn</language>
<lastBuildDate>${now.toUTCString()}</lastBuildDate>
${entries}
</channel>
</rss>
`;
}
