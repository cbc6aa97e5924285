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
  },
  company: {
    name: '请输入公司名称（不超过50个字）',
    domain: '请输入专区域名，如 zone.example.com',
  },
} as const;
