/**
 * Editorial content management (admin only): create, edit and delete
 * articles, courses and notices. Each write refreshes every cached page
 * showing the item at once (issue 3, freshness). Bodies are form-encoded or
 * JSON; on update, fields left out keep their value.
 */
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import {
  createArticle,
  deleteArticle,
  articleClassifyTree,
  editorialArticleDetail,
  listEditorialArticles,
  unpublishArticle,
  updateArticle,
} from '../../../services/articles/index.ts';
import {
  adminCourseDetail,
  createCourse,
  deleteCourse,
  listAdminCourses,
  updateCourse,
} from '../../../services/courses/index.ts';
import {
  createNotice,
  deleteNotice,
  listAdminNotices,
  noticeCategories,
  updateNotice,
} from '../../../services/site/index.ts';

import { createdId, flag, idList } from './fields.ts';
import { route, type RouteDef } from '../../define.ts';

const TEXT = {
  title: '请输入标题（不超过100个字）',
  summary: '摘要不能超过300个字',
  content: '请输入正文（不超过50000个字）',
  author: '请输入作者（不超过50个字）',
  teacher: '请输入讲师（不超过50个字）',
  courseType: '课程类型无效',
  price: '价格无效',
  url: '地址不能超过500个字',
} as const;

/** An id that may be cleared: '' → null. */
const clearableId = z.preprocess((v) => (v === '' ? null : v), requiredId.nullable().optional());
const text = (max: number, message: string, min = 1) =>
  z.string({ error: message }).trim().min(min, message).max(max, message);
const url = z.preprocess(
  (v) => (v === '' ? null : v),
  z.string().max(500, TEXT.url).nullable().optional(),
);

const articleFields = {
  title: text(100, TEXT.title),
  classifyId: requiredId,
  secondClassifyId: clearableId,
  summary: text(300, TEXT.summary, 0).optional(),
  /** Plain text, paragraphs split by blank lines (API clients). */
  content: text(50_000, TEXT.content).optional(),
  /** The console editor's document (ProseMirror JSON), rendered to HTML on the server. */
  contentDoc: z.string({ error: TEXT.content }).max(400_000, TEXT.content).optional(),
  authorName: text(50, TEXT.author),
  cover: url,
  source: url,
  recommended: flag.optional(),
  /** Scheduled publication: public from this time on (empty: now). */
  publishAt: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.date({ error: '发布时间格式无效' }).nullable().optional(),
  ),
};
const courseFields = {
  classifyId: requiredId,
  title: text(100, TEXT.title),
  summary: text(300, TEXT.summary, 0).optional(),
  description: text(50_000, TEXT.content),
  teacher: text(50, TEXT.teacher),
  type: z.coerce
    .number({ error: TEXT.courseType })
    .int()
    .min(1, TEXT.courseType)
    .max(4, TEXT.courseType),
  priceCents: z.coerce
    .number({ error: TEXT.price })
    .int(TEXT.price)
    .min(0, TEXT.price)
    .max(100_000_000, TEXT.price),
  cover: url,
  labelIds: idList('所选标签无效').optional(),
  recommended: flag.optional(),
  examEnabled: flag.optional(),
  published: flag.optional(),
};
const noticeFields = {
  categoryId: requiredId,
  title: text(100, TEXT.title),
  content: text(50_000, TEXT.content).optional(),
  /** The console editor's document (ProseMirror JSON), rendered to HTML on the server. */
  contentDoc: z.string({ error: TEXT.content }).max(400_000, TEXT.content).optional(),
  popup: flag.optional(),
};

const article = z.object(articleFields);
const course = z.object(courseFields);
const notice = z.object(noticeFields);
const withId = z.object({ id: requiredId });

export const adminContentRoutes: RouteDef[] = [
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
    path: '/api/admin/course/list',
    access: 'staff:content',
    input: pageSchema.extend({
      q: z.string().trim().max(50).optional(),
      columnId: z.preprocess((v) => (v === '' ? undefined : v), requiredId.optional()),
    }),
    handler: ({ deps, input }) => listAdminCourses(deps, input),
  }),
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
  route({
    method: 'post',
    path: '/api/admin/article/create',
    audit: {
      target: 'article',
      id: createdId,
    },
    access: 'staff:content',
    input: article,
    handler: ({ deps, input }) => createArticle(deps, { ...input, summary: input.summary ?? '' }),
  }),
  route({
    method: 'post',
    path: '/api/admin/article/update',
    audit: { target: 'article', id: (input) => input.id },
    access: 'staff:content',
    input: article.partial().extend({ id: requiredId }),
    handler: ({ deps, input: { id: articleId, ...rest } }) => updateArticle(deps, articleId, rest),
  }),
  route({
    method: 'post',
    path: '/api/admin/article/unpublish',
    audit: { target: 'article', id: (input) => input.id },
    access: 'staff:content',
    input: withId,
    message: '文章已下线',
    handler: ({ deps, input }) => unpublishArticle(deps, input.id),
  }),
  route({
    method: 'post',
    path: '/api/admin/article/delete',
    audit: { target: 'article', id: (input) => input.id },
    access: 'staff:content',
    input: withId,
    handler: ({ deps, input }) => deleteArticle(deps, input.id),
  }),
  route({
    method: 'get',
    path: '/api/admin/course/detail',
    access: 'staff:content',
    input: withId,
    handler: ({ deps, input }) => adminCourseDetail(deps, input.id),
  }),
  route({
    method: 'post',
    path: '/api/admin/course/create',
    audit: {
      target: 'course',
      id: createdId,
    },
    access: 'staff:content',
    input: course,
    handler: ({ deps, input }) => createCourse(deps, { ...input, summary: input.summary ?? '' }),
  }),
  route({
    method: 'post',
    path: '/api/admin/course/update',
    audit: { target: 'course', id: (input) => input.id },
    access: 'staff:content',
    input: course.partial().extend({ id: requiredId }),
    handler: ({ deps, input: { id: courseId, ...rest } }) => updateCourse(deps, courseId, rest),
  }),
  route({
    method: 'post',
    path: '/api/admin/course/delete',
    audit: { target: 'course', id: (input) => input.id },
    access: 'staff:content',
    input: withId,
    handler: ({ deps, input }) => deleteCourse(deps, input.id),
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
];
