/**
 * The spec's query forms whose permanent redirect to the path form (issue 25) follows from the
 * query alone: /articlelist?classifyId=&secondClassifyId=&type=&page=, /shortvideo?type=&page=,
 * /aboutus?index= and the detail forms /livedetail?id= and the like. Their pages redirect
 * through `queryFormTarget`, and the front handler (http/front.ts) answers the same 301 itself,
 * before the page cache and Astro: such a URL names no page to cache, and through Astro each
 * one cost about ten cached answers (issue 30: a sixth of a flood of random query strings).
 *
 * Not here: /articledetail?id= (whether the article exists decides the target). /courselist is
 * a form only without a search word; with one it is the course title search, a page of its own.
 */
import { urls } from '../shared/urls.ts';

/** A positive 32-bit id from a query value, else null: idParam('12') → 12, idParam('x') → null */
export function idParam(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}

const value = (raw: string | null) => idParam(raw) ?? undefined;

/** A form: the query parameters it reads (the only ones `target` can ask for) and its target. */
interface Form {
  params: readonly string[];
  /** The path form, or null when the query asks for the page itself (no redirect). */
  target(get: (name: string) => string | null): string | null;
}
function form<P extends string>(
  params: readonly P[],
  target: (get: (name: P) => string | null) => string | null,
): Form {
  return { params, target };
}

/** A detail form: its id's canonical page, or the list when the id is not one. */
const detail = (one: (id: number) => string, none: () => string) =>
  form(['id'], (get) => {
    const id = idParam(get('id'));
    return id === null ? none() : one(id);
  });

const FORMS = new Map<string, Form>([
  [
    '/articlelist',
    form(['classifyId', 'secondClassifyId', 'type', 'page'], (get) =>
      urls.articles({
        classifyId: value(get('classifyId')),
        secondClassifyId: value(get('secondClassifyId')),
        type: value(get('type')),
        page: value(get('page')),
      }),
    ),
  ],
  [
    '/shortvideo',
    form(['type', 'page'], (get) =>
      get('type') !== null || get('page') !== null
        ? urls.shortVideos({ type: value(get('type')), page: value(get('page')) })
        : null,
    ),
  ],
  [
    '/aboutus',
    form(['index'], (get) => {
      const index = get('index');
      return index === null ? null : urls.about(/^[0-4]$/.test(index) ? Number(index) : 0);
    }),
  ],
  ['/livedetail', detail(urls.liveDetail, urls.live)],
  ['/videodetail', detail(urls.video, urls.featuredVideos)],
  ['/shortvideodetail', detail(urls.shortVideo, urls.shortVideos)],
  ['/columndetail', detail(urls.column, urls.columns)],
  ['/bigcolumn', detail(urls.bigColumn, urls.columns)],
  ['/exam', detail(urls.exam, urls.courses)],
  ['/coursedetail', detail(urls.course, urls.courses)],
  [
    '/courselist',
    form(['word', 'labelId', 'page'], (get) => {
      // A word is there when something is left once control characters and spaces go (as the
      // search page reads it: stripControls, then trim).
      // eslint-disable-next-line no-control-regex
      if (/[^\s\u0000-\u001f\u007f]/.test(get('word') ?? '')) return null;
      return urls.courses({
        labelId: value(get('labelId')),
        page: Math.min(idParam(get('page')) ?? 1, 100000),
      });
    }),
  ],
]);

/** The query parameters each form reads (the page cache's key keeps them: cache-key.ts). */
export const QUERY_FORM_PARAMS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  [...FORMS].map(([path, f]) => [path, f.params]),
);

/**
 * Where a query form redirects, from its path and query (the part after `?`, without it), or
 * null when the path is no such form or its query asks for the page itself:
 * queryFormTarget('/shortvideo', 'type=2&page=3') → '/shortvideo/t/2/page/3'
 * queryFormTarget('/livedetail', 'id=x') → '/live'
 * queryFormTarget('/shortvideo', 'r=1') → null (the feed itself)
 */
export function queryFormTarget(path: string, query: string | URLSearchParams): string | null {
  const found = FORMS.get(path);
  if (!found) return null;
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  // The first value of a repeated parameter, as `searchParams.get` gives a page.
  return found.target((name) => params.get(name));
}
