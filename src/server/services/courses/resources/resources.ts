/**
 * Downloadable resources (spec 2: the data-download section of the home page;
 * issue 24: their own list, /resources, filtered by course and file type, and
 * each course's files on its page).
 * Downloads go through /download/<id>, which checks the login and entitlement,
 * counts them and sends the file, so views hand out that link, never the
 * file's own location.
 */
import { sql } from 'kysely';
import type { Deps } from '../../../deps.ts';
import { hasEntitlement, takeVipDownload } from '../../commerce/index.ts';
import { fmt } from '../../../../shared/messages.ts';
import { VIP_MSG } from '../../../../shared/vip.ts';
import { countRows, listPage, type Paged, type PageInput } from '../../lib/index.ts';
import { COURSES_MSG } from '../messages.ts';
import { urls } from '../../../../shared/urls.ts';

export interface ResourceView {
  id: number;
  title: string;
  summary: string;
  /** e.g. 'PDF', 'ZIP', as stored. */
  fileType: string;
  /** Bytes; format with formatSize. */
  fileSize: number;
  downloadCount: number;
  /** The counted download link: /download/<id>. */
  downloadUrl: string;
  companyId: number | null;
  createdAt: string;
  /** A paid course's material: the course and its price (downloads need the course). */
  course: { id: number; priceCents: number } | null;
  /** The published course the file belongs to, paid or free (its page lists the file). */
  ofCourse: { id: number; title: string } | null;
}

/** Files per page of /resources (ten lines; the entry redirect uses the same). */
export const RESOURCES_PAGE_SIZE = 10;

/** The counted download path of a resource: downloadPath(3) → '/download/3'. */
export function downloadPath(id: number): string {
  return urls.download(id);
}

/** The filters of the resources list: one course's files, one file type ('pdf', lower case). */
export interface ResourceFilter {
  courseId?: number;
  fileType?: string;
}

function resourceRows(deps: Pick<Deps, 'db'>, f: ResourceFilter) {
  return deps.db
    .selectFrom('resources as r')
    .leftJoin('courses as c', 'c.id', 'r.course_id')
    .$if(f.courseId !== undefined, (q) => q.where('r.course_id', '=', f.courseId!))
    .$if(f.fileType !== undefined, (q) =>
      q.where(sql<string>`lower(r.file_type)`, '=', f.fileType!.toLowerCase()),
    );
}

type ResourceRow = {
  id: number;
  title: string;
  summary: string;
  file_type: string;
  file_size: number;
  download_count: number;
  company_id: number | null;
  created_at: string;
  course_id: number | null;
  price_cents: number | null;
  course_title: string | null;
  course_published: number | null;
};

function viewOf(r: ResourceRow): ResourceView {
  return {
    id: r.id,
    title: r.title,
    summary: r.summary,
    fileType: r.file_type,
    fileSize: Number(r.file_size),
    downloadCount: r.download_count,
    downloadUrl: downloadPath(r.id),
    companyId: r.company_id,
    createdAt: r.created_at,
    course:
      r.course_id !== null && (r.price_cents ?? 0) > 0
        ? { id: r.course_id, priceCents: r.price_cents ?? 0 }
        : null,
    ofCourse:
      r.course_id !== null && r.course_published === 1 && r.course_title !== null
        ? { id: r.course_id, title: r.course_title }
        : null,
  };
}

const VIEW_COLUMNS = [
  'r.id',
  'r.title',
  'r.summary',
  'r.file_type',
  'r.file_size',
  'r.download_count',
  'r.company_id',
  'r.created_at',
  'r.course_id',
  'c.price_cents',
  'c.title as course_title',
  'c.published as course_published',
] as const;

/** A page of resources, newest first (or most downloaded), with the total count; filters optional. */
export async function listResources(
  deps: Pick<Deps, 'db'>,
  opts: PageInput & { sort?: 'newest' | 'downloads' } & ResourceFilter,
): Promise<Paged<ResourceView>> {
  return listPage(
    resourceRows(deps, opts),
    (q) =>
      q
        .select(VIEW_COLUMNS)
        .$if(opts.sort === 'downloads', (q) => q.orderBy('r.download_count', 'desc'))
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc'),
    viewOf,
    opts,
  );
}

/** Every file of one course, newest first (the course page lists them all). */
export async function listCourseResources(
  deps: Pick<Deps, 'db'>,
  courseId: number,
): Promise<ResourceView[]> {
  const rows = await resourceRows(deps, { courseId })
    .select(VIEW_COLUMNS)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  return rows.map(viewOf);
}

export interface ResourceFacets {
  /** Published courses that have files, with how many. */
  courses: { id: number; title: string; count: number }[];
  /** The file types present, lower case ('pdf'), with how many. */
  fileTypes: { type: string; count: number }[];
}

/** What the resources list can be filtered by: the courses with files and the file types. */
export async function resourceFacets(deps: Pick<Deps, 'db'>): Promise<ResourceFacets> {
  const [courses, types] = await Promise.all([
    deps.db
      .selectFrom('resources as r')
      .innerJoin('courses as c', 'c.id', 'r.course_id')
      .where('c.published', '=', 1)
      .select(['c.id', 'c.title', sql<number>`count(*)`.as('n')])
      .groupBy(['c.id', 'c.title'])
      .orderBy('c.id')
      .execute(),
    deps.db
      .selectFrom('resources')
      .select([sql<string>`lower(file_type)`.as('t'), sql<number>`count(*)`.as('n')])
      .groupBy(sql`lower(file_type)`)
      .orderBy(sql`lower(file_type)`)
      .execute(),
  ]);
  return {
    courses: courses.map((c) => ({ id: c.id, title: c.title, count: Number(c.n) })),
    fileTypes: types.map((t) => ({ type: t.t, count: Number(t.n) })),
  };
}

/**
 * Where one resource sits in the unfiltered list (newest first) at `size` per
 * page: its page number, or null for an unknown id. resourcePage(deps, 1, 10) → 2
 */
export async function resourcePage(
  deps: Pick<Deps, 'db'>,
  id: number,
  size: number,
): Promise<number | null> {
  const row = await deps.db
    .selectFrom('resources')
    .select(['id', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const before = await countRows(
    deps.db
      .selectFrom('resources')
      .where((eb) =>
        eb.or([
          eb('created_at', '>', row.created_at),
          eb.and([eb('created_at', '=', row.created_at), eb('id', '>', row.id)]),
        ]),
      ),
  );
  return Math.floor(before / size) + 1;
}

/** The stored file name of a `/downloads/<name>` address, or null for any other shape. */
export function resourceName(fileUrl: string): string | null {
  const m = /^\/downloads\/([a-z0-9][a-z0-9-]{0,80}\.(pdf|zip|xlsx|docx))$/.exec(fileUrl);
  return m ? m[1]! : null;
}

/** The content type a resource file is served and stored with. */
export function resourceType(name: string): string {
  return TYPES[name.split('.').pop()!] ?? 'application/octet-stream';
}

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** A short page with the message, a way to log in or go back, and the status. */
function messagePage(status: number, message: string, login = false): Response {
  const action = login
    ? `<p><a href="/#data-download" data-login="password">${COURSES_MSG.download.backLogin}</a></p>`
    : `<p><a href="/#data-download">${COURSES_MSG.download.back}</a></p>`;
  return new Response(
    `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><meta name="robots" content="noindex"><title>${message}</title><body><p>${message}</p>${action}</body></html>`,
    {
      status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    },
  );
}

/** attachment; filename="<ascii>"; filename*=UTF-8''<the title> (RFC 6266 / 5987). */
function disposition(title: string, fileName: string): string {
  const ext = fileName.slice(fileName.lastIndexOf('.'));
  const name = `${title.replace(/[《》\\/:*?"<>|]/g, '').trim() || 'download'}${ext}`;
  return `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** Counts one download (one atomic increment). */
async function countDownload(deps: Pick<Deps, 'db'>, id: number): Promise<void> {
  await deps.db
    .updateTable('resources')
    .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/**
 * The answer of GET /download/<id>. Downloads are for logged-in members; a
 * paid course's material only for members entitled to the course, or VIP
 * members within their monthly download quota (issue 27; anyone else is sent
 * to buy it). A stored file is sent as an attachment with its
 * title as the name; an external address gets a redirect. Only a download
 * actually served is counted; a missing file says so and counts nothing.
 */
export async function downloadResponse(
  deps: Pick<Deps, 'db' | 'clock' | 'providers'>,
  id: number | null,
  memberId: number | null = null,
): Promise<Response> {
  const row =
    id === null
      ? undefined
      : await deps.db
          .selectFrom('resources as r')
          .leftJoin('courses as c', 'c.id', 'r.course_id')
          .select(['r.id', 'r.title', 'r.file_url', 'r.course_id', 'c.price_cents'])
          .where('r.id', '=', id)
          .executeTakeFirst();
  if (!row) return messagePage(404, COURSES_MSG.download.notFound);
  const toCheckout = (courseId: number) =>
    new Response(null, {
      status: 302,
      headers: { location: `/checkout?courseId=${courseId}`, 'cache-control': 'no-store' },
    });
  // A paid course's material without the course: a VIP member's monthly quota may open it.
  const viaVip =
    !!row.course_id &&
    (row.price_cents ?? 0) > 0 &&
    !(memberId !== null && (await hasEntitlement(deps, memberId, row.course_id)));
  if (viaVip && memberId === null) return toCheckout(row.course_id!);
  if (memberId === null) return messagePage(401, COURSES_MSG.download.login, true);
  /** Takes one of the VIP's downloads this month (issue 27); the refusal, or null to go on. */
  const vipRefusal = async (): Promise<Response | null> => {
    if (!viaVip) return null;
    const taken = await takeVipDownload(deps, memberId, row.id);
    if (taken.ok) return null;
    if (taken.reason === 'used')
      return messagePage(403, fmt(VIP_MSG.quotaUsed, { n: String(taken.quota) }));
    return toCheckout(row.course_id!);
  };
  if (/^https:\/\//.test(row.file_url)) {
    const refused = await vipRefusal();
    if (refused) return refused;
    await countDownload(deps, row.id);
    return new Response(null, {
      status: 302,
      headers: { location: row.file_url, 'cache-control': 'no-store' },
    });
  }
  const fileName = resourceName(row.file_url);
  // From the disk or the bucket (RESOURCE_STORAGE), streamed.
  const file = fileName ? await deps.providers.resources.open(fileName) : null;
  if (!fileName || !file) return messagePage(404, COURSES_MSG.download.missing);
  const refused = await vipRefusal();
  if (refused) {
    await file.body.cancel();
    return refused;
  }
  await countDownload(deps, row.id);
  return new Response(file.body, {
    headers: {
      'content-type': resourceType(fileName),
      'content-length': String(file.size),
      'content-disposition': disposition(row.title, fileName),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
