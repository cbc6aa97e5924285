/** Small pieces the console's sections share. */
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { adminCall } from '../data-provider.ts';

/** '2026-11-25T06:00:00.000Z' → '2026-11-25 14:00' (Beijing time). */
export function beijing(isoTime: string | null | undefined): string {
  if (!isoTime) return '—';
  return new Date(Date.parse(isoTime) + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** 754 → '12:34' (分:秒, as the duration fields take it). */
export const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** The course types (spec 3) as the forms offer them. */
export const COURSE_TYPES = [
  { value: 1, label: '视频课程' },
  { value: 2, label: '直播课程' },
  { value: 3, label: '考试认证' },
  { value: 4, label: '实物套件' },
];

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
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await adminCall(props.path, props.values);
      void message.success(props.done);
      props.onDone();
    } catch (err) {
      void message.error((err as { message?: string }).message ?? '操作失败');
    } finally {
      setBusy(false);
    }
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
