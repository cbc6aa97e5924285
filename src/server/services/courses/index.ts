/**
 * # courses — public courses organised in columns, their lessons, labels and downloads
 *
 * Words: big column (大专栏, spec "big classify"), column (专栏, spec "classify"), course
 * (课程; type 4 is an order-type course: a kit that is shipped), lesson (课时), label (课程标签),
 * resource (资料下载: a downloadable file, optionally tied to a course). The database keeps
 * the spec's names: big_classifies, classifies. Avoid "category", "chapter", "module".
 * Owns: big_classifies, classifies, courses, course_labels, labels, lessons, resources.
 * Leaves to others: who may watch or download (commerce gating and entitlements), watch
 * time and completion (learning), column subscriptions (members), lesson media files
 * (learning, providers/storage), the search index (search), audit (audit).
 * Staff code: manage-courses.ts, manage-lessons.ts, manage-columns.ts, manage-labels.ts,
 * resources/manage-resources.ts, manage-course-lists.ts (the console's lists); downloads (the
 * resource list, a course's files) are in resources/.
 * Projections: public CourseSummary, CourseDetail, ColumnView, LabelView, ResourceView, ResourceFacets; staff AdminCourseRow,
 * AdminCourseDetail, AdminBigColumn, AdminColumn, AdminLessonRow, AdminResourceRow, AdminLabelRow
 * and the *Input types of the forms.
 */
export { COURSES_MSG } from './messages.ts';
export {
  columnTree,
  listAdminCourses,
  listAdminLessons,
  listAdminResources,
  type AdminCourseRow,
} from './manage-course-lists.ts';
export {
  createLesson,
  deleteLesson,
  reorderLessons,
  repointLessonVideos,
  updateLesson,
  type LessonInput,
} from './manage-lessons.ts';
export {
  createBigColumn,
  createColumn,
  deleteBigColumn,
  deleteColumn,
  updateBigColumn,
  updateColumn,
  type ColumnInput,
} from './manage-columns.ts';
export {
  RESOURCE_MAX_BYTES,
  createResource,
  updateResource,
  deleteResource,
  type ResourceInput,
} from './resources/manage-resources.ts';
export { adminCourseDetail, createCourse, deleteCourse, updateCourse } from './manage-courses.ts';
export { createLabel, deleteLabel, listAdminLabels, updateLabel } from './manage-labels.ts';
export {
  getBigColumn,
  getColumn,
  listColumnIndex,
  listColumns,
  listHotColumns,
  type ColumnView,
} from './columns.ts';
export { lessonMediaText, type CourseDetail } from './course-detail.ts';
export {
  checkoutCourse,
  getCourseDetail,
  listColumnCourses,
  listCourses,
  listCoursesByIds,
  listRecommendedCourses,
  type CourseSummary,
} from './courses.ts';
export { getLabel, listLabels, type LabelView } from './labels.ts';
export {
  RESOURCES_PAGE_SIZE,
  downloadResponse,
  listCourseResources,
  listResources,
  resourceFacets,
  resourceName,
  resourcePage,
  resourceType,
  type ResourceFacets,
  type ResourceFilter,
  type ResourceView,
} from './resources/resources.ts';

// Staff views the console reads (import type), named after what each call answers.
import type { adminCourseDetail } from './manage-courses.ts';
import type { columnTree, listAdminLessons, listAdminResources } from './manage-course-lists.ts';
import type { listAdminLabels } from './manage-labels.ts';
/** GET /api/admin/course/detail: what the edit form needs beyond the list row. */
export type AdminCourseDetail = Awaited<ReturnType<typeof adminCourseDetail>>;
/** One big column of GET /api/admin/bigcolumn/list, with its columns. */
export type AdminBigColumn = Awaited<ReturnType<typeof columnTree>>[number];
export type AdminColumn = AdminBigColumn['columns'][number];
/** One lesson of GET /api/admin/lesson/list. */
export type AdminLessonRow = Awaited<ReturnType<typeof listAdminLessons>>[number];
/** One row of GET /api/admin/resource/list. */
export type AdminResourceRow = Awaited<ReturnType<typeof listAdminResources>>['list'][number];
/** One row of GET /api/admin/label/list. */
export type AdminLabelRow = Awaited<ReturnType<typeof listAdminLabels>>[number];
