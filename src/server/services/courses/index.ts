/**
 * The courses domain.
 */
export {
  columnTree,
  listAdminCourses,
  listAdminLessons,
  listAdminResources,
  type AdminCourseRow,
} from './manage-course-lists.ts';
export {
  LESSON_TEXT,
  createLesson,
  deleteLesson,
  reorderLessons,
  updateLesson,
  type LessonInput,
} from './manage-lessons.ts';
export {
  COLUMN_TEXT,
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
  RESOURCE_TEXT,
  createResource,
  updateResource,
  deleteResource,
  type ResourceInput,
} from './manage-resources.ts';
export { adminCourseDetail, createCourse, deleteCourse, updateCourse } from './manage-courses.ts';
export {
  LABEL_TEXT,
  createLabel,
  deleteLabel,
  listAdminLabels,
  updateLabel,
} from './manage-labels.ts';
export {
  getBigColumn,
  getColumn,
  listColumnIndex,
  listColumns,
  listHotColumns,
  type ColumnView,
} from './columns.ts';
export {
  getCourseDetail,
  listColumnCourses,
  listCourses,
  listRecommendedCourses,
  type CourseSummary,
} from './courses.ts';
export { getLabel, listLabels, type LabelView } from './labels.ts';
export {
  DOWNLOAD_TEXT,
  downloadResponse,
  listResources,
  resourceName,
  resourceType,
} from './resources.ts';
