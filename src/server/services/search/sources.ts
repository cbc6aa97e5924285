/**
 * What each kind of content contributes to the search index: which rows are
 * public, their title, body text and date. Used when one item changes and
 * when the whole index is rebuilt.
 */
import type { Database } from '../../db/database.ts';
import { clip, htmlToText, MAX_BODY } from './text.ts';

/** Kinds of content the search covers, in the order the result tabs show them. */
export const SEARCH_TYPES = ['article', 'course', 'live', 'shortvideo', 'resource'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** One item as indexed: its title, plain body text and date (ISO). */
export interface SearchSource {
  type: SearchType;
  id: number;
  title: string;
  body: string;
  publishedAt: string;
}

function joinText(...parts: (string | null | undefined)[]): string {
  return clip(
    parts
      .filter((p) => p && p.trim())
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim(),
    MAX_BODY,
  );
}

/**
 * The public items of one kind, all of them or only `id`. Items that are not
 * public (draft articles, unpublished courses) are simply absent.
 */
export async function loadSources(
  db: Database,
  type: SearchType,
  id?: number,
): Promise<SearchSource[]> {
  const one = id !== undefined;
  switch (type) {
    case 'article': {
      const rows = await db
        .selectFrom('articles')
        .select(['id', 'title', 'summary', 'content', 'author_name', 'published_at'])
        .where('status', '=', 'published')
        .where('published_at', 'is not', null)
        .$if(one, (q) => q.where('id', '=', id!))
        .execute();
      return rows.map((r) => {
        const text = htmlToText(r.content);
        // Bodies often open with the summary; indexing it twice would only repeat it in snippets.
        const summary = text.startsWith(r.summary.trim()) ? '' : r.summary;
        return {
          type,
          id: r.id,
          title: r.title,
          body: joinText(summary, text, r.author_name),
          publishedAt: r.published_at!,
        };
      });
    }
    case 'course': {
      const rows = await db
        .selectFrom('courses')
        .select(['id', 'title', 'summary', 'description', 'teacher', 'created_at'])
        .where('published', '=', 1)
        .$if(one, (q) => q.where('id', '=', id!))
        .execute();
      return rows.map((r) => ({
        type,
        id: r.id,
        title: r.title,
        body: joinText(r.summary, htmlToText(r.description), r.teacher),
        publishedAt: r.created_at,
      }));
    }
    case 'live': {
      // Dated by creation, not start: upcoming broadcasts are searchable before they start.
      const rows = await db
        .selectFrom('live_broadcasts')
        .select(['id', 'title', 'summary', 'description', 'speaker', 'created_at'])
        .$if(one, (q) => q.where('id', '=', id!))
        .execute();
      return rows.map((r) => ({
        type,
        id: r.id,
        title: r.title,
        body: joinText(r.summary, htmlToText(r.description), r.speaker),
        publishedAt: r.created_at,
      }));
    }
    case 'shortvideo': {
      const rows = await db
        .selectFrom('short_videos')
        .select(['id', 'title', 'author', 'created_at'])
        .$if(one, (q) => q.where('id', '=', id!))
        .execute();
      return rows.map((r) => ({
        type,
        id: r.id,
        title: r.title,
        body: joinText(r.author),
        publishedAt: r.created_at,
      }));
    }
    case 'resource': {
      const rows = await db
        .selectFrom('resources')
        .select(['id', 'title', 'summary', 'file_type', 'created_at'])
        .$if(one, (q) => q.where('id', '=', id!))
        .execute();
      return rows.map((r) => ({
        type,
        id: r.id,
        title: r.title,
        body: joinText(r.summary, r.file_type),
        publishedAt: r.created_at,
      }));
    }
  }
}
