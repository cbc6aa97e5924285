/**
 * 学习工具: the links of /learningtools by category and order: a tool of the
 * site (/tool/…) or an https page elsewhere.
 */
import { CrudSection, type CrudConfig } from '../parts/crud.tsx';
import { SITE_MSG } from '../../../shared/messages/site.ts';
import { MSG } from '../../../shared/messages.ts';
import { TOOL_ICON_KEYS } from '../../../shared/tools/tool-icons.ts';
import type { AdminToolRow as Tool } from '../../../server/services/site/index.ts';

const TOOLS: CrudConfig<Tool> = {
  path: 'tool',
  noun: '工具',
  nameOf: (t) => t.name,
  fields: [
    { name: 'name', label: '工具名称', max: 30, required: SITE_MSG.tool.name },
    { name: 'category', label: '分类', max: 20, required: SITE_MSG.tool.category },
    {
      name: 'url',
      label: '工具地址',
      required: MSG.form.url,
      placeholder: '/tool/… 或 https://…',
    },
    { name: 'description', label: '简介', kind: 'textarea', max: 200 },
    {
      name: 'icon',
      label: '图标',
      placeholder: `图标名（${TOOL_ICON_KEYS.join('、')}）或 /icons/…、https://…`,
    },
    { name: 'displayOrder', label: '排序', kind: 'number' },
  ],
  initial: (r) => ({
    name: r?.name ?? '',
    description: r?.description ?? '',
    url: r?.url ?? '',
    icon: r?.icon ?? '',
    category: r?.category ?? '',
    displayOrder: r?.displayOrder ?? 0,
  }),
  columns: [
    { title: '分类', dataIndex: 'category', width: 120 },
    { title: '工具', dataIndex: 'name', width: 200 },
    { title: '简介', dataIndex: 'description' },
    {
      title: '地址',
      dataIndex: 'url',
      width: 240,
      render: (u: string) => (
        <a href={u} target="_blank" rel="noreferrer">
          {u}
        </a>
      ),
    },
    { title: '排序', dataIndex: 'displayOrder', width: 70 },
  ],
};

export function ToolsSection() {
  return <CrudSection config={TOOLS} />;
}
