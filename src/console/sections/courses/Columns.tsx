/**
 * 专栏管理: big columns and the columns under them (the course catalogue's
 * two levels). Create, edit and delete; the server refuses to delete a big
 * column holding columns or a column holding courses, and says so.
 */
import { Button, Form, Input, InputNumber, Modal, Space, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { DeleteAction, useAction, useDialog } from '../parts/shared.tsx';
import { COURSES_MSG } from '../../../shared/messages/courses.ts';
import type { Listed } from '../../../shared/api-shapes.ts';
import type {
  AdminBigColumn as BigColumn,
  AdminColumn as Column,
} from '../../../server/services/courses/index.ts';

interface Editing {
  kind: 'bigcolumn' | 'column';
  /** The row edited, or null for a new one. */
  row: Partial<Column & BigColumn> | null;
  bigColumnId?: number;
}

export function useColumnTree() {
  const [tree, setTree] = useState<BigColumn[]>([]);
  const load = async () => {
    const res = await api<Listed<BigColumn>>('get', 'admin/bigcolumn/list');
    if (res.code === 200) setTree(res.data.list);
  };
  useEffect(() => {
    void load();
  }, []);
  return { tree, reload: load };
}

function ColumnForm(props: { editing: Editing; open: boolean; onDone(): void; onCancel(): void }) {
  const [form] = Form.useForm();
  const { busy, run } = useAction();
  const { kind, row } = props.editing;
  const submit = async (v: Record<string, unknown>) => {
    const values = { ...v, ...(kind === 'column' && { bigColumnId: props.editing.bigColumnId }) };
    const saved = await run(
      () =>
        adminCall(`${kind}/${row?.id ? 'update' : 'create'}`, {
          ...values,
          ...(row?.id && { id: row.id }),
        }),
      kind === 'bigcolumn' ? '大专栏已保存' : '专栏已保存',
    );
    if (saved) props.onDone();
  };
  return (
    <Modal
      open={props.open}
      title={`${row?.id ? '编辑' : '新建'}${kind === 'bigcolumn' ? '大专栏' : '专栏'}`}
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
          name: row?.name ?? '',
          description: row?.description ?? '',
          cover: row?.cover ?? '',
          displayOrder: row?.displayOrder ?? 0,
          hot: row?.hot ?? false,
        }}
        onFinish={(v) => void submit(v as Record<string, unknown>)}
      >
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, max: 30, message: COURSES_MSG.column.name }]}
        >
          <Input maxLength={30} />
        </Form.Item>
        <Form.Item name="description" label="简介">
          <Input.TextArea rows={3} maxLength={500} />
        </Form.Item>
        <Form.Item name="cover" label="封面地址">
          <Input placeholder="https://… 或 /covers/…" />
        </Form.Item>
        <Form.Item name="displayOrder" label="排序">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
        {kind === 'column' && (
          <Form.Item name="hot" label="热门" valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

export function ColumnsSection() {
  const { tree, reload } = useColumnTree();
  const dialog = useDialog<Editing>();
  const refresh = () => void reload();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => dialog.show({ kind: 'bigcolumn', row: null })}>
        新建大专栏
      </Button>
      <Table<BigColumn>
        rowKey="id"
        size="middle"
        dataSource={tree}
        pagination={false}
        expandable={{
          // Every big column open: its columns are what one works on here.
          expandedRowKeys: tree.map((b) => b.id),
          showExpandColumn: false,
          expandedRowRender: (b) => (
            <Table<Column>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={b.columns}
              locale={{ emptyText: '还没有专栏' }}
              columns={[
                {
                  title: '专栏',
                  dataIndex: 'name',
                  render: (v: string, c) => (
                    <a href={`/column/${c.id}`} target="_blank" rel="noreferrer">
                      {v}
                    </a>
                  ),
                },
                { title: '课程数', dataIndex: 'courses', width: 80 },
                { title: '排序', dataIndex: 'displayOrder', width: 70 },
                {
                  title: '热门',
                  dataIndex: 'hot',
                  width: 70,
                  render: (h: boolean) => (h ? <Tag color="red">热门</Tag> : null),
                },
                {
                  title: '操作',
                  width: 160,
                  render: (_, c) => (
                    <Space>
                      <Button
                        size="small"
                        onClick={() =>
                          dialog.show({ kind: 'column', row: c, bigColumnId: c.bigColumnId })
                        }
                      >
                        编辑
                      </Button>
                      <DeleteAction
                        noun="专栏"
                        name={c.name}
                        path="column/delete"
                        id={c.id}
                        onDone={refresh}
                      />
                    </Space>
                  ),
                },
              ]}
            />
          ),
        }}
      >
        <Table.Column<BigColumn> title="大专栏" dataIndex="name" />
        <Table.Column<BigColumn> title="专栏数" width={80} render={(_, b) => b.columns.length} />
        <Table.Column<BigColumn> title="排序" dataIndex="displayOrder" width={70} />
        <Table.Column<BigColumn>
          title="操作"
          width={260}
          render={(_, b) => (
            <Space>
              <Button
                size="small"
                onClick={() => dialog.show({ kind: 'column', row: null, bigColumnId: b.id })}
              >
                新建专栏
              </Button>
              <Button size="small" onClick={() => dialog.show({ kind: 'bigcolumn', row: b })}>
                编辑
              </Button>
              <DeleteAction
                noun="大专栏"
                name={b.name}
                path="bigcolumn/delete"
                id={b.id}
                onDone={refresh}
              />
            </Space>
          )}
        />
      </Table>
      {dialog.value && (
        <ColumnForm
          key={dialog.key}
          editing={dialog.value}
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
