/**
 * Notices and their categories for staff (section "content"). Each write
 * refreshes every cached page showing the notice at once (issue 3,
 * freshness). Bodies are form-encoded or JSON; on update, fields left out
 * keep their value.
 */
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
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
  SITE_MSG,
} from '../../../services/site/index.ts';
import { crud, displayOrder, flag, listed, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const notice = z.object({
  categoryId: requiredId,
  title: text(100, MSG.form.title),
  content: text(50_000, MSG.form.content).optional(),
  /** The console editor's document (ProseMirror JSON), rendered to HTML on the server. */
  contentDoc: z.string({ error: MSG.form.content }).max(400_000, MSG.form.content).optional(),
  popup: flag.optional(),
});
const category = z.object({ name: text(20, SITE_MSG.notice.categoryName), displayOrder });

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
  ...crud({
    kind: 'notice',
    target: 'notice',
    schema: notice,
    create: createNotice,
    update: updateNotice,
    remove: deleteNotice,
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
