/**
 * One console section for a simple kind: a table of its rows (paged by the
 * server through Refine), a dialog to create or edit one, a confirmed delete.
 * The server decides and words every refusal; the dialog shows its message
 * and keeps what was typed. Used by 学习工具, 短视频, 标签, 合作公司 and
 * 公告分类; the larger kinds (articles, courses …) have their own sections.
 */
import { useTable } from '@refinedev/antd';
import {
  Button,
  Form,
  Input,
  InputNumber,
  Modal,
  Space,
  Switch,
  Table,
  type FormInstance,
  type TableColumnsType,
} from 'antd';
import { FormSelect } from './form-select.tsx';
import { useState, type ReactNode } from 'react';
import { adminCall } from '../../data-provider.ts';
import { editDeleteColumn, useAction, useDialog } from './shared.tsx';

export interface CrudField {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'number' | 'switch' | 'select';
  /** The message shown when left empty (and the field is required). */
  required?: string;
  max?: number;
  placeholder?: string;
  extra?: string;
  options?: { value: number | string; label: string }[];
}

export interface CrudConfig<T extends { id: number }> {
  /** The API family: 'tool' → /api/admin/tool/list|create|update|delete. */
  path: string;
  /** What one row is called: 工具 → 新建工具, 工具已保存, 删除工具“…”？ */
  noun: string;
  nameOf(row: T): string;
  fields: CrudField[];
  columns: TableColumnsType<T>;
  /** The form's values for a row, or for a new one (null). */
  initial(row: T | null): Record<string, unknown>;
  /** Extra form content beside the fields (an upload filling some of them). */
  extra?(form: FormInstance): ReactNode;
  /** A search box filtering the list by this query parameter. */
  search?: { param: string; label: string };
}

/**
 * The control of one field. Form.Item hands its child id, value and onChange:
 * they are passed on, so the label points at the control and the form holds its value.
 */
function FieldInput({ field, ...bound }: { field: CrudField } & Record<string, unknown>) {
  switch (field.kind) {
    case 'textarea':
      return <Input.TextArea {...bound} rows={3} maxLength={field.max} />;
    case 'number':
      return <InputNumber {...bound} min={0} max={9999} precision={0} />;
    case 'switch':
      return <Switch {...bound} />;
    case 'select':
      return <FormSelect {...bound} style={{ width: 200 }} options={field.options} />;
    default:
      return <Input {...bound} maxLength={field.max} placeholder={field.placeholder} />;
  }
}

function CrudForm<T extends { id: number }>(props: {
  config: CrudConfig<T>;
  open: boolean;
  row: T | null;
  onDone(): void;
  onCancel(): void;
}) {
  const { config, row } = props;
  const [form] = Form.useForm();
  const { busy, run } = useAction();
  const submit = async (values: Record<string, unknown>) => {
    const path = `${config.path}/${row ? 'update' : 'create'}`;
    if (
      await run(
        () => adminCall(path, { ...values, ...(row && { id: row.id }) }),
        `${config.noun}已保存`,
      )
    )
      props.onDone();
  };
  return (
    <Modal
      open={props.open}
      title={`${row ? '编辑' : '新建'}${config.noun}`}
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
        initialValues={config.initial(row)}
        onFinish={(v) => void submit(v as Record<string, unknown>)}
      >
        {config.fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            extra={f.extra}
            valuePropName={f.kind === 'switch' ? 'checked' : 'value'}
            rules={f.required ? [{ required: true, message: f.required }] : undefined}
          >
            <FieldInput field={f} />
          </Form.Item>
        ))}
        {config.extra?.(form)}
      </Form>
    </Modal>
  );
}

export function CrudSection<T extends { id: number }>({ config }: { config: CrudConfig<T> }) {
  const dialog = useDialog<T | null>();
  const [q, setQ] = useState('');
  const { tableProps, tableQuery, setFilters } = useTable<T>({
    resource: config.path,
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const refresh = () => void tableQuery.refetch();
  const search = config.search;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button type="primary" onClick={() => dialog.show(null)}>
          新建{config.noun}
        </Button>
        {search && (
          <Input.Search
            aria-label={search.label}
            placeholder={search.label}
            allowClear
            style={{ width: 280 }}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onSearch={(v) =>
              setFilters(
                [{ field: search.param, operator: 'eq', value: v.trim() || undefined }],
                'replace',
              )
            }
            enterButton="搜索"
          />
        )}
      </Space>
      <Table<T>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={[
          ...config.columns,
          editDeleteColumn<T>({
            noun: config.noun,
            path: `${config.path}/delete`,
            nameOf: config.nameOf,
            namedEdit: true,
            onEdit: dialog.show,
            onDone: refresh,
          }),
        ]}
      />
      {dialog.value !== undefined && (
        <CrudForm
          key={dialog.key}
          config={config}
          open={dialog.open}
          row={dialog.value}
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
