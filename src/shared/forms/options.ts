/**
 * The option lists of spec 3 that forms offer (login, profile, course forms): kept apart from
 * constants.ts, which every page's layout script loads, so that only pages with such a form
 * carry them.
 */

/** Phone area-code options (spec 3). */
export const AREA_CODES = [
  '86',
  '852',
  '853',
  '886',
  '65',
  '60',
  '672',
  '1',
  '39',
  '33',
  '81',
] as const;

/** Course types (spec 3) as forms offer them: 1 video, 2 live, 3 exam, 4 kit (ORDER_COURSE_TYPE). */
export const COURSE_TYPES: { value: number; label: string }[] = [
  { value: 1, label: '视频课程' },
  { value: 2, label: '直播课程' },
  { value: 3, label: '考试认证' },
  { value: 4, label: '实物套件' },
];

/** Product-type options, a profile choice (spec 3: 17 options). */
export const PRODUCT_TYPES = [
  '音视频',
  '汽车电子',
  '通信',
  '计算',
  '能源',
  '严苛环境',
  '工业',
  '仪器仪表',
  '照明',
  '创客',
  '医疗',
  '电机控制',
  '电源',
  '机器人',
  '传感',
  '用户界面',
  '无线',
] as const;

/**
 * Job-role options, a profile choice (spec 3: 20 options, "from component
 * engineer to student and marketing and sales"; the middle of the list is not
 * given, so it is completed with roles of the same audience).
 */
export const JOB_ROLES = [
  '元器件工程师',
  '硬件工程师',
  '嵌入式软件工程师',
  '软件工程师',
  '射频工程师',
  '电源工程师',
  '模拟电路工程师',
  '数字电路/FPGA工程师',
  '测试工程师',
  '系统架构师',
  '工艺/生产工程师',
  '质量工程师',
  '研发经理',
  '项目经理',
  '采购',
  '技术支持/FAE',
  '企业管理者',
  '教师/研究人员',
  '学生',
  '市场与销售',
] as const;
