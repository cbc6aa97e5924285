/**
 * The resources list (issue 24) on the demo seed: every file reachable by
 * paging, filtered by course and by file type, each course's files listed
 * for its page, and where one file sits (the search results' entry link).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  RESOURCES_PAGE_SIZE,
  listCourseResources,
  listResources,
  resourceFacets,
  resourcePage,
} from '../../../src/server/services/courses/index.ts';
import { createTestRuntime, type TestRuntime } from '../../support/runtime.ts';

let rt: TestRuntime;

beforeAll(async () => {
  rt = await createTestRuntime();
});

afterAll(async () => {
  await rt?.close();
});

const allRows = () =>
  rt.deps.db
    .selectFrom('resources')
    .select(['id', 'title', 'course_id', 'file_type', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

it('pages through every file, newest first, the oldest on the last page', async () => {
  const rows = await allRows();
  expect(rows.length).toBeGreaterThan(RESOURCES_PAGE_SIZE);
  const seen: number[] = [];
  const pages = Math.ceil(rows.length / RESOURCES_PAGE_SIZE);
  for (let page = 1; page <= pages; page++) {
    const p = await listResources(rt.deps, { page, size: RESOURCES_PAGE_SIZE });
    expect(p.count).toBe(rows.length);
    seen.push(...p.list.map((r) => r.id));
  }
  expect(seen).toEqual(rows.map((r) => r.id));
  const oldest = rows.at(-1)!;
  expect(await resourcePage(rt.deps, oldest.id, RESOURCES_PAGE_SIZE)).toBe(pages);
  expect(await resourcePage(rt.deps, rows[0]!.id, RESOURCES_PAGE_SIZE)).toBe(1);
  expect(await resourcePage(rt.deps, 999999, RESOURCES_PAGE_SIZE)).toBeNull();
});

it('filters by course and by file type, and offers only what exists', async () => {
  const rows = await allRows();
  const facets = await resourceFacets(rt.deps);
  const buck = facets.courses.find((c) => c.title.includes('Buck'))!;
  expect(buck).toBeDefined();
  const ofBuck = rows.filter((r) => r.course_id === buck.id);
  expect(buck.count).toBe(ofBuck.length);
  const byCourse = await listResources(rt.deps, { page: 1, size: 10, courseId: buck.id });
  expect(byCourse.count).toBe(ofBuck.length);
  expect(byCourse.list.map((r) => r.id)).toEqual(ofBuck.map((r) => r.id));
  expect(byCourse.list[0]!.ofCourse).toEqual({ id: buck.id, title: buck.title });

  const types = [...new Set(rows.map((r) => r.file_type.toLowerCase()))].sort();
  expect(facets.fileTypes.map((t) => t.type)).toEqual(types);
  const pdf = await listResources(rt.deps, { page: 1, size: 100, fileType: 'pdf' });
  expect(pdf.count).toBe(rows.filter((r) => r.file_type.toLowerCase() === 'pdf').length);
  expect(pdf.list.every((r) => r.fileType.toLowerCase() === 'pdf')).toBe(true);
  expect((await listResources(rt.deps, { page: 1, size: 10, fileType: 'exe' })).count).toBe(0);
});

it('lists every file of a course for its page, with the counted download link', async () => {
  const rows = await allRows();
  const courseIds = [...new Set(rows.map((r) => r.course_id).filter((id) => id !== null))];
  expect(courseIds.length).toBeGreaterThan(0);
  for (const id of courseIds) {
    const list = await listCourseResources(rt.deps, id!);
    expect(list.map((r) => r.id).sort()).toEqual(
      rows
        .filter((r) => r.course_id === id)
        .map((r) => r.id)
        .sort(),
    );
    for (const r of list) expect(r.downloadUrl).toBe(`/download/${r.id}`);
  }
  expect(await listCourseResources(rt.deps, 999999)).toEqual([]);
});
