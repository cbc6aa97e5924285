import { MSG } from '../../../shared/messages.ts';

/** Messages of the shared helpers: the rich-text body (doc-html.ts). */
export const LIB_MSG = {
  doc: {
    invalid: '正文包含不支持的内容',
    /** An empty or too long body: the staff forms' own body message. */
    body: MSG.form.content,
    link: '链接地址须以 https://、http://、mailto: 或 / 开头',
    image: '图片地址须以 https:// 或 / 开头',
  },
} as const;
