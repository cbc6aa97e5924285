/**
 * Learning: watch keys, lesson progress, reading progress, completions and exam results (services/learning).
 */
import type { Generated } from 'kysely';
import type { Id, Flag, Time } from './columns.ts';

export interface CompletionsTable {
  id: Id;
  user_id: number;
  course_id: number;
  kind: 'course' | 'exam';
  score: number | null;
  completed_at: Time;
}

/** A watch key of /api/duration/key (migration 0005); the key itself is stored only as its SHA-256. */
export interface WatchKeysTable {
  id: Id;
  key_hash: string;
  user_id: number;
  lesson_id: number;
  course_id: number;
  /** The length watching is measured against, in seconds. */
  length_seconds: number;
  last_report_at: Time;
  created_at: Time;
  expires_at: Time;
}

/** A member's progress in one lesson (migration 0005). */
export interface LessonProgressTable {
  id: Id;
  user_id: number;
  lesson_id: number;
  course_id: number;
  position_seconds: Generated<number>;
  /** JSON list of merged [from, to] ranges of media seconds played. */
  watched_ranges: Generated<string>;
  watched_seconds: Generated<number>;
  completed: Generated<Flag>;
  updated_at: Time;
}

/** A member's reading of one article (migration 0036): the furthest paragraph and share reached. */
export interface ArticleProgressTable {
  id: Id;
  user_id: number;
  article_id: number;
  /** The furthest paragraph reached: an index into the body's direct children. */
  paragraph: Generated<number>;
  /** That paragraph as a share of the body, 0–100. */
  percent: Generated<number>;
  /** 1 once the end of the body was reached (READING_LIMITS.finishedPercent). */
  finished: Generated<Flag>;
  updated_at: Time;
}

/** A question inside a lesson (migration 0037). */
export interface LessonChecksTable {
  id: Id;
  lesson_id: number;
  kind: 'single' | 'multiple' | 'numeric';
  prompt: string;
  /** JSON list of option texts; [] for a numeric check. */
  options: Generated<string>;
  /** JSON: { choices: number[] } or { value: number; unit: string; tolerance: number } (±%). */
  answer: string;
  explanation: Generated<string>;
  /** The second of the lesson the player asks it at; null: after the lesson. */
  at_seconds: number | null;
  max_tries: Generated<number>;
  sort_order: Generated<number>;
  created_at: Time;
  updated_at: Time;
}

/** A member's answers to one check (migration 0037). */
export interface CheckAnswersTable {
  id: Id;
  user_id: number;
  check_id: number;
  tries: Generated<number>;
  correct: Generated<Flag>;
  last_answer: Generated<string>;
  updated_at: Time;
}

/** A member's certificate of a completed course (migration 0038). */
export interface CertificatesTable {
  id: Id;
  /** XXT-<year>-<10 random characters>, unique and not guessable. */
  number: string;
  user_id: number;
  course_id: number;
  /** The member's name as shown on it, at issue. */
  holder_name: string;
  course_title: string;
  issued_at: Time;
  revoked_at: Time | null;
  revoke_reason: Generated<string>;
}

/** Migration 0021: results reported by the exam service's signed callback. */
export interface ExamResultsTable {
  id: Id;
  user_id: number;
  target_type: 'course' | 'live';
  target_id: number;
  attempt_id: string;
  score: number;
  total: number;
  passed: Flag;
  submitted_at: Time;
  received_at: Time;
}

/** A learning path (学习路线, migration 0041): an ordered list of steps made by staff. */
export interface LearningPathsTable {
  id: Id;
  title: string;
  summary: Generated<string>;
  cover: string | null;
  /** 入门, 进阶 …: free text shown beside the title. */
  level: Generated<string>;
  sort_order: Generated<number>;
  status: Generated<'draft' | 'published'>;
  created_at: Time;
  updated_at: Time;
}

/** One step of a path (migration 0041): what it points at, by kind and id. */
export interface LearningPathStepsTable {
  id: Id;
  path_id: number;
  position: number;
  kind: 'article' | 'lesson' | 'replay' | 'tool' | 'resource';
  target_id: number;
  note: Generated<string>;
}

/** A member on a path (migration 0041) with a weekly plan; one per path and member. */
export interface LearningPathMembersTable {
  id: Id;
  path_id: number;
  user_id: number;
  /** The study days as ISO weekdays, '1,3,5' (1 = 周一 … 7 = 周日). */
  study_days: Generated<string>;
  steps_per_week: Generated<number>;
  joined_at: Time;
}

/** A step the member marked done (migration 0041): replays, tools and downloads leave no other record. */
export interface LearningPathMarksTable {
  id: Id;
  step_id: number;
  user_id: number;
  done_at: Time;
}

/** A kit challenge (项目挑战, migration 0045): kit, kickoff, tasks, window, deadline, reward. */
export interface ChallengesTable {
  id: Id;
  title: string;
  summary: Generated<string>;
  /** The kit: a course of ORDER_COURSE_TYPE, bought and shipped through commerce. */
  kit_course_id: number;
  /** The kickoff broadcast. */
  live_id: number | null;
  signup_start: Time;
  signup_end: Time;
  deadline: Time;
  /** 'code': a redemption code for reward_course_id (a coupon kind may follow). */
  reward_kind: Generated<'code'>;
  reward_course_id: number | null;
  /** How many days the reward code can be redeemed. */
  reward_days: Generated<number>;
  badge_name: string;
  status: Generated<'draft' | 'published'>;
  created_at: Time;
  updated_at: Time;
}

/** One task of a challenge (migration 0045), in order. */
export interface ChallengeTasksTable {
  id: Id;
  challenge_id: number;
  position: number;
  title: string;
  body: Generated<string>;
}

/** A member who joined a challenge (migration 0045); one per challenge and member. */
export interface ChallengeMembersTable {
  id: Id;
  challenge_id: number;
  user_id: number;
  joined_at: Time;
}

/** A member's write-up for a challenge (migration 0045); one per challenge and member. */
export interface ChallengeSubmissionsTable {
  id: Id;
  challenge_id: number;
  user_id: number;
  title: string;
  /** Plain text; paragraphs split on blank lines. */
  body: string;
  video_url: string;
  code_url: string;
  state: Generated<'pending' | 'accepted' | 'refused'>;
  /** Staff's reason for 未通过. */
  reason: Generated<string>;
  submitted_at: Time;
  reviewed_at: Time | null;
  reviewed_by: number | null;
  /** The redemption code given as the reward, grouped for reading (ABCD-EFGH-…). */
  reward_code: string | null;
}

/** A badge a member earned (migration 0045): one per member and challenge. */
export interface MemberBadgesTable {
  id: Id;
  user_id: number;
  challenge_id: number;
  name: string;
  awarded_at: Time;
}
