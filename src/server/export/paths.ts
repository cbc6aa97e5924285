/**
 * Every page a static export writes (issue 25): the fixed pages, each list page by page under
 * every filter a page links to (the path forms of src/shared/urls.ts), and every public item.
 * A CDN or bucket serves the folder as it is, so a link the export renders must name a file
 * the export wrote: the lists here follow the links of the list pages' filters and pagers.
 */
import type { Deps } from '../deps.ts';
import { listArticles, listClassifyTree } from '../services/articles/index.ts';
import {
  RESOURCES_PAGE_SIZE,
  listCourses,
  listLabels,
  listResources,
  resourceFacets,
} from '../services/courses/index.ts';
import { STATIC_PATHS, listLearningTools, publicContentPaths } from '../services/site/index.ts';
import { listShortVideos } from '../services/videos/index.ts';
import { FILTER_TYPE, LIST_PAGE_SIZE } from '../../shared/constants.ts';
import { urls } from '../../shared/urls.ts';

/** The about tabs past the first (/aboutus/1 … /aboutus/4). */
const ABOUT_TABS = [1, 2, 3, 4];
const TYPES = [FILTER_TYPE.recommended, FILTER_TYPE.newest, FILTER_TYPE.hot] as const;

/** Pages every site has, whatever its content, and the feeds. */
export const FIXED_PATHS = [
  ...STATIC_PATHS,
  ...ABOUT_TABS.map((i) => urls.about(i)),
  '/sitemap.xml',
  '/rss.xml',
  // The ads, for the ad script on a host with no API behind it.
  '/ads.json',
];

/** 1 … the last page of a list of `count` items (one page when it is empty). */
function pageNumbers(count: number, size: number): number[] {
  return Array.from({ length: Math.max(1, Math.ceil(count / size)) }, (_, i) => i + 1);
}

/** Pages 2 … of a list (page 1 is the list's own path, without /page/1). */
const orFirst = (n: number) => (n > 1 ? n : undefined);

/** Every page of every article list: all, each classify and second classify, in each order. */
export async function* articleListPaths(deps: Pick<Deps, 'db' | 'clock'>): AsyncGenerator<string> {
  const tree = await listClassifyTree(deps);
  const filters: { classifyId?: number; secondClassifyId?: number }[] = [
    {},
    ...tree.flatMap((c) => [
      { classifyId: c.id },
      ...c.children.map((s) => ({ classifyId: c.id, secondClassifyId: s.id })),
    ]),
  ];
  for (const f of filters) {
    const { count } = await listArticles(deps, {
      ...f,
      type: FILTER_TYPE.recommended,
      page: 1,
      size: 1,
    });
    for (const type of TYPES)
      for (const n of pageNumbers(count, LIST_PAGE_SIZE.articles))
        yield urls.articles({
          ...f,
          type: type === FILTER_TYPE.recommended ? undefined : type,
          page: orFirst(n),
        });
  }
}

/** Every page of the course list, whole and by label. */
export async function* courseListPaths(deps: Pick<Deps, 'db'>): AsyncGenerator<string> {
  for (const label of await listLabels(deps)) {
    const labelId = label.id === '' ? undefined : label.id;
    const { count } = await listCourses(deps, { labelId, page: 1, size: 1 });
    for (const n of pageNumbers(count, LIST_PAGE_SIZE.courses))
      yield urls.courses({ labelId, page: orFirst(n) });
  }
}

/** Every page of the short-video feed, in each order. */
export async function* shortVideoListPaths(deps: Pick<Deps, 'db'>): AsyncGenerator<string> {
  const { count } = await listShortVideos(deps, { page: 1, size: 1 });
  for (const type of TYPES)
    for (const n of pageNumbers(count, LIST_PAGE_SIZE.shortVideos))
      yield urls.shortVideos({
        type: type === FILTER_TYPE.recommended ? undefined : type,
        page: orFirst(n),
      });
}

/** Every page of /resources under each course and file type, and both together. */
export async function* resourceListPaths(deps: Pick<Deps, 'db'>): AsyncGenerator<string> {
  const facets = await resourceFacets(deps);
  const courses = [undefined, ...facets.courses.map((c) => c.id)];
  const types = [undefined, ...facets.fileTypes.map((t) => t.type)];
  for (const courseId of courses)
    for (const type of types) {
      const { count } = await listResources(deps, { courseId, fileType: type, page: 1, size: 1 });
      for (const n of pageNumbers(count, RESOURCES_PAGE_SIZE))
        yield urls.resources({ courseId, type, page: orFirst(n) });
    }
}

/** The learning tools that are pages of this site (/tool/<slug>), not links elsewhere. */
export async function* toolPaths(deps: Pick<Deps, 'db'>): AsyncGenerator<string> {
  for (const t of await listLearningTools(deps))
    if (/^\/tool\/[a-z0-9-]+$/.test(t.url)) yield t.url;
}

/** Every list's pages, for the export and for re-exporting a list after a change. */
export async function* listPaths(deps: Pick<Deps, 'db' | 'clock'>): AsyncGenerator<string> {
  yield* articleListPaths(deps);
  yield* courseListPaths(deps);
  yield* shortVideoListPaths(deps);
  yield* resourceListPaths(deps);
}

/** Every public page's path and the feeds, articles in batches (flat memory at 100,000 articles). */
export async function* exportPaths(deps: Pick<Deps, 'db' | 'clock'>): AsyncGenerator<string> {
  const seen = new Set<string>();
  const once = function* (path: string) {
    if (!seen.has(path)) {
      seen.add(path);
      yield path;
    }
  };
  for (const p of FIXED_PATHS) yield* once(p);
  for await (const p of listPaths(deps)) yield* once(p);
  for await (const p of toolPaths(deps)) yield* once(p);
  // Items: no duplicates there, and too many at scale to remember.
  yield* publicContentPaths(deps);
}
