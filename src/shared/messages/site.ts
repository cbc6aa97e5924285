/**
 * Site texts the browser shows too (the console's notice category, tool and
 * company forms); the server's are in services/site/messages.ts.
 */
export const SITE_MSG = {
  notice: {
    categoryName: '请输入分类名称（不超过20个字）',
  },
  tool: {
    name: '请输入工具名称（不超过30个字）',
    category: '请输入分类（不超过20个字）',
    icon: '图标须为图标名（小写字母、数字或连字符，如 resistor）或以 https:// 或 / 开头的图片地址',
  },
  company: {
    name: '请输入公司名称（不超过50个字）',
    domain: '请输入专区域名，如 zone.example.com',
  },
} as const;
