import { COURSES_MSG as SHARED } from '../../../shared/messages/courses.ts';

/**
 * The courses domain's messages: columns, courses, lessons, labels and
 * resources (those the console's forms show too are shared).
 */
export const COURSES_MSG = {
  ...SHARED,
  /** A course's or a label's type (1 to 4). */
  courseTypeInvalid: '课程类型无效',
  course: {
    ...SHARED.course,
    courseMissing: '课程不存在',
    courseHasOrders: '该课程已有订单或兑换码，不能删除，请改为下架',
    labelUnknown: '所选标签不存在，请刷新后重试',
    labelsInvalid: '所选标签无效',
    priceInvalid: '价格无效',
  },
  column: {
    ...SHARED.column,
    bigMissing: '大专栏不存在',
    columnMissing: '专栏不存在',
    nameTaken: '同名专栏已存在',
    bigHasColumns: '该大专栏下还有专栏，请先移走或删除',
    columnHasCourses: '该专栏下还有课程，请先移走或删除',
  },
  lesson: {
    ...SHARED.lesson,
    lessonMissing: '课时不存在',
    orderStale: '课时列表已变化，请刷新后重新排序',
    orderRequired: '请给出课程全部课时的新顺序',
  },
  label: {
    ...SHARED.label,
    missing: '标签不存在',
    /** The leading entry of every label list (spec 3: an empty id). */
    all: '全部',
  },
  resource: {
    ...SHARED.resource,
    fileType: '只能上传 PDF、ZIP、XLSX 或 DOCX 文件',
    tooLarge: '文件不能超过20MB',
    missing: '资料不存在',
  },
  /** The download page (spec 3: data download) and its way back. */
  download: {
    notFound: '资料不存在或已下线',
    login: '请先登录后再下载资料',
    missing: '资料文件暂不可用，请稍后再试或联系客服',
    back: '返回资料下载',
    backLogin: '登录后返回资料下载',
  },
} as const;
