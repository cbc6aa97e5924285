/**
 * What the article page shows, as plain data. The real page (/article/<id>) loads the article
 * and its side lists and lets the layout, the ad slots and the comments load their own parts as
 * they render, as every page does; the benchmark's yardstick (issue 30) hands all of it to the
 * same ArticlePage from a JSON file, parts included, so it renders the same HTML with no query.
 */
import { contentSlotAds } from '../../../components/ads/content-ads.ts';
import { firstComments, type FirstComments } from '../../../components/members/first-comments.ts';
import { loadLayoutShell, type LayoutShell } from '../../../layouts/layout-shell.ts';
import { articleTags } from '../../../server/cache/tags.ts';
import type { Deps } from '../../../server/deps.ts';
import { pageMemo } from '../../../server/page.ts';
import type { AdView } from '../../../server/services/ads/index.ts';
import {
  getArticle,
  listRecommendedArticles,
  listRelatedArticles,
  type ArticleDetail,
  type ArticleSummary,
} from '../../../server/services/articles/index.ts';

/** The parts ArticlePage's components load themselves unless given (the yardstick gives them). */
export interface ArticlePageParts {
  shell: LayoutShell;
  contentAds: { top: AdView[]; right: AdView[] };
  comments: FirstComments;
}

export interface ArticlePageProps {
  article: ArticleDetail;
  related: ArticleSummary[];
  /** 推荐阅读 beside it: the recommended list without this article, six at most. */
  sideRecommended: ArticleSummary[];
  /** For the JSON-LD. */
  site: { siteUrl: string; siteName: string };
  /** Loaded already: then nothing on the page reads the database. */
  parts?: ArticlePageParts;
}

/** The page's own data, or null when no published article has this id. */
export async function loadArticlePage(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  id: number,
): Promise<ArticlePageProps | null> {
  const article = await getArticle(deps, id);
  if (!article) return null;
  const [related, recommended] = await Promise.all([
    listRelatedArticles(deps, article.id),
    // The same for every article page: kept as a fragment, dropped with the article list.
    pageMemo(deps, [articleTags.list])('articles:recommended:7', () =>
      listRecommendedArticles(deps, 7),
    ),
  ]);
  const { siteUrl, siteName } = deps.config;
  return {
    article,
    related: related ?? [],
    sideRecommended: recommended.filter((a) => a.id !== article.id).slice(0, 6),
    site: { siteUrl, siteName },
  };
}

/** The parts as the components would load them for this article (the yardstick's fixture). */
export async function loadArticlePageParts(
  deps: Pick<Deps, 'db' | 'clock' | 'cache' | 'config'>,
  articleId: number,
): Promise<ArticlePageParts> {
  const [shell, top, right, comments] = await Promise.all([
    loadLayoutShell(deps),
    contentSlotAds(deps, 'top'),
    contentSlotAds(deps, 'right'),
    firstComments(deps, 'article', articleId),
  ]);
  return { shell, contentAds: { top, right }, comments };
}
