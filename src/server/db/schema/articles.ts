/**
 * Articles: article classifies and articles, with their review state (services/articles).
 */
import type { Generated } from 'kysely';
import type { Id, Flag, Time } from './columns.ts';

export interface ArticleClassifiesTable {
  id: Id;
  /** null for a classify, the parent's id for a second classify. */
  parent_id: number | null;
  name: string;
  display_order: number;
}

export interface ArticlesTable {
  id: Id;
  classify_id: number;
  second_classify_id: number | null;
  title: string;
  summary: string;
  /** Sanitised HTML. */
  content: string;
  /** Migration 0028: the console editor's document (ProseMirror JSON) the HTML was rendered from. */
  content_doc: string | null;
  cover: string | null;
  author_name: string;
  /** The member who published it, or null for editorial content. */
  user_id: number | null;
  company_id: number | null;
  status: 'draft' | 'pending' | 'published' | 'rejected';
  recommended: Flag;
  view_count: Generated<number>;
  laud_count: Generated<number>;
  source: string | null;
  published_at: Time | null;
  created_at: Time;
  updated_at: Time;
  /** Review of a member submission (migration 0004): the note shown to the author, when and by whom. */
  review_note: string | null;
  reviewed_at: Time | null;
  reviewed_by: number | null;
  /** Migration 0035: IP 属地 of a member author when submitting (null for editorial content). */
  ip_region: string | null;
}
