/**
 * 资源管理: downloadable resources with their downloads; upload a file (PDF,
 * ZIP, XLSX or DOCX up to 20 MB, its kind checked by its first bytes on the
 * server) and delete.
 */
import { useTable } from '@refinedev/antd';
import { App, Button, Form, Input, Space, Table, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { api } from '../../client/api.ts';
import { ActionButton, beijing } from './shared.tsx';

interface Row {
  id: number;
  title: string;
  fileType: string;
  fileSize: number;
  downloads: number;
  course: string | null;
  createdAt: string;
}

const size = (n: number) =>
  n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

function NewResource(props: { onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; summary?: string }>();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [busy, setBusy] = useState(false);
  const submit = async (v: { title: string; summary?: string }) => {
    const file = files[0]?.originFileObj;
    if (!file) return void message.error('请选择要上传的文件');
    setBusy(true);
    const body = new FormData();
    body.append('title', v.title);
    body.append('summary', v.summary ?? '');
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
    <Form form={form} layout="inline" aria-label="上传资源" onFinish={(v) => void submit(v)}>
      <Form.Item
        name="title"
        label="资源标题"
        rules={[{ required: true, max: 100, message: '请输入标题（不超过100个字）' }]}
      >
        <Input style={{ width: 240 }} maxLength={100} />
      </Form.Item>
      <Form.Item name="summary" label="简介">
        <Input style={{ width: 240 }} maxLength={300} />
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
        <Table.Column<Row> title="上传时间" dataIndex="createdAt" width={150} render={beijing} />
        <Table.Column<Row>
          title="操作"
          width={90}
          render={(_, r) => (
            <ActionButton
              label="删除"
              danger
              confirm={`删除资源“${r.title}”？`}
              path="resource/delete"
              values={{ id: r.id }}
              done="已删除"
              onDone={refresh}
            />
          )}
        />
      </Table>
    </Space>
  );
}
