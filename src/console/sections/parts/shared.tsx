/** Small pieces the console's sections share. */
import {
  App,
  Button,
  Form,
  Input,
  Popconfirm,
  Space,
  Table,
  Upload,
  type FormInstance,
} from 'antd';
import { api } from '../../../client/api.ts';
import { useState } from 'react';
import { adminCall } from '../../data-provider.ts';
import { formatClock } from '../../../shared/duration.ts';
import { formatDateTimeOrDash } from '../../../shared/format.ts';
import type { UploadedVideo } from '../../../server/services/learning/index.ts';

/**
 * One console call at a time: `busy` while it runs, then the success text or
 * the server's own message (its Chinese refusal) as a toast. `run` resolves
 * true when the call succeeded, so a form closes or resets only then.
 */
export function useAction(failed = '保存失败') {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async <T,>(call: () => Promise<T>, done: string | ((answer: T) => string)) => {
    setBusy(true);
    try {
      const answer = await call();
      void message.success(typeof done === 'function' ? done(answer) : done);
      return true;
    } catch (err) {
      void message.error((err as { message?: string }).message ?? failed);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

/**
 * The 删除 button of a row: confirms (with the row's name, or the section's own question), then
 * deletes it on the server.
 */
export function DeleteAction(
  props: {
    path: string;
    id: number;
    done?: string;
    onDone(): void;
  } & ({ noun: string; name: string } | { confirm: string }),
) {
  return (
    <ActionButton
      label="删除"
      danger
      confirm={'confirm' in props ? props.confirm : `删除${props.noun}“${props.name}”？`}
      path={props.path}
      values={{ id: props.id }}
      done={props.done ?? '已删除'}
      onDone={props.onDone}
    />
  );
}

/** 编辑 and 删除 of a row: opens the row's editor, or confirms and deletes it on the server. */
export function EditDelete(props: {
  noun: string;
  name: string;
  path: string;
  id: number;
  done?: string;
  /** The 编辑 button's accessible name, when the table names it after the row. */
  editLabel?: string;
  onEdit(): void;
  onDone(): void;
}) {
  return (
    <Space>
      <Button size="small" aria-label={props.editLabel} onClick={props.onEdit}>
        编辑
      </Button>
      <DeleteAction
        noun={props.noun}
        name={props.name}
        path={props.path}
        id={props.id}
        done={props.done}
        onDone={props.onDone}
      />
    </Space>
  );
}

/** A table column of a time field in Beijing time ('—' when empty); the field must be the row's. */
export function timeColumn<T extends object>(
  title: string,
  dataIndex: keyof T & string,
  width = 150,
) {
  return (
    <Table.Column<T>
      title={title}
      dataIndex={dataIndex}
      width={width}
      render={formatDateTimeOrDash}
    />
  );
}

/**
 * The 操作 column of a table whose rows can be edited and deleted: spread into a
 * `<Table.Column>` or put in a `columns` list. `path` is the delete call.
 */
export function editDeleteColumn<T extends { id: number }>(opts: {
  noun: string;
  path: string;
  nameOf(row: T): string;
  done?: string;
  /** Name the 编辑 button after the row (its accessible name). */
  namedEdit?: boolean;
  onEdit(row: T): void;
  onDone(): void;
}) {
  return {
    title: '操作',
    width: 150,
    render: (_: unknown, row: T) => (
      <EditDelete
        noun={opts.noun}
        name={opts.nameOf(row)}
        path={opts.path}
        id={row.id}
        done={opts.done}
        editLabel={opts.namedEdit ? `编辑“${opts.nameOf(row)}”` : undefined}
        onEdit={() => opts.onEdit(row)}
        onDone={opts.onDone}
      />
    ),
  };
}

/** A button that runs one console action, confirms when asked, and shows the server's answer. */
export function ActionButton(props: {
  label: string;
  path: string;
  values: Record<string, unknown>;
  done: string;
  confirm?: string;
  danger?: boolean;
  onDone(): void;
}) {
  const { busy, run: act } = useAction('操作失败');
  const run = async () => {
    if (await act(() => adminCall(props.path, props.values), props.done)) props.onDone();
  };
  const button = (
    <Button
      size="small"
      danger={props.danger}
      loading={busy}
      onClick={props.confirm ? undefined : run}
    >
      {props.label}
    </Button>
  );
  return props.confirm ? (
    <Popconfirm title={props.confirm} okText="确定" cancelText="取消" onConfirm={run}>
      {button}
    </Popconfirm>
  ) : (
    button
  );
}

/**
 * Uploads an MP4 into media storage and fills the address and length fields. A lesson's or a
 * broadcast's video is stored sealed: its bytes play only through a grant.
 */
export function VideoUpload({
  form,
  path,
  duration,
  purpose,
}: {
  form: FormInstance;
  path: string;
  duration: string;
  purpose: 'lesson' | 'live' | 'short';
}) {
  const { message } = App.useApp();
  return (
    <Upload
      accept="video/mp4"
      maxCount={1}
      customRequest={({ file, onSuccess, onError }) => {
        const body = new FormData();
        body.append('file', file as Blob);
        void api<UploadedVideo>('post', `admin/media/upload?for=${purpose}`, {
          body,
          timeout: 30 * 60_000,
        }).then((res) => {
          if (res.code !== 200) {
            void message.error(res.message);
            return onError?.(new Error(res.message));
          }
          form.setFieldsValue({ [path]: res.data.url, [duration]: formatClock(res.data.duration) });
          void message.success('视频已上传');
          onSuccess?.(res.data);
        });
      }}
    >
      <Button>上传视频（MP4，不超过500 MB）</Button>
    </Upload>
  );
}

/**
 * 摘要, the 介绍 (paragraphs separated by an empty line; required) and 封面地址 of a course or
 * broadcast form.
 */
export function AboutFields(props: { noun: string; rows: number; required: string }) {
  return (
    <>
      <Form.Item name="summary" label="摘要">
        <Input.TextArea rows={2} maxLength={300} />
      </Form.Item>
      <Form.Item
        name="description"
        label={`${props.noun}介绍`}
        extra="段落之间空一行"
        rules={[{ required: true, message: props.required }]}
      >
        <Input.TextArea rows={props.rows} maxLength={50_000} />
      </Form.Item>
      <Form.Item name="cover" label="封面地址">
        <Input placeholder="https://… 或 /covers/…" />
      </Form.Item>
    </>
  );
}

/**
 * The state of a dialog that gives focus back (issue 29): its Modal stays mounted while it
 * closes, so antd returns focus to the control that opened it (one mounted only while open
 * left focus on the page's body); each opening mounts a fresh form (`key`) with the value it
 * was opened with (`value`, kept while the dialog closes).
 */
export function useDialog<V>() {
  const [state, setState] = useState<{ n: number; value: V | undefined; open: boolean }>({
    n: 0,
    value: undefined,
    open: false,
  });
  return {
    show: (value: V) => setState((s) => ({ n: s.n + 1, value, open: true })),
    close: () => setState((s) => ({ ...s, open: false })),
    open: state.open,
    value: state.value,
    key: state.n,
  };
}
