/**
 * Index videos and short videos (spec 3: hotVideo, newVideo, recommendVideo,
 * shortVideo; a short video is id and path). Neither is paid content, so
 * their paths are public.
 */
import { FILTER_TYPE, type FilterType } from '../../../shared/constants.ts';
import type { Deps } from '../../deps.ts';
import { countRows, type Paged, type PageInput, pageOf, pageRows } from '../lib/index.ts';

export interface VideoView {
  id: number;
  title: string;
  summary: string;
  cover: string | null;
  path: string;
  durationSeconds: number;
  classifyId: number | null;
  recommended: boolean;
  viewCount: number;
  laudCount: number;
  createdAt: string;
}

export interface ShortVideoView {
  id: number;
  title: string;
  path: string;
  cover: string | null;
  author: string;
  durationSeconds: number;
  recommended: boolean;
  viewCount: number;
  laudCount: number;
  createdAt: string;
}

/**
 * The ordering of a filter type. Recommended lists every item with the
 * editors' picks first, so each tab of a feed pages through the same items.
 */
type SortColumn = 'recommended' | 'created_at' | 'view_count';

function orderFor(type: FilterType): [SortColumn, 'asc' | 'desc'][] {
  if (type === FILTER_TYPE.hot)
    return [
      ['view_count', 'desc'],
      ['created_at', 'desc'],
    ];
  if (type === FILTER_TYPE.newest) return [['created_at', 'desc']];
  return [
    ['recommended', 'desc'],
    ['created_at', 'desc'],
  ];
}

const VIDEO_COLUMNS = [
  'id',
  'title',
  'summary',
  'cover',
  'path',
  'duration_seconds',
  'classify_id',
  'recommended',
  'view_count',
  'laud_count',
  'created_at',
] as const;
const SHORT_COLUMNS = [
  'id',
  'title',
  'path',
  'cover',
  'author',
  'duration_seconds',
  'recommended',
  'view_count',
  'laud_count',
  'created_at',
] as const;

function toVideo(r: {
  id: number;
  title: string;
  summary: string;
  cover: string | null;
  path: string;
  duration_seconds: number;
  classify_id: number | null;
  recommended: number;
  view_count: number;
  laud_count: number;
  created_at: string;
}): VideoView {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    cover: r.cover,
    path: r.path,
    durationSeconds: r.duration_seconds,
    classifyId: r.classify_id,
    recommended: r.recommended === 1,
    viewCount: r.view_count,
    laudCount: r.laud_count,
    createdAt: r.created_at,
  };
}

function toShort(r: {
  id: number;
  title: string;
  path: string;
  cover: string | null;
  author: string;
  duration_seconds: number;
  recommended: number;
  view_count: number;
  laud_count: number;
  created_at: string;
}): ShortVideoView {
  return {
    id: r.id,
    title: r.title,
    path: r.path,
    cover: r.cover,
    author: r.author,
    durationSeconds: r.duration_seconds,
    recommended: r.recommended === 1,
    viewCount: r.view_count,
    laudCount: r.laud_count,
    createdAt: r.created_at,
  };
}

/** The most viewed videos (spec 3: hotVideo). */
export async function listHotVideos(deps: Pick<Deps, 'db'>, limit = 8): Promise<VideoView[]> {
  const rows = await deps.db
    .selectFrom('videos')
    .select(VIDEO_COLUMNS)
    .orderBy('view_count', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toVideo);
}

/** A page of videos by filter type (default newest), with the total count. */
export async function listVideos(
  deps: Pick<Deps, 'db'>,
  opts: PageInput & { type?: FilterType },
): Promise<Paged<VideoView>> {
  let q = deps.db.selectFrom('videos').select(VIDEO_COLUMNS);
  for (const [col, dir] of orderFor(opts.type ?? FILTER_TYPE.newest)) q = q.orderBy(col, dir);
  const [rows, total] = await Promise.all([
    q.orderBy('id', 'desc').$call(pageRows(opts)).execute(),
    countRows(deps.db.selectFrom('videos')),
  ]);
  return pageOf(rows.map(toVideo), total, opts);
}

/** A page of the short-video feed by filter type (default recommended), with the total count. */
export async function listShortVideos(
  deps: Pick<Deps, 'db'>,
  opts: PageInput & { type?: FilterType },
): Promise<Paged<ShortVideoView>> {
  let q = deps.db.selectFrom('short_videos').select(SHORT_COLUMNS);
  for (const [col, dir] of orderFor(opts.type ?? FILTER_TYPE.recommended)) q = q.orderBy(col, dir);
  const [rows, total] = await Promise.all([
    q.orderBy('id', 'desc').$call(pageRows(opts)).execute(),
    countRows(deps.db.selectFrom('short_videos')),
  ]);
  return pageOf(rows.map(toShort), total, opts);
}

/** Editor-recommended short videos, newest first (spec 3: recommendVideo). */
export async function listRecommendedShortVideos(
  deps: Pick<Deps, 'db'>,
  limit = 10,
): Promise<ShortVideoView[]> {
  const rows = await deps.db
    .selectFrom('short_videos')
    .select(SHORT_COLUMNS)
    .where('recommended', '=', 1)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(toShort);
}

/** One short video, or null. */
export async function getShortVideo(
  deps: Pick<Deps, 'db'>,
  id: number,
): Promise<ShortVideoView | null> {
  const r = await deps.db
    .selectFrom('short_videos')
    .select(SHORT_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? toShort(r) : null;
}

/** One featured video, or null. */
export async function getVideo(deps: Pick<Deps, 'db'>, id: number): Promise<VideoView | null> {
  const r = await deps.db
    .selectFrom('videos')
    .select(VIDEO_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
  return r ? toVideo(r) : null;
}

/**
 * Other videos of the video's column, most viewed first, for its detail page
 * (issue 15: related videos of the same column); empty when it has no column
 * or is the column's only video.
 */
export async function listColumnVideos(
  deps: Pick<Deps, 'db'>,
  video: Pick<VideoView, 'id' | 'classifyId'>,
  limit = 4,
): Promise<VideoView[]> {
  if (video.classifyId === null) return [];
  const rows = await deps.db
    .selectFrom('videos')
    .select(VIDEO_COLUMNS)
    .where('classify_id', '=', video.classifyId)
    .where('id', '<>', video.id)
    .orderBy('view_count', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toVideo);
}
