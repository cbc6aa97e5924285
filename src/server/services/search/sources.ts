/**
 * What each kind of content contributes to the search index: which rows are
 * public, their title, body text and date. Used when one item changes and
 * when the whole index is rebuilt.
 */
import type { Database } from '../../db/database.ts';
import { clip, htmlToText, MAX_BODY } from './search-text.ts';

/** Kinds of content the search covers, in the order the result tabs show them. */
export const SEARCH_TYPES = ['article', 'course', 'live', 'shortvideo', 'resource'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * One item as indexed: its title, its topic (what it is filed under: its
 * classify, column, labels or company, ranked just below the title), plain
 * body text and date (ISO).
 */
export interface SearchSource {
  type: SearchType;
  id: number;
  title: string;
  topic: string;
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
        .selectFrom('articles as a')
        .leftJoin('article_classifies as c1', 'c1.id', 'a.classify_id')
        .leftJoin('article_classifies as c2', 'c2.id', 'a.second_classify_id')
        .select([
          'a.id',
          'a.title',
          'a.summary',
          'a.content',
          'a.author_name',
          'a.published_at',
          'c1.name as classify',
          'c2.name as second',
        ])
        .where('a.status', '=', 'published')
        .where('a.published_at', 'is not', null)
        .$if(one, (q) => q.where('a.id', '=', id!))
        .execute();
      return rows.map((r) => {
        const text = htmlToText(r.content);
        // Bodies often open with the summary; indexing it twice would only repeat it in snippets.
        const summary = text.startsWith(r.summary.trim()) ? '' : r.summary;
        return {
          type,
          id: r.id,
          title: r.title,
          topic: joinText(r.classify, r.second),
          body: joinText(summary, text, r.author_name),
          publishedAt: r.published_at!,
        };
      });
    }
    case 'course': {
      const rows = await db
        .selectFrom('courses as c')
        .leftJoin('classifies as k', 'k.id', 'c.classify_id')
        .select([
          'c.id',
          'c.title',
          'c.summary',
          'c.description',
          'c.teacher',
          'c.created_at',
          'k.name as column',
        ])
        .where('c.published', '=', 1)
        .$if(one, (q) => q.where('c.id', '=', id!))
        .execute();
      const labels = await db
        .selectFrom('course_labels as cl')
        .innerJoin('labels as l', 'l.id', 'cl.label_id')
        .select(['cl.course_id', 'l.name'])
        .$if(one, (q) => q.where('cl.course_id', '=', id!))
        .execute();
      return rows.map((r) => ({
        type,
        id: r.id,
        title: r.title,
        // The column and labels, not the broad big column ('电源与模拟' would tag every analog course).
        topic: joinText(r.column, ...labels.filter((l) => l.course_id === r.id).map((l) => l.name)),
        body: joinText(r.summary, htmlToText(r.description), r.teacher),
        publishedAt: r.created_at,
      }));
    }
    case 'live': {
      // Dated by creation, not start: upcoming broadcasts are searchable before they start.
      const rows = await db
        .selectFrom('live_broadcasts as l')
        .leftJoin('companies as co', 'co.id', 'l.company_id')
        .select([
          'l.id',
          'l.title',
          'l.summary',
          'l.description',
          'l.speaker',
          'l.created_at',
          'co.name as company',
        ])
        .$if(one, (q) => q.where('l.id', '=', id!))
        .execute();
      return rows.map((r) => ({
        type,
        id: r.id,
        title: r.title,
        topic: joinText(r.company),
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
        topic: '',
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
        topic: '',
        body: joinText(r.summary, r.file_type),
        publishedAt: r.created_at,
      }));
    }
  }
}
