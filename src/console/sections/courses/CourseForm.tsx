/** The form of one course: its column, texts, type, price (entered in yuan, stored in fen) and labels. */
import { Button, Form, Input, InputNumber, Select, Space, Spin, Switch } from 'antd';
import { FormSelect } from '../parts/form-select.tsx';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { useColumnTree } from './Columns.tsx';
import { AboutFields, useAction } from '../parts/shared.tsx';
import { COURSE_TYPES } from '../../../shared/forms/options.ts';
import { MSG } from '../../../shared/messages.ts';
import { COURSES_MSG } from '../../../shared/messages/courses.ts';
import type {
  AdminCourseDetail,
  AdminCourseRow as Row,
  AdminLabelRow,
} from '../../../server/services/courses/index.ts';
import type { Listed } from '../../../shared/api-shapes.ts';

/** The texts the form edits; a new course starts with them empty. */
type Detail = Pick<
  AdminCourseDetail,
  'labelIds' | 'summary' | 'description' | 'cover' | 'teacherMobile'
>;

/** Edits need the texts the list leaves out; a new course starts empty. */
function useCourseDetail(id: number | undefined): Detail | null {
  const [detail, setDetail] = useState<Detail | null>(
    id === undefined
      ? { labelIds: [], summary: '', description: '', cover: null, teacherMobile: '' }
      : null,
  );
  useEffect(() => {
    if (id === undefined) return;
    void api<AdminCourseDetail>('get', 'admin/course/detail', {
      searchParams: { id: String(id) },
    }).then((res) => res.code === 200 && setDetail(res.data));
  }, [id]);
  return detail;
}

export function CourseForm(props: { row: Row | null; onDone(): void }) {
  const { tree } = useColumnTree();
  const { busy, run } = useAction();
  const detail = useCourseDetail(props.row?.id);
  const [labels, setLabels] = useState<AdminLabelRow[]>([]);
  useEffect(() => {
    void api<Listed<AdminLabelRow>>('get', 'admin/label/list').then(
      (res) => res.code === 200 && setLabels(res.data.list),
    );
  }, []);
  const submit = async (v: Record<string, unknown>) => {
    const values = {
      ...v,
      priceCents: Math.round(Number(v.price ?? 0) * 100),
      price: undefined,
      ...(props.row && { id: props.row.id }),
    };
    if (
      await run(() => adminCall(`course/${props.row ? 'update' : 'create'}`, values), '课程已保存')
    )
      props.onDone();
  };
  const r = props.row;
  if (!detail) return <Spin />;
  return (
    <Form
      layout="vertical"
      aria-label="课程"
      initialValues={{
        labelIds: detail.labelIds,
        summary: detail.summary,
        description: detail.description,
        cover: detail.cover ?? '',
        classifyId: r?.columnId,
        title: r?.title ?? '',
        teacher: r?.teacher ?? '',
        teacherMobile: detail.teacherMobile,
        type: r?.type ?? 1,
        price: r ? r.priceCents / 100 : 0,
        published: r?.published ?? true,
      }}
      onFinish={(v) => void submit(v as Record<string, unknown>)}
    >
      <Form.Item name="classifyId" label="专栏" rules={[{ required: true, message: '请选择专栏' }]}>
        <FormSelect
          showSearch
          optionFilterProp="label"
          options={tree.map((b) => ({
            label: b.name,
            options: b.columns.map((c) => ({ value: c.id, label: c.name })),
          }))}
        />
      </Form.Item>
      <Form.Item
        name="title"
        label="课程名称"
        rules={[{ required: true, max: 100, message: MSG.form.title }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item
          name="teacher"
          label="讲师"
          rules={[{ required: true, max: 50, message: COURSES_MSG.course.teacher }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="teacherMobile" label="讲师账号（手机号）" extra="讲师登录后可回答课时提问">
          <Input maxLength={20} inputMode="numeric" autoComplete="off" />
        </Form.Item>
        <Form.Item name="type" label="课程类型">
          <Select style={{ width: 140 }} options={COURSE_TYPES} />
        </Form.Item>
        <Form.Item name="price" label="价格（元）" extra="0 为免费">
          <InputNumber min={0} max={1_000_000} precision={2} step={1} />
        </Form.Item>
        <Form.Item name="published" label="上架" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="labelIds" label="标签" extra="课程列表按标签筛选">
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          options={COURSE_TYPES.map((t) => ({
            label: t.label,
            options: labels
              .filter((l) => l.courseType === t.value)
              .map((l) => ({ value: l.id, label: l.name })),
          })).filter((g) => g.options.length > 0)}
        />
      </Form.Item>
      <AboutFields noun="课程" rows={6} required={MSG.form.content} />
      <Button type="primary" htmlType="submit" loading={busy}>
        保存课程
      </Button>
    </Form>
  );
}
