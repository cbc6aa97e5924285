/**
 * Downloadable resources (spec 2: the data-download section of the home page).
 * Downloads go through /download/<id>, which counts them and redirects to the
 * file, so views hand out that counted link rather than the file's own URL.
 */
import { sql } from 'kysely';
import type { Deps } from '../../deps.ts';
import { hasEntitlement } from '../commerce/index.ts';
import { offsetOf, type PageInput, type Paged } from '../lib/index.ts';

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
      .limit(opts.size)
      .offset(offsetOf(opts))
      .execute(),
    deps.db
      .selectFrom('resources')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirst(),
  ]);
  return {
    list: rows.map((r) => ({
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
    count: Number(total?.n ?? 0),
    page: opts.page,
    size: opts.size,
  };
}

/**
 * Counts one download and returns the file's URL, or null for an unknown id.
 * The cached lists are not invalidated per download: their counts may lag by
 * a cache lifetime, which is cheaper than re-rendering the home page each time.
 */
export async function recordDownload(deps: Pick<Deps, 'db'>, id: number): Promise<string | null> {
  const row = await deps.db
    .updateTable('resources')
    .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
    .where('id', '=', id)
    .returning('file_url')
    .executeTakeFirst();
  return row?.file_url ?? null;
}

/**
 * The answer of GET /download/<id>: 302 to the file after counting it, or
 * 404 for an unknown or invalid id. A paid course's material goes only to
 * members entitled to the course; anyone else is sent to buy the course
 * (nothing counted, the file's address not revealed).
 */
export async function downloadResponse(
  deps: Pick<Deps, 'db' | 'clock'>,
  id: number | null,
  memberId: number | null = null,
): Promise<Response> {
  const noStore = { 'cache-control': 'no-store' };
  const gate =
    id === null
      ? undefined
      : await deps.db
          .selectFrom('resources as r')
          .leftJoin('courses as c', 'c.id', 'r.course_id')
          .select(['r.course_id', 'c.price_cents'])
          .where('r.id', '=', id)
          .executeTakeFirst();
  if (gate?.course_id && (gate.price_cents ?? 0) > 0) {
    const entitled = memberId !== null && (await hasEntitlement(deps, memberId, gate.course_id));
    if (!entitled)
      return new Response(null, {
        status: 302,
        headers: { location: `/checkout?courseId=${gate.course_id}`, ...noStore },
      });
  }
  const url = gate ? await recordDownload(deps, id!) : null;
  if (!url) {
    return new Response('资料不存在或已下线', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', ...noStore },
    });
  }
  return new Response(null, { status: 302, headers: { location: url, ...noStore } });
}
