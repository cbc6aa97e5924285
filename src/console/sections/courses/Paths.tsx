/**
 * 学习路线 (issue 28): paths of articles, lessons, replays, tools and downloads, their steps in
 * order, one a line as 类型 编号 说明 (文章 12 先建立选型的全局观), and published or draft.
 * The server checks every step's target and words each refusal.
 */
import { Tag } from 'antd';
import { CrudSection, type CrudConfig } from '../parts/crud.tsx';
import { PATH_MSG, PATH_STEP_LABEL } from '../../../shared/learning-paths.ts';
import type { AdminPathRow as Path } from '../../../server/services/learning/index.ts';

/** The steps as the form shows them: one `类型 编号 说明` line each. */
const stepLines = (p: Path | null) =>
  (p?.steps ?? [])
    .map((s) => `${PATH_STEP_LABEL[s.kind]} ${s.targetId} ${s.note}`.trim())
    .join('\n');

const PATHS: CrudConfig<Path> = {
  path: 'path',
  noun: '学习路线',
  nameOf: (p) => p.title,
  fields: [
    { name: 'title', label: '路线名称', max: 50, required: PATH_MSG.title },
    { name: 'level', label: '级别', max: 10, placeholder: '入门、进阶 …' },
    { name: 'summary', label: '简介', kind: 'textarea', max: 500 },
    {
      name: 'steps',
      label: '步骤',
      kind: 'textarea',
      required: PATH_MSG.steps,
      extra: `每行一步：类型 编号 说明。类型为${Object.values(PATH_STEP_LABEL).join('、')}；编号是文章、课时、直播、工具或资料的编号`,
    },
    {
      name: 'status',
      label: '状态',
      kind: 'select',
      options: [
        { value: 'draft', label: '草稿' },
        { value: 'published', label: '已发布' },
      ],
    },
    { name: 'sortOrder', label: '排序', kind: 'number' },
  ],
  initial: (p) => ({
    title: p?.title ?? '',
    level: p?.level ?? '',
    summary: p?.summary ?? '',
    steps: stepLines(p),
    status: p?.status ?? 'draft',
    sortOrder: p?.sortOrder ?? 0,
  }),
  columns: [
    { title: '路线', dataIndex: 'title' },
    { title: '级别', dataIndex: 'level', width: 90 },
    { title: '步数', width: 70, render: (_: unknown, p: Path) => p.steps.length },
    { title: '学员', dataIndex: 'members', width: 70 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: Path['status']) =>
        s === 'published' ? <Tag color="green">已发布</Tag> : <Tag>草稿</Tag>,
    },
    { title: '排序', dataIndex: 'sortOrder', width: 70 },
  ],
};

export function PathsSection() {
  return <CrudSection config={PATHS} />;
}
