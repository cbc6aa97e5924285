/**
 * 学习工具: the links of /learningtools by category and order: a tool of the
 * site (/tool/…) or an https page elsewhere.
 */
import { App, Button, Form, Input, InputNumber, Modal, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { adminCall } from '../data-provider.ts';
import { ActionButton } from './shared.tsx';

interface Tool {
  id: number;
  name: string;
  description: string;
  url: string;
  icon: string | null;
  category: string;
  displayOrder: number;
}

function ToolForm(props: { row: Tool | null; onDone(): void; onCancel(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const r = props.row;
  const submit = async (v: Record<string, unknown>) => {
    setBusy(true);
    try {
      await adminCall(r ? 'tool/update' : 'tool/create', { ...v, ...(r && { id: r.id }) });
      void message.success('工具已保存');
      props.onDone();
    } catch (err) {
      void message.error((err as { message?: string }).message ?? '保存失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={r ? '编辑工具' : '新建工具'}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          name: r?.name ?? '',
          description: r?.description ?? '',
          url: r?.url ?? '',
          icon: r?.icon ?? '',
          category: r?.category ?? '',
          displayOrder: r?.displayOrder ?? 0,
        }}
        onFinish={(v) => void submit(v as Record<string, unknown>)}
      >
        <Form.Item
          name="name"
          label="工具名称"
          rules={[{ required: true, max: 30, message: '请输入工具名称（不超过30个字）' }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item
          name="category"
          label="分类"
          rules={[{ required: true, message: '请输入分类（不超过20个字）' }]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="url"
          label="工具地址"
          rules={[{ required: true, message: '地址须以 https:// 或 / 开头' }]}
        >
          <Input placeholder="/tool/… 或 https://…" />
        </Form.Item>
        <Form.Item name="description" label="简介">
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Form.Item name="icon" label="图标地址">
          <Input placeholder="/icons/… 或 https://…" />
        </Form.Item>
        <Form.Item name="displayOrder" label="排序">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ToolsSection() {
  const [tools, setTools] = useState<Tool[]>([]);
  const [editing, setEditing] = useState<Tool | null | undefined>(undefined);
  const load = async () => {
    const res = await api<{ list: Tool[] }>('get', 'admin/tool/list');
    if (res.code === 200) setTools(res.data.list);
  };
  useEffect(() => {
    void load();
  }, []);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing(null)}>
        新建工具
      </Button>
      <Table<Tool> rowKey="id" size="middle" dataSource={tools} pagination={false}>
        <Table.Column<Tool> title="分类" dataIndex="category" width={120} />
        <Table.Column<Tool> title="工具" dataIndex="name" width={200} />
        <Table.Column<Tool> title="简介" dataIndex="description" />
        <Table.Column<Tool>
          title="地址"
          dataIndex="url"
          width={240}
          render={(u: string) => (
            <a href={u} target="_blank" rel="noreferrer">
              {u}
            </a>
          )}
        />
        <Table.Column<Tool> title="排序" dataIndex="displayOrder" width={70} />
        <Table.Column<Tool>
          title="操作"
          width={150}
          render={(_, t) => (
            <Space>
              <Button size="small" onClick={() => setEditing(t)}>
                编辑
              </Button>
              <ActionButton
                label="删除"
                danger
                confirm={`删除工具“${t.name}”？`}
                path="tool/delete"
                values={{ id: t.id }}
                done="已删除"
                onDone={() => void load()}
              />
            </Space>
          )}
        />
      </Table>
      {editing !== undefined && (
        <ToolForm
          row={editing}
          onCancel={() => setEditing(undefined)}
          onDone={() => {
            setEditing(undefined);
            void load();
          }}
        />
      )}
    </Space>
  );
}
