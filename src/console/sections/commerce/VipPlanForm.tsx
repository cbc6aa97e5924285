/**
 * The dialog of one 会员套餐 (issue 27): its name, the days a card adds, the price and an
 * optional struck-through price (typed in yuan, sent in fen), its place on the VIP page and
 * whether it is on sale. The server checks and words every refusal (VIP_MSG.admin).
 */
import { Form, Input, InputNumber, Modal, Radio, Space } from 'antd';
import { adminCall } from '../../data-provider.ts';
import { useAction } from '../parts/shared.tsx';
import { VIP_MSG } from '../../../shared/vip.ts';
import type { AdminVipPlanRow as Row } from '../../../server/services/commerce/index.ts';

interface Values {
  name: string;
  days?: number | null;
  price?: number | null;
  listPrice?: number | null;
  sortOrder?: number | null;
  state: Row['state'];
}

const fen = (yuan: number | null | undefined) =>
  yuan === null || yuan === undefined ? '' : Math.round(yuan * 100);

export const PLAN_STATE: Record<Row['state'], [string, string]> = {
  active: ['在售', 'green'],
  stopped: ['停售', 'default'],
};

/** A card's fields as the update call takes them, with some changed (停售 from the table). */
export function planValues(row: Row, change: Partial<Row> = {}) {
  const r = { ...row, ...change };
  return {
    id: r.id,
    name: r.name,
    days: r.days,
    priceCents: r.priceCents,
    listPriceCents: r.listPriceCents ?? '',
    sortOrder: r.sortOrder,
    state: r.state,
  };
}

export function VipPlanForm(props: {
  row: Row | null;
  open: boolean;
  onDone(): void;
  onCancel(): void;
}) {
  const { row } = props;
  const [form] = Form.useForm<Values>();
  const { busy, run } = useAction();
  const submit = async (v: Values) => {
    const values = {
      ...(row && { id: row.id }),
      name: v.name,
      days: v.days ?? '',
      priceCents: fen(v.price),
      listPriceCents: fen(v.listPrice),
      sortOrder: v.sortOrder ?? '',
      state: v.state,
    };
    const path = row ? 'vip/plan/update' : 'vip/plan/create';
    if (await run(() => adminCall(path, values), VIP_MSG.admin.planSaved)) props.onDone();
  };
  return (
    <Modal
      open={props.open}
      title={row ? `编辑会员套餐“${row.name}”` : '新建会员套餐'}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      width={560}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label="会员套餐"
        initialValues={{
          name: row?.name ?? '',
          days: row?.days ?? 30,
          price: row ? row.priceCents / 100 : null,
          listPrice: row?.listPriceCents ? row.listPriceCents / 100 : null,
          sortOrder: row?.sortOrder ?? null,
          state: row?.state ?? 'active',
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          label="套餐名称"
          name="name"
          rules={[{ required: true, message: VIP_MSG.admin.name }]}
        >
          <Input maxLength={20} placeholder="如：月卡" />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item
            label="有效天数"
            name="days"
            rules={[{ required: true, message: VIP_MSG.admin.days }]}
          >
            <InputNumber min={1} max={3660} precision={0} />
          </Form.Item>
          <Form.Item
            label="售价（元）"
            name="price"
            rules={[{ required: true, message: VIP_MSG.admin.price }]}
          >
            <InputNumber min={0.01} max={1000000} precision={2} />
          </Form.Item>
          <Form.Item label="划线价（元，可选）" name="listPrice">
            <InputNumber min={0.01} max={1000000} precision={2} />
          </Form.Item>
        </Space>
        <Space size="large" wrap>
          <Form.Item label="排序（小的在前）" name="sortOrder">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
          <Form.Item label="状态" name="state" extra="停售的套餐不在会员页出售，已买的会员不受影响">
            <Radio.Group
              options={(['active', 'stopped'] as const).map((s) => ({
                value: s,
                label: PLAN_STATE[s][0],
              }))}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
