/**
 * A course's detail as the viewer sees it (/api/course/detail), asked once per
 * page: the lesson player and the buy box of a cached course page both read the
 * member's own access from it, never from the shared HTML.
 */
import type { CourseDetail } from '../server/services/courses/index.ts';
import { api, type Envelope } from './api.ts';

const asked = new Map<number, Promise<Envelope<{ detail: CourseDetail }>>>();

export function courseDetailOnce(courseId: number): Promise<Envelope<{ detail: CourseDetail }>> {
  let p = asked.get(courseId);
  if (!p) {
    p = api<{ detail: CourseDetail }>('get', `course/detail/${courseId}`);
    asked.set(courseId, p);
  }
  return p;
}
