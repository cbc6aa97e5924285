/**
 * 课程管理: courses in every state, created in a column with a price (entered
 * in yuan, stored in fen), and each course's lessons in order: title, video
 * (a site path or https address), duration, free preview.
 */
import { useTable } from '@refinedev/antd';
import {
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
} from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { adminCall } from '../data-provider.ts';
import { useColumnTree } from './Columns.tsx';
import {
  ActionButton,
  COURSE_TYPES,
  VideoUpload,
  clock,
  useAction,
  DeleteAction,
} from './shared.tsx';

interface Row {
  id: number;
  title: string;
  columnId: number;
  columnName: string;
  teacher: string;
  type: number;
  priceCents: number;
  published: boolean;
  lessons: number;
}
interface Lesson {
  id: number;
  title: string;
  videoUrl: string | null;
  durationSeconds: number;
  sortOrder: number;
  freePreview: boolean;
}

const yuan = (cents: number) => (cents === 0 ? '免费' : `¥${(cents / 100).toFixed(2)}`);

/** What the duration field takes (the server decides): 分:秒, 时:分:秒 or seconds. */
const DURATION = /^\s*(?:(?:\d{1,2}:)?\d{1,3}:[0-5]\d|\d{1,6})\s*$/;

interface Detail {
  labelIds: number[];
  summary: string;
  description: string;
  cover: string | null;
}

/** Edits need the texts the list leaves out; a new course starts empty. */
function useCourseDetail(id: number | undefined): Detail | null {
  const [detail, setDetail] = useState<Detail | null>(
    id === undefined ? { labelIds: [], summary: '', description: '', cover: null } : null,
  );
  useEffect(() => {
    if (id === undefined) return;
    void api<Detail>('get', 'admin/course/detail', { searchParams: { id: String(id) } }).then(
      (res) => res.code === 200 && setDetail(res.data),
    );
  }, [id]);
  return detail;
}

function CourseForm(props: { row: Row | null; onDone(): void }) {
  const { tree } = useColumnTree();
  const { busy, run } = useAction();
  const detail = useCourseDetail(props.row?.id);
  const [labels, setLabels] = useState<{ id: number; name: string; courseType: number }[]>([]);
  useEffect(() => {
    void api<{ list: typeof labels }>('get', 'admin/label/list').then(
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
        type: r?.type ?? 1,
        price: r ? r.priceCents / 100 : 0,
        published: r?.published ?? true,
      }}
      onFinish={(v) => void submit(v as Record<string, unknown>)}
    >
      <Form.Item name="classifyId" label="专栏" rules={[{ required: true, message: '请选择专栏' }]}>
        <Select
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
        rules={[{ required: true, max: 100, message: '请输入标题（不超过100个字）' }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item
          name="teacher"
          label="讲师"
          rules={[{ required: true, max: 50, message: '请输入讲师（不超过50个字）' }]}
        >
          <Input maxLength={50} />
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
      <Form.Item name="summary" label="摘要">
        <Input.TextArea rows={2} maxLength={300} />
      </Form.Item>
      <Form.Item
        name="description"
        label="课程介绍"
        extra="段落之间空一行"
        rules={[{ required: true, message: '请输入正文（不超过50000个字）' }]}
      >
        <Input.TextArea rows={6} maxLength={50_000} />
      </Form.Item>
      <Form.Item name="cover" label="封面地址">
        <Input placeholder="https://… 或 /covers/…" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        保存课程
      </Button>
    </Form>
  );
}

function Lessons(props: { course: Row }) {
  const [form] = Form.useForm();
  const [lessons, setLessons] = useState<Lesson[]>([]);
  const [editing, setEditing] = useState<Lesson | null>(null);
  const load = async () => {
    const res = await api<{ list: Lesson[] }>('get', 'admin/lesson/list', {
      searchParams: { courseId: String(props.course.id) },
    });
    if (res.code === 200) setLessons(res.data.list);
  };
  useEffect(() => {
    void load();
  }, [props.course.id]);
  const { busy, run: act } = useAction();
  /** A change to the outline, then the outline as the server now has it (also after a refusal). */
  const run = async (action: () => Promise<unknown>, done: string) => {
    const ok = await act(action, done);
    await load();
    return ok;
  };
  const edit = (l: Lesson | null) => {
    setEditing(l);
    form.setFieldsValue(
      l
        ? {
            title: l.title,
            videoUrl: l.videoUrl ?? '',
            duration: clock(l.durationSeconds),
            freePreview: l.freePreview,
          }
        : { title: '', videoUrl: '', duration: '', freePreview: false },
    );
  };
  /** Moves a lesson one place up or down; the server checks the list is still the whole outline. */
  const move = (index: number, by: -1 | 1) => {
    const ids = lessons.map((l) => l.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    void run(
      () => adminCall('lesson/reorder', { courseId: props.course.id, ids: ids.join(',') }),
      '课时顺序已保存',
    );
  };
  const save = async (v: {
    title: string;
    videoUrl?: string;
    duration: string;
    freePreview: boolean;
  }) => {
    const values = {
      title: v.title,
      videoUrl: v.videoUrl ?? '',
      // Typed as 分:秒 (or 时:分:秒); the server reads and checks it.
      durationSeconds: v.duration,
      freePreview: v.freePreview,
    };
    const ok = await run(
      () =>
        editing
          ? adminCall('lesson/update', { id: editing.id, ...values })
          : adminCall('lesson/create', { courseId: props.course.id, ...values }),
      editing ? '课时已保存' : '课时已添加',
    );
    if (ok) edit(null);
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Table<Lesson>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={lessons}
        locale={{ emptyText: '还没有课时' }}
        columns={[
          { title: '序号', width: 60, render: (_, __, i) => i + 1 },
          { title: '课时', dataIndex: 'title' },
          { title: '时长', dataIndex: 'durationSeconds', width: 80, render: clock },
          {
            title: '试看',
            dataIndex: 'freePreview',
            width: 70,
            render: (f: boolean) => (f ? <Tag color="green">免费试看</Tag> : null),
          },
          {
            title: '操作',
            width: 250,
            render: (_, l, i) => (
              <Space size={4}>
                <Button
                  size="small"
                  aria-label={`上移“${l.title}”`}
                  disabled={i === 0 || busy}
                  onClick={() => move(i, -1)}
                >
                  上移
                </Button>
                <Button
                  size="small"
                  aria-label={`下移“${l.title}”`}
                  disabled={i === lessons.length - 1 || busy}
                  onClick={() => move(i, 1)}
                >
                  下移
                </Button>
                <Button size="small" aria-label={`编辑“${l.title}”`} onClick={() => edit(l)}>
                  编辑
                </Button>
                <DeleteAction
                  noun="课时"
                  name={l.title}
                  path="lesson/delete"
                  id={l.id}
                  onDone={() => void load()}
                />
              </Space>
            ),
          },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        aria-label={editing ? '编辑课时' : '添加课时'}
        initialValues={{ freePreview: false }}
        onFinish={(v) => void save(v)}
      >
        <Form.Item
          name="title"
          label="课时标题"
          rules={[{ required: true, max: 100, message: '请输入标题（不超过100个字）' }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="videoUrl"
          label="视频地址"
          extra="填写地址，或上传 MP4（不超过500 MB），时长自动填入"
        >
          <Input placeholder="/media/… 或 https://…" />
        </Form.Item>
        <div style={{ marginBottom: 16 }}>
          <VideoUpload form={form} path="videoUrl" duration="duration" />
        </div>
        <Space size="large">
          <Form.Item
            name="duration"
            label="时长"
            rules={[
              { required: true, message: '请输入时长，如 12:30' },
              { pattern: DURATION, message: '时长格式为 分:秒，如 12:30' },
            ]}
          >
            <Input style={{ width: 120 }} placeholder="分:秒" />
          </Form.Item>
          <Form.Item name="freePreview" label="免费试看" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Space>
          <Button htmlType="submit" type="primary" loading={busy}>
            {editing ? '保存课时' : '添加课时'}
          </Button>
          {editing && <Button onClick={() => edit(null)}>取消编辑</Button>}
        </Space>
      </Form>
    </Space>
  );
}

export function CoursesSection() {
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const [lessonsOf, setLessonsOf] = useState<Row | null>(null);
  const [q, setQ] = useState('');
  const { tableProps, tableQuery, setFilters } = useTable<Row>({
    resource: 'course',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const refresh = () => void tableQuery.refetch();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button type="primary" onClick={() => setEditing(null)}>
          新建课程
        </Button>
        <Input.Search
          aria-label="按课程名称搜索"
          placeholder="按课程名称搜索"
          allowClear
          style={{ width: 280 }}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(v) =>
            setFilters([{ field: 'q', operator: 'eq', value: v.trim() || undefined }], 'replace')
          }
          enterButton="搜索"
        />
      </Space>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Row>
          title="课程"
          dataIndex="title"
          render={(v: string, r) => (
            <a href={`/course/${r.id}`} target="_blank" rel="noreferrer">
              {v}
            </a>
          )}
        />
        <Table.Column<Row> title="专栏" dataIndex="columnName" width={140} />
        <Table.Column<Row> title="讲师" dataIndex="teacher" width={110} />
        <Table.Column<Row> title="价格" dataIndex="priceCents" width={100} render={yuan} />
        <Table.Column<Row> title="课时" dataIndex="lessons" width={70} />
        <Table.Column<Row>
          title="状态"
          dataIndex="published"
          width={80}
          render={(p: boolean) => (p ? <Tag color="green">已上架</Tag> : <Tag>未上架</Tag>)}
        />
        <Table.Column<Row>
          title="操作"
          width={220}
          render={(_, r) => (
            <Space>
              <Button size="small" onClick={() => setLessonsOf(r)}>
                课时
              </Button>
              <Button size="small" onClick={() => setEditing(r)}>
                编辑
              </Button>
              <ActionButton
                label="删除"
                danger
                confirm={`删除课程“${r.title}”及其课时？`}
                path="course/delete"
                values={{ id: r.id }}
                done="已删除"
                onDone={refresh}
              />
            </Space>
          )}
        />
      </Table>
      <Drawer
        title={editing ? '编辑课程' : '新建课程'}
        width={640}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        destroyOnHidden
      >
        {editing !== undefined && (
          <CourseForm
            key={editing?.id ?? 'new'}
            row={editing}
            onDone={() => {
              setEditing(undefined);
              refresh();
            }}
          />
        )}
      </Drawer>
      <Drawer
        title={lessonsOf ? `课时：${lessonsOf.title}` : '课时'}
        width={720}
        open={lessonsOf !== null}
        onClose={() => {
          setLessonsOf(null);
          refresh();
        }}
        destroyOnHidden
      >
        {lessonsOf && <Lessons course={lessonsOf} />}
      </Drawer>
    </Space>
  );
}
