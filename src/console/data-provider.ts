/**
 * Refine's data provider over the site's own admin API (src/server/api/routes
 * /admin): lists are GET /api/admin/<resource>/list?page&size&…, changes are
 * form posts to /create, /update and /delete, and every answer is the site's
 * envelope. A refused or invalid call becomes an error carrying the server's
 * Chinese message, which the console shows as it is.
 */
import type { BaseRecord, DataProvider, HttpError } from '@refinedev/core';
import { api } from '../client/api.ts';
import type { Paged } from '../shared/api-shapes.ts';

/** Where a resource's list lives when it is not /api/admin/<name>/list. */
const LIST_PATHS: Record<string, string> = {
  audit: 'admin/audit',
  jobs: 'admin/jobs',
  pending: 'admin/article/pending',
  codebatch: 'admin/redemption/batches',
  'challenge-submissions': 'admin/challenge/submissions',
};

function fail(message: string, statusCode: number): HttpError {
  return { message, statusCode };
}

function form(values: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) continue;
    if (v === null) out[k] = '';
    else if (typeof v === 'boolean') out[k] = v ? '1' : '0';
    else if (v instanceof Date) out[k] = v.toISOString();
    else if (typeof v === 'object' && 'toISOString' in v)
      out[k] = (v as { toISOString(): string }).toISOString();
    else out[k] = String(v);
  }
  return out;
}

/** A console action outside create/update/delete (hide a comment, disable a member …). */
export async function adminCall<T = unknown>(
  path: string,
  values: Record<string, unknown> = {},
): Promise<T> {
  const res = await api<T>('post', `admin/${path}`, { form: form(values) });
  if (res.code !== 200) throw fail(res.message, res.code);
  return res.data;
}

export const dataProvider: DataProvider = {
  getApiUrl: () => '/api/admin',
  async getList({ resource, pagination, filters }) {
    const page = pagination?.currentPage ?? 1;
    const size = pagination?.pageSize ?? 20;
    const searchParams: Record<string, string> = { page: String(page), size: String(size) };
    for (const f of filters ?? [])
      if ('field' in f && f.value !== undefined && f.value !== null && f.value !== '')
        searchParams[f.field] = String(f.value);
    const path = LIST_PATHS[resource] ?? `admin/${resource}/list`;
    const res = await api<Pick<Paged<BaseRecord>, 'list' | 'count'>>('get', path, { searchParams });
    if (res.code !== 200) throw fail(res.message, res.code);
    return { data: res.data.list as never, total: res.data.count };
  },
  async create({ resource, variables }) {
    const res = await api<BaseRecord>('post', `admin/${resource}/create`, {
      form: form(variables as Record<string, unknown>),
    });
    if (res.code !== 200) throw fail(res.message, res.code);
    return { data: res.data as never };
  },
  async update({ resource, id, variables }) {
    const res = await api<BaseRecord>('post', `admin/${resource}/update`, {
      form: form({ ...(variables as Record<string, unknown>), id }),
    });
    if (res.code !== 200) throw fail(res.message, res.code);
    return { data: res.data as never };
  },
  async deleteOne({ resource, id }) {
    const res = await api<BaseRecord>('post', `admin/${resource}/delete`, {
      form: { id: String(id) },
    });
    if (res.code !== 200) throw fail(res.message, res.code);
    return { data: res.data as never };
  },
  async getOne() {
    throw fail('暂不支持', 400);
  },
};
