/**
 * Course texts the browser shows too (the console's course, column, lesson
 * and label forms); the server's are in services/courses/messages.ts.
 */
export const COURSES_MSG = {
  course: {
    teacher: '请输入讲师（不超过50个字）',
  },
  column: {
    name: '请输入名称（不超过30个字）',
  },
  lesson: {
    reordered: '课时顺序已保存',
  },
  label: {
    name: '请输入标签名称（不超过20个字）',
  },
  resource: {
    fileRequired: '请选择要上传的文件',
  },
} as const;
