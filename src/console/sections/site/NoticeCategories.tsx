/** 公告分类, a CrudSection. */
import { CrudSection, type CrudConfig } from '../parts/crud.tsx';
import { SITE_MSG } from '../../../shared/messages/site.ts';
import type { AdminNoticeCategoryRow as NoticeCategory } from '../../../server/services/site/index.ts';

const NOTICE_CATEGORIES: CrudConfig<NoticeCategory> = {
  path: 'notice/category',
  noun: '公告分类',
  nameOf: (c) => c.name,
  fields: [
    { name: 'name', label: '分类名称', max: 20, required: SITE_MSG.notice.categoryName },
    { name: 'displayOrder', label: '排序', kind: 'number' },
  ],
  initial: (c) => ({ name: c?.name ?? '', displayOrder: c?.displayOrder ?? 0 }),
  columns: [
    { title: '分类', dataIndex: 'name' },
    { title: '公告数', dataIndex: 'notices', width: 90 },
    { title: '排序', dataIndex: 'displayOrder', width: 70 },
  ],
};

export const NoticeCategoriesSection = () => <CrudSection config={NOTICE_CATEGORIES} />;
