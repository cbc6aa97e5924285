/**
 * Site: partner companies and their zones, notices, learning tools (services/site), and the
 * bookkeeping of the static export (src/server/export) and CDN purges (src/server/cdn).
 */
import type { Generated } from 'kysely';
import type { Id, Flag, Time } from './columns.ts';

export interface CompaniesTable {
  id: Id;
  name: string;
  domain: string;
  logo: string | null;
  description: string;
  login_image_url: string | null;
  featured: Flag;
  display_order: number;
  created_at: Time;
}

export interface NoticeCategoriesTable {
  id: Id;
  name: string;
  display_order: number;
}

export interface NoticesTable {
  id: Id;
  category_id: number;
  title: string;
  content: string;
  /** Shown as the pop-up notice (spec 3). */
  popup: Flag;
  /** A personal notice for one member, or null for everyone. */
  user_id: number | null;
  published_at: Time;
  created_at: Time;
}

export interface LearningToolsTable {
  id: Id;
  name: string;
  description: string;
  url: string;
  icon: string | null;
  category: string;
  display_order: number;
}

/** Migration 0024: the cache tags of every exported page (static export). */
export interface ExportPageTagsTable {
  tag: string;
  path: string;
}

/** Migration 0025: CDN URLs purged per provider and China day (daily quotas). */
export interface CdnPurgeDaysTable {
  provider: string;
  day: string;
  urls: Generated<number>;
}
