/**
 * Videos: featured videos and short videos (services/videos).
 */
import type { Generated } from 'kysely';
import type { Id, Flag, Time } from './columns.ts';

export interface VideosTable {
  id: Id;
  title: string;
  summary: string;
  cover: string | null;
  path: string;
  duration_seconds: number;
  classify_id: number | null;
  recommended: Flag;
  view_count: Generated<number>;
  laud_count: Generated<number>;
  created_at: Time;
}

export interface ShortVideosTable {
  id: Id;
  title: string;
  path: string;
  cover: string | null;
  author: string;
  duration_seconds: number;
  recommended: Flag;
  view_count: Generated<number>;
  laud_count: Generated<number>;
  created_at: Time;
}
