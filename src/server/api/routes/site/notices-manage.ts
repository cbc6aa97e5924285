/**
 * Notices and their categories for staff (section "content"). Each write
 * refreshes every cached page showing the notice at once (issue 3,
 * freshness). Bodies are form-encoded or JSON; on update, fields left out
 * keep their value.
 */
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import {
  createNotice,
  createNoticeCategory,
  deleteNotice,
  deleteNoticeCategory,
  listAdminNoticeCategories,
  listAdminNotices,
  noticeCategories,
  updateNotice,
  updateNoticeCategory,
} from '../../../services/site/index.ts';
import { createdId, crud, displayOrder, flag, listed, text, withId } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const TEXT = {
  title: '请输入标题（不超过100个字）',
  content: '请输入正文（不超过50000个字）',
  categoryName: '请输入分类名称（不超过20个字）',
} as const;

const notice = z.object({
  categoryId: requiredId,
  title: text(100, TEXT.title),
  content: text(50_000, TEXT.content).optional(),
  /** The console editor's document (ProseMirror JSON), rendered to HTML on the server. */
  contentDoc: z.string({ error: TEXT.content }).max(400_000, TEXT.content).optional(),
  popup: flag.optional(),
});
const category = z.object({ name: text(20, TEXT.categoryName), displayOrder });

export const noticeManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/notice/list',
    access: 'staff:content',
    input: pageSchema.extend({ q: z.string().trim().max(50).optional() }),
    handler: ({ deps, input }) => listAdminNotices(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/admin/notice/categories',
    access: 'staff:content',
    handler: async ({ deps }) => ({ list: await noticeCategories(deps) }),
  }),
  route({
    method: 'post',
    path: '/api/admin/notice/create',
    audit: {
      target: 'notice',
      id: createdId,
    },
    access: 'staff:content',
    input: notice,
    handler: ({ deps, input }) => createNotice(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/notice/update',
    audit: { target: 'notice', id: (input) => input.id },
    access: 'staff:content',
    input: notice.partial().extend({ id: requiredId }),
    handler: ({ deps, input: { id: noticeId, ...rest } }) => updateNotice(deps, noticeId, rest),
  }),
  route({
    method: 'post',
    path: '/api/admin/notice/delete',
    audit: { target: 'notice', id: (input) => input.id },
    access: 'staff:content',
    input: withId,
    handler: ({ deps, input }) => deleteNotice(deps, input.id),
  }),
  ...crud({
    kind: 'notice/category',
    target: 'noticecategory',
    schema: category,
    list: route({
      method: 'get',
      path: '/api/admin/notice/category/list',
      access: 'staff:content',
      handler: async ({ deps }) => listed(await listAdminNoticeCategories(deps)),
    }),
    create: createNoticeCategory,
    update: updateNoticeCategory,
    remove: deleteNoticeCategory,
  }),
];
