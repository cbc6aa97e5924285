/**
 * Downloadable resources (spec 2: the data-download section of the home page).
 * Downloads go through /download/<id>, which checks the login and entitlement,
 * counts them and sends the file, so views hand out that link, never the
 * file's own location.
 */
import type { Deps } from '../../deps.ts';
import { hasEntitlement } from '../commerce/index.ts';
import { countRows, type Paged, type PageInput, pageOf, pageRows } from '../lib/index.ts';
import { COURSES_MSG } from './messages.ts';

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
}

/** The counted download path of a resource: downloadPath(3) → '/download/3'. */
export function downloadPath(id: number): string {
  return `/download/${id}`;
}

/** A page of resources, newest first, with the total count. */
export async function listResources(
  deps: Pick<Deps, 'db'>,
  opts: PageInput & { sort?: 'newest' | 'downloads' },
): Promise<Paged<ResourceView>> {
  const [rows, total] = await Promise.all([
    deps.db
      .selectFrom('resources as r')
      .leftJoin('courses as c', 'c.id', 'r.course_id')
      .select([
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
      ])
      .$if(opts.sort === 'downloads', (q) => q.orderBy('r.download_count', 'desc'))
      .orderBy('r.created_at', 'desc')
      .orderBy('r.id', 'desc')
      .$call(pageRows(opts))
      .execute(),
    countRows(deps.db.selectFrom('resources')),
  ]);
  return pageOf(
    rows.map((r) => ({
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
    })),
    total,
    opts,
  );
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
 * paid course's material only for members entitled to the course (anyone
 * else is sent to buy it). A stored file is sent as an attachment with its
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
  if (row.course_id && (row.price_cents ?? 0) > 0) {
    const entitled = memberId !== null && (await hasEntitlement(deps, memberId, row.course_id));
    if (!entitled)
      return new Response(null, {
        status: 302,
        headers: { location: `/checkout?courseId=${row.course_id}`, 'cache-control': 'no-store' },
      });
  }
  if (memberId === null) return messagePage(401, COURSES_MSG.download.login, true);
  if (/^https:\/\//.test(row.file_url)) {
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
