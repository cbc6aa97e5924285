/**
 * Downloadable resources for staff (issue 12, section "content"): a file
 * uploaded by an editor goes to the resource store (disk or bucket) under a
 * name the server makes; its kind is decided by its first bytes, not its
 * name. Deleting a resource takes it off every page; its file stays in the
 * store (a download in progress finishes).
 */
import { randomBytes } from 'node:crypto';
import { pageTags, resourceTags, searchTags } from '../../../cache/tags.ts';
import { reindexDocument, removeDocument } from '../../search/index.ts';
import { iso } from '../../../clock.ts';
import type { Deps } from '../../../deps.ts';
import { AppError } from '../../../errors.ts';
import { commitChange } from '../../lib/index.ts';
import { COURSES_MSG } from '../messages.ts';

export const RESOURCE_MAX_BYTES = 20 * 1024 * 1024;

const KINDS = {
  pdf: { label: 'PDF', magic: '%PDF-', type: 'application/pdf' },
  zip: { label: 'ZIP', magic: 'PK\u0003\u0004', type: 'application/zip' },
  xlsx: {
    label: 'XLSX',
    magic: 'PK\u0003\u0004',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  docx: {
    label: 'DOCX',
    magic: 'PK\u0003\u0004',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
} as const;
type Ext = keyof typeof KINDS;

export interface ResourceInput {
  title: string;
  summary?: string;
  file?: unknown;
  courseId?: number | null;
  companyId?: number | null;
}

async function checkCourse(deps: Pick<Deps, 'db'>, courseId: number | null | undefined) {
  if (!courseId) return;
  const course = await deps.db
    .selectFrom('courses')
    .select('id')
    .where('id', '=', courseId)
    .executeTakeFirst();
  if (!course) throw AppError.badRequest(COURSES_MSG.course.courseMissing);
}

export async function createResource(deps: Deps, input: ResourceInput): Promise<{ id: number }> {
  const file = input.file;
  if (!(file instanceof File) || file.size === 0)
    throw AppError.badRequest(COURSES_MSG.resource.fileRequired);
  if (file.size > RESOURCE_MAX_BYTES) throw AppError.badRequest(COURSES_MSG.resource.tooLarge);
  const ext = file.name.toLowerCase().split('.').pop() as Ext;
  const kind = KINDS[ext];
  const bytes = new Uint8Array(await file.arrayBuffer());
  const head = Buffer.from(bytes.subarray(0, 5)).toString('latin1');
  if (!kind || !head.startsWith(kind.magic))
    throw AppError.badRequest(COURSES_MSG.resource.fileType);
  await checkCourse(deps, input.courseId);
  const name = `${ext}-${randomBytes(8).toString('hex')}.${ext}`;
  await deps.providers.resources.put(name, bytes, kind.type);
  return commitChange(deps, async (trx) => {
    const row = await trx
      .insertInto('resources')
      .values({
        title: input.title,
        summary: input.summary ?? '',
        file_type: kind.label,
        file_size: bytes.length,
        file_url: `/downloads/${name}`,
        company_id: input.companyId ?? null,
        course_id: input.courseId ?? null,
        created_at: iso(deps.clock.now()),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await reindexDocument({ db: trx }, 'resource', row.id);
    return { value: { id: row.id }, tags: [resourceTags.list, pageTags.home, searchTags.list] };
  });
}

export async function deleteResource(deps: Deps, id: number): Promise<{ id: number }> {
  return commitChange(deps, async (trx) => {
    const res = await trx.deleteFrom('resources').where('id', '=', id).executeTakeFirst();
    if (Number(res.numDeletedRows) === 0) throw AppError.notFound(COURSES_MSG.resource.missing);
    await removeDocument({ db: trx }, 'resource', id);
    return {
      value: { id },
      tags: [resourceTags.one(id), resourceTags.list, pageTags.home, searchTags.list],
    };
  });
}

/** Edits a resource's title, summary, course or company; the file stays (upload a new resource to replace it). */
export async function updateResource(
  deps: Deps,
  id: number,
  input: Omit<Partial<ResourceInput>, 'file'>,
): Promise<{ id: number }> {
  await checkCourse(deps, input.courseId);
  return commitChange(deps, async (trx) => {
    const res = await trx
      .updateTable('resources')
      .set({
        ...(input.title !== undefined && { title: input.title }),
        ...(input.summary !== undefined && { summary: input.summary }),
        ...(input.courseId !== undefined && { course_id: input.courseId }),
        ...(input.companyId !== undefined && { company_id: input.companyId }),
      })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) === 0) throw AppError.notFound(COURSES_MSG.resource.missing);
    await reindexDocument({ db: trx }, 'resource', id);
    return {
      value: { id },
      tags: [resourceTags.one(id), resourceTags.list, pageTags.home, searchTags.list],
    };
  });
}
