/**
 * 课程管理: courses in every state, created in a column with a price (entered
 * in yuan, stored in fen), and each course's lessons in order: title, video
 * (a site path or https address), duration, free preview.
 */
import { useTable } from '@refinedev/antd';
import {
  App,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { adminCall } from '../data-provider.ts';
import { useColumnTree } from './Columns.tsx';
import { ActionButton } from './shared.tsx';

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

const TYPES = [
  { value: 1, label: '视频课程' },
  { value: 2, label: '直播课程' },
  { value: 3, label: '考试认证' },
  { value: 4, label: '实物套件' },
];
const yuan = (cents: number) => (cents === 0 ? '免费' : `¥${(cents / 100).toFixed(2)}`);
const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** '12:34' or '754' → 754 seconds; anything else → NaN. */
function seconds(text: string): number {
  const m = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (m) return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

function CourseForm(props: { row: Row | null; onDone(): void }) {
  const { message } = App.useApp();
  const { tree } = useColumnTree();
  const [busy, setBusy] = useState(false);
  const submit = async (v: Record<string, unknown>) => {
    setBusy(true);
    try {
      const values = {
        ...v,
        priceCents: Math.round(Number(v.price ?? 0) * 100),
        price: undefined,
        ...(props.row && { id: props.row.id }),
      };
      await adminCall(`course/${props.row ? 'update' : 'create'}`, values);
      void message.success('课程已保存');
      props.onDone();
    } catch (err) {
      void message.error((err as { message?: string }).message ?? '保存失败');
    } finally {
      setBusy(false);
    }
  };
  const r = props.row;
  return (
    <Form
      layout="vertical"
      aria-label="课程"
      initialValues={{
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
          <Select style={{ width: 140 }} options={TYPES} />
        </Form.Item>
        <Form.Item name="price" label="价格（元）" extra="0 为免费">
          <InputNumber min={0} max={1_000_000} precision={2} step={1} />
        </Form.Item>
        <Form.Item name="published" label="上架" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      {!r && (
        <>
          <Form.Item name="summary" label="摘要">
            <Input.TextArea rows={2} maxLength={300} />
          </Form.Item>
          <Form.Item
            name="description"
            label="课程介绍"
            rules={[{ required: true, message: '请输入正文（不超过50000个字）' }]}
          >
            <Input.TextArea rows={6} maxLength={50_000} />
          </Form.Item>
          <Form.Item name="cover" label="封面地址">
            <Input placeholder="https://… 或 /covers/…" />
          </Form.Item>
        </>
      )}
      <Button type="primary" htmlType="submit" loading={busy}>
        保存课程
      </Button>
    </Form>
  );
}

function Lessons(props: { course: Row }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [lessons, setLessons] = useState<Lesson[]>([]);
  const [busy, setBusy] = useState(false);
  const load = async () => {
    const res = await api<{ list: Lesson[] }>('get', 'admin/lesson/list', {
      searchParams: { courseId: String(props.course.id) },
    });
    if (res.code === 200) setLessons(res.data.list);
  };
  useEffect(() => {
    void load();
  }, [props.course.id]);
  const add = async (v: {
    title: string;
    videoUrl?: string;
    duration: string;
    freePreview: boolean;
  }) => {
    const durationSeconds = seconds(v.duration);
    if (!Number.isFinite(durationSeconds) || durationSeconds < 1)
      return void message.error('时长格式为 分:秒，如 12:30');
    setBusy(true);
    try {
      await adminCall('lesson/create', {
        courseId: props.course.id,
        title: v.title,
        videoUrl: v.videoUrl ?? '',
        durationSeconds,
        freePreview: v.freePreview,
        sortOrder: (lessons.at(-1)?.sortOrder ?? 0) + 1,
      });
      void message.success('课时已添加');
      form.resetFields();
      await load();
    } catch (err) {
      void message.error((err as { message?: string }).message ?? '保存失败');
    } finally {
      setBusy(false);
    }
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
            width: 90,
            render: (_, l) => (
              <ActionButton
                label="删除"
                danger
                confirm={`删除课时“${l.title}”？`}
                path="lesson/delete"
                values={{ id: l.id }}
                done="已删除"
                onDone={() => void load()}
              />
            ),
          },
        ]}
      />
      <Form
        form={form}
        layout="vertical"
        aria-label="添加课时"
        initialValues={{ freePreview: false }}
        onFinish={(v) => void add(v)}
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
        <Upload
          accept="video/mp4"
          maxCount={1}
          customRequest={({ file, onSuccess, onError }) => {
            const body = new FormData();
            body.append('file', file as Blob);
            void api<{ url: string; duration: number }>('post', 'admin/media/upload', {
              body,
              timeout: 30 * 60_000,
            }).then((res) => {
              if (res.code !== 200) {
                void message.error(res.message);
                return onError?.(new Error(res.message));
              }
              form.setFieldsValue({ videoUrl: res.data.url, duration: clock(res.data.duration) });
              void message.success('视频已上传');
              onSuccess?.(res.data);
            });
          }}
        >
          <Button style={{ marginBottom: 16 }}>上传视频</Button>
        </Upload>
        <Space size="large">
          <Form.Item
            name="duration"
            label="时长"
            rules={[{ required: true, message: '请输入时长，如 12:30' }]}
          >
            <Input style={{ width: 120 }} placeholder="分:秒" />
          </Form.Item>
          <Form.Item name="freePreview" label="免费试看" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Button htmlType="submit" type="primary" loading={busy}>
          添加课时
        </Button>
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
