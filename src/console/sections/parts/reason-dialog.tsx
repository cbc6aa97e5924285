/**
 * A dialog asking staff for the reason of a refusal the member or the public will read (撤销
 * a certificate, 不通过 a challenge write-up): one required text of at most 200 characters,
 * posted with the row's id; the server words any refusal, shown in place.
 */
import { Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { adminCall } from '../../data-provider.ts';
import { useAction } from './shared.tsx';

export function ReasonDialog(props: {
  id: number;
  /** The call, as adminCall names it: 'certificate/revoke'. */
  path: string;
  title: string;
  okText: string;
  label: string;
  /** Shown when the reason is left empty. */
  required: string;
  done: string;
  failed: string;
  open: boolean;
  children?: ReactNode;
  onDone(): void;
  onCancel(): void;
}) {
  const [form] = Form.useForm();
  const { busy, run } = useAction(props.failed);
  const submit = async (v: { reason: string }) => {
    if (await run(() => adminCall(props.path, { id: props.id, reason: v.reason }), props.done))
      props.onDone();
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText}
      okButtonProps={{ danger: true }}
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      {props.children}
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v as { reason: string })}>
        <Form.Item
          name="reason"
          label={props.label}
          rules={[{ required: true, whitespace: true, message: props.required }]}
        >
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
