/**
 * The form of one coupon (优惠券, issue 27): 满减 (amount off, with a minimum spend) or
 * 折扣 (e.g. 8.5 折, with an optional cap), a validity (fixed Beijing dates, or days from
 * when a member gets it), how many in all and per member, the scope (all, courses, kits,
 * named courses), whether members may claim it on course pages, and its state. Amounts
 * are typed in yuan and sent in fen; the server checks and words every refusal.
 */
import { Form, Input, InputNumber, Modal, Radio, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { BeijingRangePicker, type BeijingRange } from '../parts/beijing-pickers.tsx';
import { FormSelect } from '../parts/form-select.tsx';
import { useAction } from '../parts/shared.tsx';
import { COUPON_SCOPES, COUPON_STATES, COUPON_TEXT } from '../../../shared/coupons.ts';
import { formatYuan } from '../../../shared/format.ts';
import type { Listed } from '../../../shared/api-shapes.ts';
import type {
  AdminCouponRow as Row,
  RedeemableCourse,
} from '../../../server/services/commerce/index.ts';

interface Values {
  name: string;
  kind: 'amount' | 'percent';
  amount?: number | null;
  rate?: number | null;
  cap?: number | null;
  minSpend?: number | null;
  validMode: 'days' | 'window';
  validDays?: number | null;
  window?: BeijingRange | null;
  total: number;
  perMember: number;
  scope: string;
  courseIds?: number[];
  claimable: boolean;
  onRegister: boolean;
  onInvite: boolean;
  state: string;
}

const fen = (yuan: number | null | undefined) =>
  yuan === null || yuan === undefined ? null : Math.round(yuan * 100);
const yuan = (cents: number | null | undefined) => (cents ? cents / 100 : null);

function initial(r: Row | null): Values {
  return {
    name: r?.name ?? '',
    kind: r?.kind === 'percent' ? 'percent' : 'amount',
    amount: r?.kind === 'amount' ? yuan(r.amountCents) : null,
    rate: r?.kind === 'percent' ? r.ratePercent / 10 : null,
    cap: yuan(r?.maxDiscountCents),
    minSpend: r ? r.minSpendCents / 100 : 0,
    validMode: r && !r.validDays ? 'window' : 'days',
    validDays: r ? r.validDays : 30,
    window: r && (r.validFrom || r.validTo) ? [r.validFrom, r.validTo] : null,
    total: r?.total ?? 100,
    perMember: r?.perMember ?? 1,
    scope: r?.scope ?? 'all',
    courseIds: r?.courseIds ?? [],
    claimable: r?.claimable ?? true,
    onRegister: r?.onRegister ?? false,
    onInvite: r?.onInvite ?? false,
    state: r?.state ?? 'draft',
  };
}

export function CouponForm(props: {
  row: Row | null;
  open: boolean;
  onDone(): void;
  onCancel(): void;
}) {
  const { row } = props;
  const [form] = Form.useForm<Values>();
  const { busy, run } = useAction();
  const [courses, setCourses] = useState<RedeemableCourse[]>([]);
  const kind = Form.useWatch('kind', form) ?? initial(row).kind;
  const mode = Form.useWatch('validMode', form) ?? initial(row).validMode;
  const scope = Form.useWatch('scope', form) ?? initial(row).scope;
  useEffect(() => {
    void api<Listed<RedeemableCourse>>('get', 'admin/redemption/courses').then(
      (res) => res.code === 200 && setCourses(res.data.list),
    );
  }, []);
  const submit = async (v: Values) => {
    const values = {
      ...(row && { id: row.id }),
      name: v.name,
      kind: v.kind,
      amountCents: v.kind === 'amount' ? fen(v.amount) : null,
      ratePercent: v.kind === 'percent' && v.rate ? Math.round(v.rate * 10) : null,
      maxDiscountCents: v.kind === 'percent' ? fen(v.cap) : null,
      minSpendCents: fen(v.minSpend) ?? 0,
      validDays: v.validMode === 'days' ? v.validDays : null,
      validFrom: v.validMode === 'window' ? (v.window?.[0] ?? null) : null,
      validTo: v.validMode === 'window' ? (v.window?.[1] ?? null) : null,
      total: v.total,
      perMember: v.perMember,
      scope: v.scope,
      courseIds: v.scope === 'named' ? (v.courseIds ?? []) : [],
      claimable: v.claimable,
      onRegister: v.onRegister,
      onInvite: v.onInvite,
      state: v.state,
    };
    const path = row ? 'coupon/update' : 'coupon/create';
    if (await run(() => adminCall(path, values), row ? '优惠券已保存' : '优惠券已创建'))
      props.onDone();
  };
  return (
    <Modal
      open={props.open}
      title={row ? `编辑优惠券“${row.name}”` : '新建优惠券'}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      width={640}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label="优惠券"
        initialValues={initial(row)}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          label="名称"
          name="name"
          rules={[{ required: true, message: '请填写优惠券名称（1–30 个字）' }]}
        >
          <Input maxLength={30} placeholder="如：新人券" />
        </Form.Item>
        <Form.Item label="类型" name="kind">
          <Radio.Group
            options={[
              { value: 'amount', label: COUPON_TEXT.kind.amount },
              { value: 'percent', label: COUPON_TEXT.kind.percent },
            ]}
          />
        </Form.Item>
        <Space size="large" wrap>
          {kind === 'amount' ? (
            <Form.Item label="减免金额（元）" name="amount" rules={[{ required: true }]}>
              <InputNumber min={0.01} max={10000} precision={2} />
            </Form.Item>
          ) : (
            <>
              <Form.Item
                label="折扣（折）"
                name="rate"
                extra="如 8.5 折填 8.5"
                rules={[{ required: true }]}
              >
                <InputNumber min={1} max={9.9} step={0.5} precision={1} />
              </Form.Item>
              <Form.Item label="最多减免（元，可选）" name="cap">
                <InputNumber min={0.01} max={10000} precision={2} />
              </Form.Item>
            </>
          )}
          <Form.Item label="使用门槛：满（元）" name="minSpend" extra="0 为无门槛">
            <InputNumber min={0} max={100000} precision={2} />
          </Form.Item>
        </Space>
        <Form.Item label="有效期" name="validMode">
          <Radio.Group
            options={[
              { value: 'days', label: '领取后若干天' },
              { value: 'window', label: '固定时间段（北京时间）' },
            ]}
          />
        </Form.Item>
        {mode === 'days' ? (
          <Form.Item label="领取后有效天数" name="validDays" rules={[{ required: true }]}>
            <InputNumber min={1} max={365} precision={0} />
          </Form.Item>
        ) : (
          <Form.Item label="起止时间" name="window" rules={[{ required: true }]}>
            <BeijingRangePicker showTime allowEmpty={[true, false]} />
          </Form.Item>
        )}
        <Space size="large" wrap>
          <Form.Item label="发放总量" name="total" rules={[{ required: true }]}>
            <InputNumber min={1} max={100000} precision={0} />
          </Form.Item>
          <Form.Item label="每人限领" name="perMember" rules={[{ required: true }]}>
            <InputNumber min={1} max={10} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item label="适用范围" name="scope">
          <FormSelect
            style={{ width: 280 }}
            options={COUPON_SCOPES.map((s) => ({ value: s, label: COUPON_TEXT.scope[s] }))}
          />
        </Form.Item>
        {scope === 'named' && (
          <Form.Item label="指定课程" name="courseIds" rules={[{ required: true }]}>
            <FormSelect
              mode="multiple"
              showSearch
              optionFilterProp="label"
              options={courses.map((c) => ({
                value: c.id,
                label: `${c.title}（¥${formatYuan(c.priceCents)}）`,
              }))}
            />
          </Form.Item>
        )}
        <Space size="large" wrap>
          <Form.Item label="会员可在课程页领取" name="claimable" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="新会员注册时自动发放" name="onRegister" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="邀请成功后双方各得一张" name="onInvite" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="状态" name="state">
            <FormSelect
              style={{ width: 140 }}
              options={COUPON_STATES.map((s) => ({ value: s, label: COUPON_TEXT.state[s] }))}
            />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
