import { SITE_MSG as SHARED } from '../../../shared/messages/site.ts';

/**
 * The site domain's messages: notices, tools, companies and the feeds (those
 * the console's forms show too are shared).
 */
export const SITE_MSG = {
  ...SHARED,
  notice: {
    ...SHARED.notice,
    noticeMissing: '公告不存在',
    categoryMissing: '公告分类不存在',
    categoryInUse: '该分类下还有公告，请先移走或删除这些公告',
  },
  tool: {
    ...SHARED.tool,
    missing: '工具不存在',
    descriptionTooLong: '简介不能超过200个字',
  },
  company: {
    ...SHARED.company,
    missing: '公司不存在',
    domainTaken: '该域名已被其他公司专区使用',
  },
  /** The RSS channel (spec: /rss.xml). */
  feed: {
    title: '{{site}} · 最新文章',
    description: '{{site}}的最新技术文章',
  },
} as const;
