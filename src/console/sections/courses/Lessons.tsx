/** A course's lessons in order: title, video (a site path or https address), duration, free preview. */
import { Button, Form, Input, Space, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { VideoUpload, useAction, DeleteAction } from '../parts/shared.tsx';
import { MediaTextFields, mediaTextInitial, mediaTextValues } from '../parts/media-text.tsx';
import { DURATION_PATTERN, formatClock } from '../../../shared/duration.ts';
import { COURSES_MSG } from '../../../shared/messages/courses.ts';
import { MSG } from '../../../shared/messages.ts';
import type { Listed } from '../../../shared/api-shapes.ts';
import type {
  AdminCourseRow as Row,
  AdminLessonRow as Lesson,
} from '../../../server/services/courses/index.ts';

export function Lessons(props: { course: Row }) {
  const [form] = Form.useForm();
  const [lessons, setLessons] = useState<Lesson[]>([]);
  const [editing, setEditing] = useState<Lesson | null>(null);
  const load = async () => {
    const res = await api<Listed<Lesson>>('get', 'admin/lesson/list', {
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
            duration: formatClock(l.durationSeconds),
            freePreview: l.freePreview,
            ...mediaTextInitial(l.chapters),
          }
        : {
            title: '',
            videoUrl: '',
            duration: '',
            freePreview: false,
            ...mediaTextInitial([]),
          },
    );
  };
  /** Moves a lesson one place up or down; the server checks the list is still the whole outline. */
  const move = (index: number, by: -1 | 1) => {
    const ids = lessons.map((l) => l.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    void run(
      () => adminCall('lesson/reorder', { courseId: props.course.id, ids: ids.join(',') }),
      COURSES_MSG.lesson.reordered,
    );
  };
  const save = async (v: {
    title: string;
    videoUrl?: string;
    duration: string;
    freePreview: boolean;
    chapters?: string;
    subtitles?: string;
  }) => {
    const values = {
      title: v.title,
      videoUrl: v.videoUrl ?? '',
      // Typed as 分:秒 (or 时:分:秒); the server reads and checks it.
      durationSeconds: v.duration,
      freePreview: v.freePreview,
      ...mediaTextValues(v),
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
          { title: '时长', dataIndex: 'durationSeconds', width: 80, render: formatClock },
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
          rules={[{ required: true, max: 100, message: MSG.form.title }]}
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
          <VideoUpload form={form} path="videoUrl" duration="duration" purpose="lesson" />
        </div>
        <Space size="large">
          <Form.Item
            name="duration"
            label="时长"
            rules={[
              { required: true, message: '请输入时长，如 12:30' },
              { pattern: DURATION_PATTERN, message: '时长格式为 分:秒，如 12:30' },
            ]}
          >
            <Input style={{ width: 120 }} placeholder="分:秒" />
          </Form.Item>
          <Form.Item name="freePreview" label="免费试看" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <MediaTextFields storedCues={editing?.subtitleCues ?? 0} lengthField="duration" />
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
