/** 课程标签, a CrudSection: the labels the course lists filter by, per course type. */
import { CrudSection, type CrudConfig } from '../parts/crud.tsx';
import { COURSE_TYPES } from '../../../shared/forms/options.ts';
import { COURSES_MSG } from '../../../shared/messages/courses.ts';
import type { AdminLabelRow as Label } from '../../../server/services/courses/index.ts';

const LABELS: CrudConfig<Label> = {
  path: 'label',
  noun: '标签',
  nameOf: (l) => l.name,
  fields: [
    { name: 'name', label: '标签名称', max: 20, required: COURSES_MSG.label.name },
    { name: 'courseType', label: '课程类型', kind: 'select', options: COURSE_TYPES },
    { name: 'displayOrder', label: '排序', kind: 'number' },
  ],
  initial: (l) => ({
    name: l?.name ?? '',
    courseType: l?.courseType ?? 1,
    displayOrder: l?.displayOrder ?? 0,
  }),
  columns: [
    { title: '标签', dataIndex: 'name' },
    {
      title: '课程类型',
      dataIndex: 'courseType',
      width: 120,
      render: (t: number) => COURSE_TYPES.find((c) => c.value === t)?.label ?? t,
    },
    { title: '课程数', dataIndex: 'courses', width: 90 },
    { title: '排序', dataIndex: 'displayOrder', width: 70 },
  ],
};

export const LabelsSection = () => <CrudSection config={LABELS} />;
