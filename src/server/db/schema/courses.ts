/**
 * Courses: big columns and columns (classifies), labels, courses, lessons and resources (services/courses).
 */
import type { Generated } from 'kysely';
import type { Id, Flag, Time } from './columns.ts';

export interface BigClassifiesTable {
  id: Id;
  name: string;
  description: string;
  cover: string | null;
  display_order: number;
}

export interface ClassifiesTable {
  id: Id;
  big_classify_id: number;
  name: string;
  description: string;
  cover: string | null;
  display_order: number;
  hot: Flag;
  created_at: Time;
}

export interface LabelsTable {
  id: Id;
  name: string;
  course_type: number;
  display_order: number;
}

export interface CoursesTable {
  id: Id;
  classify_id: number;
  title: string;
  summary: string;
  description: string;
  cover: string | null;
  teacher: string;
  /** Migration 0040: the teacher's own account, who answers questions on the lessons (issue 26). */
  teacher_user_id: Generated<number | null>;
  /** 1 video course, 2 live course, 3 exam, 4 order-type (shipped goods). */
  type: number;
  price_cents: number;
  /** Migration 0013: days a purchase unlocks the course for; null: for good. */
  access_days: Generated<number | null>;
  /** Migration 0023: the partner company whose zone lists it, if any. */
  company_id: Generated<number | null>;
  recommended: Flag;
  exam_enabled: Flag;
  view_count: Generated<number>;
  published: Flag;
  created_at: Time;
  updated_at: Time;
}

export interface CourseLabelsTable {
  course_id: number;
  label_id: number;
}

export interface LessonsTable {
  id: Id;
  course_id: number;
  title: string;
  video_url: string | null;
  duration_seconds: number;
  sort_order: number;
  free_preview: Flag;
  /** Migration 0031: JSON list of chapters, {at, title} (src/shared/media-text.ts). */
  chapters: Generated<string>;
  /** Migration 0031: JSON list of subtitle cues, {start, end, text}; null without subtitles. */
  subtitles: Generated<string | null>;
}

export interface ResourcesTable {
  id: Id;
  title: string;
  summary: string;
  file_type: string;
  file_size: number;
  file_url: string;
  download_count: Generated<number>;
  company_id: number | null;
  created_at: Time;
  /** Migration 0016: the paid course whose material it is (only its entitled members download). */
  course_id: number | null;
}
