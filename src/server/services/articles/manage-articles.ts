/**
 * Editorial content management by an admin: create, edit and delete
 * editorial articles. Every write drops the cached pages that show the
 * article and brings the search index up to date, so the change is visible
 * on every page at once with no rebuild (issue 3, freshness). Member
 * publishing and its review live in publishing.ts, not here.
 */
import { articleTags, pageTags, searchTags } from '../../cache/tags.ts';
import { AppError } from '../../errors.ts';
import { iso } from '../../clock.ts';
import type { Deps } from '../../deps.ts';
import { commitChange, LIB_MSG, renderDocInput } from '../lib/index.ts';
import { enqueueJob } from '../jobs/index.ts';
import { reindexDocument, removeDocument } from '../search/index.ts';
import { textToHtml } from '../lib/index.ts';
import { dropMemberActivity } from '../members/index.ts';
import { ARTICLES_MSG } from './messages.ts';

/** Fields an admin sets on an editorial article; `content` is plain text, paragraphs split by blank lines. */
export interface ArticleInput {
  title: string;
  classifyId: number;
  secondClassifyId?: number | null;
  summary: string;
  content?: string;
  /** The console editor's document (JSON); wins over `content` when both are given. */
  contentDoc?: string;
  authorName: string;
  cover?: string | null;
  source?: string | null;
  recommended?: boolean;
  /** Scheduled: public from this time on (default now). */
  publishAt?: Date | null;
}

export const ARTICLE_PUBLISH = 'article.publish';

/**
 * A scheduled article goes public at its time without any write: this job,
 * due then, indexes it for search and drops the pages that list it (and
 * re-exports them, purges them at the CDN), through the change outbox.
 */
export async function publishScheduledArticle(
  deps: Deps,
  payload: Record<string, unknown>,
): Promise<void> {
  const id = Number(payload.articleId);
  await commitChange(deps, async (trx) => {
    await reindexDocument({ db: trx }, 'article', id);
    return { value: undefined, tags: articlePages(id) };
  });
}

/** Schedules the publication job of an article published in the future (in the change's transaction). */
async function schedulePublication(
  deps: Deps,
  trx: Parameters<Parameters<typeof commitChange>[1]>[0],
  id: number,
  at: Date | null | undefined,
): Promise<void> {
  if (!at || at <= deps.clock.now()) return;
  await enqueueJob(
    deps.jobs,
    trx,
    {
      kind: ARTICLE_PUBLISH,
      payload: { articleId: id },
      runAt: at,
      dedupeKey: `article-publish:${id}:${at.toISOString()}`,
    },
    deps.clock.now(),
  );
}

/** Takes an editorial article off the site (back to draft); its pages and search entry go. */
export async function unpublishArticle(deps: Deps, id: number): Promise<{ id: number }> {
  await editorialArticle(deps, id);
  return commitChange(deps, async (trx) => {
    await trx
      .updateTable('articles')
      .set({ status: 'draft', updated_at: iso(deps.clock.now()) })
      .where('id', '=', id)
      .execute();
    await removeDocument({ db: trx }, 'article', id);
    return { value: { id }, tags: articlePages(id) };
  });
}

async function checkClassify(
  deps: Pick<Deps, 'db'>,
  classifyId: number,
  secondId: number | null | undefined,
): Promise<void> {
  const top = await deps.db
    .selectFrom('article_classifies')
    .select('id')
    .where('id', '=', classifyId)
    .where('parent_id', 'is', null)
    .executeTakeFirst();
  if (!top) throw AppError.badRequest(ARTICLES_MSG.manage.classifyMissing);
  if (secondId == null) return;
  const second = await deps.db
    .selectFrom('article_classifies')
    .select('id')
    .where('id', '=', secondId)
    .where('parent_id', '=', classifyId)
    .executeTakeFirst();
  if (!second) throw AppError.badRequest(ARTICLES_MSG.manage.secondClassifyMismatch);
}

/** Pages showing an article: its own, every list (home, article list, side lists of others), search. */
function articlePages(id: number): string[] {
  return [articleTags.one(id), articleTags.list, pageTags.home, searchTags.list];
}

async function editorialArticle(deps: Pick<Deps, 'db'>, id: number): Promise<void> {
  const row = await deps.db
    .selectFrom('articles')
    .select('id')
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .executeTakeFirst();
  if (!row) throw AppError.notFound(ARTICLES_MSG.manage.articleMissing);
}

/** The body as stored: HTML rendered from the editor's document, or from plain text. */
function body(
  input: Partial<ArticleInput>,
): { content: string; content_doc: string | null } | null {
  if (input.contentDoc !== undefined) {
    const { doc, html } = renderDocInput(input.contentDoc);
    return { content: html, content_doc: doc };
  }
  if (input.content !== undefined) return { content: textToHtml(input.content), content_doc: null };
  return null;
}

/** Publishes a new editorial article now; returns its id. */
export async function createArticle(deps: Deps, input: ArticleInput): Promise<{ id: number }> {
  await checkClassify(deps, input.classifyId, input.secondClassifyId);
  const text = body(input);
  if (!text) throw AppError.badRequest(LIB_MSG.doc.body);
  const now = iso(deps.clock.now());
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('articles')
      .values({
        classify_id: input.classifyId,
        second_classify_id: input.secondClassifyId ?? null,
        title: input.title,
        summary: input.summary,
        ...text,
        cover: input.cover ?? null,
        author_name: input.authorName,
        user_id: null,
        company_id: null,
        status: 'published',
        recommended: input.recommended ? 1 : 0,
        source: input.source ?? null,
        published_at: input.publishAt ? iso(input.publishAt) : now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await reindexDocument({ db: trx }, 'article', row.id);
    await schedulePublication(deps, trx, row.id, input.publishAt);
    return { value: { id: row.id }, tags: articlePages(row.id) };
  });
}

/** Edits an editorial article; fields left out keep their value. */
export async function updateArticle(
  deps: Deps,
  id: number,
  input: Partial<ArticleInput>,
): Promise<{ id: number }> {
  await editorialArticle(deps, id);
  const text = body(input);
  if (input.classifyId !== undefined || input.secondClassifyId != null) {
    const current = await deps.db
      .selectFrom('articles')
      .select('classify_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await checkClassify(deps, input.classifyId ?? current.classify_id, input.secondClassifyId);
  }
  return commitChange(deps, async (trx) => {
    await trx
      .updateTable('articles')
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.classifyId !== undefined && { classify_id: input.classifyId }),
        ...(input.secondClassifyId !== undefined && {
          second_classify_id: input.secondClassifyId,
        }),
        ...(input.summary !== undefined && { summary: input.summary }),
        ...text,
        ...(input.authorName !== undefined && { author_name: input.authorName }),
        ...(input.cover !== undefined && { cover: input.cover }),
        ...(input.source !== undefined && { source: input.source }),
        ...(input.recommended !== undefined && { recommended: input.recommended ? 1 : 0 }),
        // A new time schedules it (or publishes it now), a draft included.
        ...(input.publishAt !== undefined && {
          published_at: iso(input.publishAt ?? deps.clock.now()),
          status: 'published' as const,
        }),
        updated_at: iso(deps.clock.now()),
      })
      .where('id', '=', id)
      .execute();
    await reindexDocument({ db: trx }, 'article', id);
    await schedulePublication(deps, trx, id, input.publishAt);
    return { value: { id }, tags: articlePages(id) };
  });
}

/** Deletes an editorial article with its comments, favourites and likes. */
export async function deleteArticle(deps: Deps, id: number): Promise<{ id: number }> {
  await editorialArticle(deps, id);
  return commitChange(deps, async (trx) => {
    await dropMemberActivity(trx, 'article', id);
    await trx.deleteFrom('articles').where('id', '=', id).execute();
    await removeDocument({ db: trx }, 'article', id);
    return { value: { id }, tags: articlePages(id) };
  });
}
