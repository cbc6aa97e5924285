/**
 * 公告管理: notices for everyone (login-only pages, spec 2), written in the
 * same rich-text editor as articles; a notice may be the pop-up notice.
 */
import { useTable } from '@refinedev/antd';
import { Alert, Button, Drawer, Form, Input, Space, Spin, Switch, Table, Tag } from 'antd';
import { FormSelect } from '../parts/form-select.tsx';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { RichEditor, type Doc } from '../../editor/RichEditor.tsx';
import { editDeleteColumn, useAction, timeColumn } from '../parts/shared.tsx';
import { MSG } from '../../../shared/messages.ts';
import type { Listed } from '../../../shared/api-shapes.ts';
import type {
  AdminNoticeRow as Row,
  NoticeCategoryOption,
} from '../../../server/services/site/index.ts';

interface Values {
  categoryId: number;
  title: string;
  popup: boolean;
  body?: Doc | string;
}

function NoticeForm(props: {
  row: Row | null;
  categories: { id: number; name: string }[];
  onDone(): void;
}) {
  const { busy, run } = useAction();
  const r = props.row;
  const submit = async (v: Values) => {
    const values = {
      ...(r && { id: r.id }),
      categoryId: v.categoryId,
      title: v.title,
      popup: v.popup,
      ...(v.body && typeof v.body === 'object' && { contentDoc: JSON.stringify(v.body) }),
    };
    if (await run(() => adminCall(r ? 'notice/update' : 'notice/create', values), '公告已保存'))
      props.onDone();
  };
  return (
    <Form
      layout="vertical"
      aria-label="公告"
      initialValues={{
        categoryId: r?.categoryId ?? props.categories[0]?.id,
        title: r?.title ?? '',
        popup: r?.popup ?? false,
        body: r?.content,
      }}
      onFinish={(v) => void submit(v as Values)}
    >
      <Space size="large" wrap>
        <Form.Item
          name="categoryId"
          label="公告分类"
          rules={[{ required: true, message: '请选择分类' }]}
        >
          <FormSelect
            style={{ width: 180 }}
            options={props.categories.map((c) => ({ value: c.id, label: c.name }))}
          />
        </Form.Item>
        <Form.Item name="popup" label="弹窗公告" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item
        name="title"
        label="公告标题"
        rules={[{ required: true, max: 100, message: MSG.form.title }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item name="body" label="公告内容" rules={[{ required: !r, message: MSG.form.content }]}>
        <RichEditor aria-label="公告内容" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        保存公告
      </Button>
    </Form>
  );
}

export function NoticesSection() {
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  // null until loaded: the form waits for them, so a new notice starts in the first category.
  const [categories, setCategories] = useState<{ id: number; name: string }[] | null>(null);
  const { tableProps, tableQuery } = useTable<Row>({
    resource: 'notice',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  useEffect(() => {
    void api<Listed<NoticeCategoryOption>>('get', 'admin/notice/categories').then(
      (res) => res.code === 200 && setCategories(res.data.list),
    );
  }, []);
  const refresh = () => void tableQuery.refetch();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing(null)}>
        新建公告
      </Button>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Row>
          title="公告"
          dataIndex="title"
          render={(v: string, r) => (
            <a href={`/notificationdetail?id=${r.id}`} target="_blank" rel="noreferrer">
              {v}
            </a>
          )}
        />
        <Table.Column<Row> title="分类" dataIndex="categoryName" width={120} />
        <Table.Column<Row>
          title="弹窗"
          dataIndex="popup"
          width={80}
          render={(p: boolean) => (p ? <Tag color="orange">弹窗</Tag> : null)}
        />
        {timeColumn<Row>('发布时间', 'publishedAt')}
        <Table.Column<Row>
          {...editDeleteColumn<Row>({
            noun: '公告',
            path: 'notice/delete',
            nameOf: (r) => r.title,
            onEdit: setEditing,
            onDone: refresh,
          })}
        />
      </Table>
      <Drawer
        title={editing === undefined ? '' : editing ? '编辑公告' : '新建公告'}
        width={900}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        destroyOnHidden
      >
        {editing !== undefined && categories === null && <Spin />}
        {editing !== undefined && categories?.length === 0 && (
          <Alert type="warning" message="还没有公告分类，请先在“公告分类”中新建" />
        )}
        {editing !== undefined && categories !== null && categories.length > 0 && (
          <NoticeForm
            key={editing?.id ?? 'new'}
            row={editing}
            categories={categories}
            onDone={() => {
              setEditing(undefined);
              refresh();
            }}
          />
        )}
      </Drawer>
    </Space>
  );
}
