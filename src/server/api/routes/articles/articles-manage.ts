/**
 * Articles for staff (section "content"): list, create, edit, unpublish and
 * delete. Each write refreshes every cached page showing the article at once
 * (issue 3, freshness). Bodies are form-encoded or JSON; on update, fields
 * left out keep their value.
 */
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { MSG } from '../../../../shared/messages.ts';
import {
  createArticle,
  deleteArticle,
  articleClassifyTree,
  editorialArticleDetail,
  listEditorialArticles,
  unpublishArticle,
  updateArticle,
  ARTICLES_MSG,
} from '../../../services/articles/index.ts';
import { anyUrl, crud, flag, text, withId } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

/** An id that may be cleared: '' → null. */
const clearableId = z.preprocess((v) => (v === '' ? null : v), requiredId.nullable().optional());

const article = z.object({
  title: text(100, MSG.form.title),
  classifyId: requiredId,
  secondClassifyId: clearableId,
  summary: text(300, MSG.form.summary, 0).optional(),
  /** Plain text, paragraphs split by blank lines (API clients). */
  content: text(50_000, MSG.form.content).optional(),
  /** The console editor's document (ProseMirror JSON), rendered to HTML on the server. */
  contentDoc: z.string({ error: MSG.form.content }).max(400_000, MSG.form.content).optional(),
  authorName: text(50, MSG.form.author),
  cover: anyUrl,
  source: anyUrl,
  recommended: flag.optional(),
  /** Scheduled publication: public from this time on (empty: now). */
  publishAt: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.date({ error: ARTICLES_MSG.manage.publishAtInvalid }).nullable().optional(),
  ),
});

export const articleManageRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/admin/article/list',
    access: 'staff:content',
    input: pageSchema.extend({
      q: z.string().trim().max(50).optional(),
      state: z.enum(['published', 'scheduled', 'draft']).optional().catch(undefined),
    }),
    handler: ({ deps, input }) => listEditorialArticles(deps, input),
  }),
  route({
    method: 'get',
    path: '/api/admin/article/classifies',
    access: 'staff:content',
    handler: async ({ deps }) => ({ list: await articleClassifyTree(deps) }),
  }),
  route({
    method: 'get',
    path: '/api/admin/article/detail',
    access: 'staff:content',
    input: withId,
    handler: ({ deps, input }) => editorialArticleDetail(deps, input.id),
  }),
  ...crud({
    kind: 'article',
    target: 'article',
    schema: article,
    create: (deps, input) => createArticle(deps, { ...input, summary: input.summary ?? '' }),
    update: updateArticle,
    remove: deleteArticle,
  }),
  route({
    method: 'post',
    path: '/api/admin/article/unpublish',
    audit: { target: 'article', id: (input) => input.id },
    access: 'staff:content',
    input: withId,
    message: ARTICLES_MSG.manage.unpublished,
    handler: ({ deps, input }) => unpublishArticle(deps, input.id),
  }),
];
