/**
 * 订单管理: orders by status, number or member phone; an order's payments,
 * refunds, delivery and history in a drawer; ship a kit order with courier
 * and waybill, refund a paid order. The server decides each action (one
 * refund per order, shipping only paid kit orders) and says why it refuses.
 */
import { useTable } from '@refinedev/antd';
import {
  App,
  Button,
  Descriptions,
  Drawer,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Timeline,
} from 'antd';
import { useState } from 'react';
import { COURIERS } from '../../../shared/couriers.ts';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { useAction, timeColumn } from '../parts/shared.tsx';
import { formatDateTimeOrDash, formatYuan } from '../../../shared/format.ts';
import { COMMERCE_MSG } from '../../../shared/messages/commerce.ts';
import { fmt } from '../../../shared/messages.ts';
import { orderActorText, priceBreakdown } from '../../../shared/commerce.ts';
import type {
  AdminOrderRow as Row,
  AdminOrderDetail as Detail,
} from '../../../server/services/commerce/index.ts';

const STATUS_OPTIONS = [
  { value: 0, label: COMMERCE_MSG.orderStatus[0] },
  { value: 1, label: COMMERCE_MSG.orderStatus[1] },
  { value: 2, label: '实物订单（待发货/已发货）' },
  { value: 3, label: COMMERCE_MSG.orderStatus[3] },
  { value: 4, label: COMMERCE_MSG.orderStatus[4] },
];
const STATUS_COLOR: Record<string, string> = {
  待支付: 'orange',
  已支付: 'green',
  待发货: 'gold',
  已发货: 'blue',
  已关闭: 'default',
  已退款: 'purple',
  申请取消中: 'red',
};
const yuan = (cents: number) => `¥${formatYuan(cents)}`;

function OrderDrawer(props: { orderNo: string | null; onClose(): void; onChanged(): void }) {
  const { message } = App.useApp();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [loadedFor, setLoadedFor] = useState<string | null>(null);
  const { busy, run } = useAction('操作失败');
  const [ship] = Form.useForm<{ expressCode: string; expressNumber: string }>();
  const [refund] = Form.useForm<{ reason: string }>();
  const [refuse] = Form.useForm<{ reason: string }>();
  const load = async (orderNo: string) => {
    const res = await api<Detail>('get', 'admin/order/detail', { searchParams: { orderNo } });
    if (res.code === 200) setDetail(res.data);
    else void message.error(res.message);
  };
  if (props.orderNo && loadedFor !== props.orderNo) {
    setLoadedFor(props.orderNo);
    setDetail(null);
    void load(props.orderNo);
  }
  const act = async (path: string, values: Record<string, unknown>, done: string) => {
    if (!(await run(() => adminCall(path, { orderNo: props.orderNo, ...values }), done))) return;
    await load(props.orderNo!);
    props.onChanged();
  };
  const d = detail;
  const a = d?.address;
  return (
    <Drawer
      title={d ? `订单 ${d.orderNo}` : '订单详情'}
      width={640}
      open={props.orderNo !== null}
      onClose={props.onClose}
      destroyOnHidden
    >
      {d && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="商品">{d.title}</Descriptions.Item>
            <Descriptions.Item label="金额">{yuan(d.amountCents)}</Descriptions.Item>
            {priceBreakdown(d, d.couponName) && (
              <Descriptions.Item label="优惠">{priceBreakdown(d, d.couponName)}</Descriptions.Item>
            )}
            <Descriptions.Item label="状态">
              <Tag color={STATUS_COLOR[d.statusText]}>{d.statusText}</Tag>
              {d.source === 'redemption' && <Tag>兑换码</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="会员">
              {d.memberName}（{d.memberMobile}）
            </Descriptions.Item>
            <Descriptions.Item label="下单时间">
              {formatDateTimeOrDash(d.createdAt)}
            </Descriptions.Item>
            <Descriptions.Item label="支付时间">{formatDateTimeOrDash(d.paidAt)}</Descriptions.Item>
            {a && (
              <Descriptions.Item label="收货地址">
                {a.name} {a.mobile} {a.province}
                {a.city}
                {a.district}
                {a.detail}
              </Descriptions.Item>
            )}
            {d.expressNumber && (
              <Descriptions.Item label="物流">
                {d.expressName} {d.expressNumber}
              </Descriptions.Item>
            )}
          </Descriptions>
          {d.payments.length > 0 && (
            <Table
              size="small"
              pagination={false}
              rowKey={(p) => `${p.provider}${p.transactionId ?? ''}${p.status}`}
              dataSource={d.payments}
              caption="支付记录"
              columns={[
                {
                  title: '方式',
                  dataIndex: 'provider',
                  render: (v: string) => COMMERCE_MSG.payMethod[v] ?? v,
                },
                { title: '金额', dataIndex: 'amountCents', render: yuan },
                {
                  title: '状态',
                  dataIndex: 'status',
                  render: (v: string) => COMMERCE_MSG.payState[v] ?? '处理中',
                },
                { title: '支付时间', dataIndex: 'paidAt', render: formatDateTimeOrDash },
              ]}
            />
          )}
          {d.refunds.length > 0 && (
            <Table
              size="small"
              pagination={false}
              rowKey="outRefundNo"
              dataSource={d.refunds}
              caption="退款记录"
              columns={[
                { title: '退款单号', dataIndex: 'outRefundNo' },
                { title: '金额', dataIndex: 'amountCents', render: yuan },
                {
                  title: '状态',
                  dataIndex: 'status',
                  render: (v: string) => COMMERCE_MSG.refundState[v] ?? '处理中',
                },
                { title: '原因', dataIndex: 'reason' },
              ]}
            />
          )}
          {d.cancelState === 'requested' && d.status === 2 && (
            <section aria-label="取消申请">
              <p>
                <Tag color="red">{COMMERCE_MSG.cancelRequest.requested}</Tag>
                会员申请取消：{d.cancelReason}
              </p>
              <Space direction="vertical">
                <Button
                  type="primary"
                  danger
                  loading={busy}
                  onClick={() => void act('order/cancel/approve', {}, COMMERCE_MSG.refunded)}
                >
                  同意取消并退款
                </Button>
                <Form
                  form={refuse}
                  layout="inline"
                  aria-label="拒绝取消申请"
                  onFinish={(v) =>
                    void act('order/cancel/refuse', v, COMMERCE_MSG.cancelRequest.refusedDone)
                  }
                >
                  <Form.Item
                    name="reason"
                    label="拒绝原因"
                    rules={[
                      { required: true, message: COMMERCE_MSG.cancelRequest.refusalRequired },
                    ]}
                  >
                    <Input style={{ width: 260 }} maxLength={200} />
                  </Form.Item>
                  <Button htmlType="submit" loading={busy}>
                    拒绝申请
                  </Button>
                </Form>
              </Space>
            </section>
          )}
          {d.cancelState === 'refused' && (
            <p>
              取消申请：{fmt(COMMERCE_MSG.cancelRequest.refused, { reason: d.cancelRefusal ?? '' })}
              （会员原因：{d.cancelReason}）
            </p>
          )}
          {d.address !== null &&
            d.status === 2 &&
            d.cancelState !== 'requested' &&
            d.cancelState !== 'approved' && (
              <Form
                form={ship}
                layout="inline"
                aria-label="发货"
                onFinish={(v) => void act('order/ship', v, COMMERCE_MSG.shipped)}
              >
                <Form.Item
                  name="expressCode"
                  label="快递公司"
                  rules={[{ required: true, message: COMMERCE_MSG.delivery.courier }]}
                >
                  <Select
                    style={{ width: 140 }}
                    options={COURIERS.map((c) => ({ value: c.code, label: c.name }))}
                  />
                </Form.Item>
                <Form.Item
                  name="expressNumber"
                  label="快递单号"
                  rules={[{ required: true, message: COMMERCE_MSG.delivery.number }]}
                >
                  <Input style={{ width: 180 }} maxLength={32} />
                </Form.Item>
                <Button htmlType="submit" type="primary" loading={busy}>
                  {d.expressNumber ? '更新物流' : '确认发货'}
                </Button>
              </Form>
            )}
          {(d.status === 1 || d.status === 2) && d.amountCents > 0 && (
            <Form
              form={refund}
              layout="inline"
              aria-label="退款"
              onFinish={(v) => void act('order/refund', v, COMMERCE_MSG.refunded)}
            >
              <Form.Item
                name="reason"
                label="退款原因"
                rules={[{ required: true, message: COMMERCE_MSG.refund.reason }]}
              >
                <Input style={{ width: 260 }} maxLength={80} />
              </Form.Item>
              <Button htmlType="submit" danger loading={busy}>
                退款
              </Button>
            </Form>
          )}
          <Timeline
            items={d.events.map((e) => ({
              children: `${formatDateTimeOrDash(e.createdAt)} ${COMMERCE_MSG.orderEvent[e.type] ?? '订单变更'}（${orderActorText(e.actor)}）`,
            }))}
          />
        </Space>
      )}
    </Drawer>
  );
}

export function OrdersSection() {
  const [open, setOpen] = useState<string | null>(null);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<number | undefined>();
  const { tableProps, tableQuery, setFilters } = useTable<Row>({
    resource: 'order',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const apply = (next: { q?: string; status?: number }) =>
    setFilters(
      [
        { field: 'q', operator: 'eq', value: next.q },
        { field: 'status', operator: 'eq', value: next.status },
      ],
      'replace',
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          aria-label="按状态筛选"
          style={{ width: 220 }}
          allowClear
          placeholder="全部状态"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(v: number | undefined) => {
            setStatus(v);
            apply({ q, status: v });
          }}
        />
        <Input.Search
          aria-label="订单号或手机号"
          placeholder="订单号或手机号（可输后四位）"
          allowClear
          style={{ width: 300 }}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onSearch={(v) => apply({ q: v.trim() || undefined, status })}
          enterButton="搜索"
        />
      </Space>
      <Table {...tableProps} rowKey="orderNo" size="middle">
        <Table.Column<Row> title="订单号" dataIndex="orderNo" width={200} />
        <Table.Column<Row> title="商品" dataIndex="title" />
        <Table.Column<Row> title="金额" dataIndex="amountCents" width={100} render={yuan} />
        <Table.Column<Row>
          title="会员"
          width={180}
          render={(_, r) => `${r.memberName}（${r.memberMobile}）`}
        />
        <Table.Column<Row>
          title="状态"
          dataIndex="statusText"
          width={90}
          render={(s: string) => <Tag color={STATUS_COLOR[s]}>{s}</Tag>}
        />
        {timeColumn<Row>('下单时间', 'createdAt')}
        <Table.Column<Row>
          title="操作"
          width={90}
          render={(_, r) => (
            <Button size="small" onClick={() => setOpen(r.orderNo)}>
              详情
            </Button>
          )}
        />
      </Table>
      <OrderDrawer
        orderNo={open}
        onClose={() => setOpen(null)}
        onChanged={() => void tableQuery.refetch()}
      />
    </Space>
  );
}
