/**
 * Gating of paid and login-required content (STYLE 7): pure functions, so the
 * rules are tested as tables and locked content is cut on the server before
 * it can reach a page or an API answer.
 */

/** Order statuses that mean the member has paid for the course (orders.status: 1 paid, 2 paid goods). */
export const PAID_ORDER_STATUSES: readonly number[] = [1, 2];

/**
 * Who is looking: a member id (null for a visitor) and whether they hold a
 * current entitlement to the course (entitlements.ts, the one table every
 * grant writes: a verified payment or a redemption code).
 */
export interface Viewer {
  memberId: number | null;
  entitled: boolean;
}

/** The visitor view: what every cached public page renders. */
export const VISITOR: Viewer = { memberId: null, entitled: false };

/** True when a status counts as paid: isPaidStatus(2) → true, isPaidStatus(0) → false. */
export function isPaidStatus(status: number): boolean {
  return PAID_ORDER_STATUSES.includes(status);
}

/** True when the viewer is a member entitled to the course. */
export function hasPaid(viewer: Viewer): boolean {
  return viewer.memberId !== null && viewer.entitled;
}

/**
 * Whether a lesson's video may be handed out: the course is free, the lesson
 * is a free preview, or the viewer has paid. canWatch({ priceCents: 9900, freePreview: false }, VISITOR) → false
 */
export function canWatch(
  lesson: { priceCents: number; freePreview: boolean },
  viewer: Viewer,
): boolean {
  return lesson.priceCents === 0 || lesson.freePreview || hasPaid(viewer);
}

/** A lesson as stored, with the fields gating needs. */
export interface LessonFacts {
  id: number;
  title: string;
  videoUrl: string | null;
  durationSeconds: number;
  sortOrder: number;
  freePreview: boolean;
}

/** A lesson as shown: `videoUrl` is null and `locked` true unless the viewer may watch it. */
export interface GatedLesson {
  id: number;
  title: string;
  durationSeconds: number;
  sortOrder: number;
  freePreview: boolean;
  locked: boolean;
  videoUrl: string | null;
}

/** Cuts a lesson's video URL unless `canWatch` allows it. */
export function gateLesson(lesson: LessonFacts, priceCents: number, viewer: Viewer): GatedLesson {
  const open = canWatch({ priceCents, freePreview: lesson.freePreview }, viewer);
  return {
    id: lesson.id,
    title: lesson.title,
    durationSeconds: lesson.durationSeconds,
    sortOrder: lesson.sortOrder,
    freePreview: lesson.freePreview,
    locked: !open,
    videoUrl: open ? lesson.videoUrl : null,
  };
}

/** Gates every lesson of a course for one viewer. */
export function gateLessons(
  lessons: readonly LessonFacts[],
  priceCents: number,
  viewer: Viewer,
): GatedLesson[] {
  return lessons.map((l) => gateLesson(l, priceCents, viewer));
}

/**
 * A live broadcast without its player fields. Watching needs login (spec 2, 6),
 * so `streamUrl` and `htmlUrl` are dropped from every public view and the view
 * says so with `requiresLogin`.
 * publicLive({ id: 1, streamUrl: 'x', htmlUrl: 'y' }) → { id: 1, requiresLogin: true }
 */
export function publicLive<T extends object>(
  live: T,
): Omit<T, 'streamUrl' | 'htmlUrl' | 'stream_url' | 'html_url'> & { requiresLogin: true } {
  const {
    streamUrl: _s,
    htmlUrl: _h,
    stream_url: _s2,
    html_url: _h2,
    ...rest
  } = live as T & Record<string, unknown>;
  return {
    ...(rest as Omit<T, 'streamUrl' | 'htmlUrl' | 'stream_url' | 'html_url'>),
    requiresLogin: true,
  };
}

/** What the exam page can offer: practice off, a login first, or the exam itself. */
export type ExamAccess = 'disabled' | 'loginRequired' | 'open';

/** examAccess(true, VISITOR) → 'loginRequired'; examAccess(false, anyone) → 'disabled' */
export function examAccess(examEnabled: boolean, viewer: Viewer): ExamAccess {
  if (!examEnabled) return 'disabled';
  return viewer.memberId === null ? 'loginRequired' : 'open';
}
