/**
 * 资源管理: downloadable resources with their downloads; upload a file (PDF,
 * ZIP, XLSX or DOCX up to 20 MB, its kind checked by its first bytes on the
 * server), tie it to a course (its buyers download it), edit, delete.
 */
import { useTable } from '@refinedev/antd';
import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Upload,
  type UploadFile,
} from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { editDeleteColumn, useAction, useDialog, timeColumn } from '../parts/shared.tsx';
import { MSG } from '../../../shared/messages.ts';
import { COURSES_MSG } from '../../../shared/messages/courses.ts';
import type { Listed } from '../../../shared/api-shapes.ts';
import type {
  AdminResourceRow as Row,
  AdminCourseRow,
} from '../../../server/services/courses/index.ts';

/** A course picked by name (searched on the server); empty for a resource of its own. */
function CourseSelect(props: {
  value?: number | null;
  onChange?(v: number | null): void;
  id?: string;
}) {
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const search = (q: string) =>
    void api<Listed<AdminCourseRow>>('get', 'admin/course/list', {
      searchParams: { size: '20', ...(q.trim() && { q: q.trim() }) },
    }).then((res) => {
      if (res.code === 200) setOptions(res.data.list.map((c) => ({ value: c.id, label: c.title })));
    });
  useEffect(() => search(''), []);
  return (
    <Select
      id={props.id}
      showSearch
      allowClear
      filterOption={false}
      placeholder="不属于课程"
      style={{ width: 280 }}
      options={options}
      value={props.value ?? undefined}
      onSearch={search}
      onChange={(v?: number) => props.onChange?.(v ?? null)}
    />
  );
}

function EditResource(props: { row: Row; open: boolean; onDone(): void; onCancel(): void }) {
  const [form] = Form.useForm();
  const { busy, run } = useAction();
  const submit = async (v: { title: string; summary?: string; courseId?: number | null }) => {
    const values = {
      id: props.row.id,
      title: v.title,
      summary: v.summary ?? '',
      courseId: v.courseId ?? null,
    };
    if (await run(() => adminCall('resource/update', values), '资源已保存')) props.onDone();
  };
  return (
    <Modal
      open={props.open}
      title="编辑资源"
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Form
        form={form}
        name="edit-resource"
        layout="vertical"
        initialValues={{
          title: props.row.title,
          summary: props.row.summary,
          courseId: props.row.courseId,
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="title"
          label="资源标题"
          rules={[{ required: true, max: 100, message: MSG.form.title }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="summary" label="简介">
          <Input.TextArea rows={2} maxLength={300} />
        </Form.Item>
        <Form.Item name="courseId" label="所属课程" extra="付费课程的资源，购买该课程后才能下载">
          <CourseSelect />
        </Form.Item>
      </Form>
    </Modal>
  );
}

const size = (n: number) =>
  n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

function NewResource(props: { onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; summary?: string; courseId?: number | null }>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async (v: { title: string; summary?: string; courseId?: number | null }) => {
    const file = files[0]?.originFileObj;
    if (!file) return void message.error(COURSES_MSG.resource.fileRequired);
    setBusy(true);
    const body = new FormData();
    body.append('title', v.title);
    body.append('summary', v.summary ?? '');
    if (v.courseId) body.append('courseId', String(v.courseId));
    body.append('file', file);
    const res = await api('post', 'admin/resource/create', { body, timeout: 10 * 60_000 });
    setBusy(false);
    if (res.code !== 200) return void message.error(res.message);
    void message.success('资源已上传');
    form.resetFields();
    setFiles([]);
    props.onDone();
  };
  return (
    <Form
      form={form}
      name="new-resource"
      layout="inline"
      aria-label="上传资源"
      onFinish={(v) => void submit(v)}
    >
      <Form.Item
        name="title"
        label="资源标题"
        rules={[{ required: true, max: 100, message: MSG.form.title }]}
      >
        <Input style={{ width: 240 }} maxLength={100} />
      </Form.Item>
      <Form.Item name="summary" label="简介">
        <Input style={{ width: 240 }} maxLength={300} />
      </Form.Item>
      <Form.Item name="courseId" label="所属课程">
        <CourseSelect />
      </Form.Item>
      <Form.Item label="文件">
        <Upload
          accept=".pdf,.zip,.xlsx,.docx"
          maxCount={1}
          fileList={files}
          beforeUpload={() => false}
          onChange={({ fileList }) => setFiles(fileList.slice(-1))}
        >
          <Button>选择文件</Button>
        </Upload>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        上传资源
      </Button>
    </Form>
  );
}

export function ResourcesSection() {
  const dialog = useDialog<Row>();
  const { tableProps, tableQuery } = useTable<Row>({
    resource: 'resource',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const refresh = () => void tableQuery.refetch();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <NewResource onDone={refresh} />
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Row> title="资源" dataIndex="title" />
        <Table.Column<Row> title="类型" dataIndex="fileType" width={80} />
        <Table.Column<Row> title="大小" dataIndex="fileSize" width={100} render={size} />
        <Table.Column<Row> title="下载" dataIndex="downloads" width={80} />
        <Table.Column<Row>
          title="所属课程"
          dataIndex="course"
          width={180}
          render={(c: string | null) => c ?? '—'}
        />
        {timeColumn<Row>('上传时间', 'createdAt')}
        <Table.Column<Row>
          {...editDeleteColumn<Row>({
            noun: '资源',
            path: 'resource/delete',
            nameOf: (r) => r.title,
            onEdit: dialog.show,
            onDone: refresh,
          })}
        />
      </Table>
      {dialog.value && (
        <EditResource
          key={dialog.key}
          row={dialog.value}
          open={dialog.open}
          onCancel={dialog.close}
          onDone={() => {
            dialog.close();
            refresh();
          }}
        />
      )}
    </Space>
  );
}
