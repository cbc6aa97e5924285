/**
 * 优惠券 (issue 27): the coupons with how many were handed out and used; create and edit
 * (CouponForm), 停用 (no more handed out; those held stay usable), 发放 to members by
 * phone number, and 领取记录: who holds each copy, its state and order.
 */
import { useTable } from '@refinedev/antd';
import { App, Button, Drawer, Form, Input, Modal, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { CouponForm } from './CouponForm.tsx';
import { ActionButton, timeColumn, useDialog } from '../parts/shared.tsx';
import { COUPON_TEXT, type CouponScope, type CouponState } from '../../../shared/coupons.ts';
import { formatDateTimeOrDash } from '../../../shared/format.ts';
import type {
  AdminCouponRow as Row,
  CouponHolder,
  CouponIssueResult,
} from '../../../server/services/commerce/index.ts';

const STATE_COLOR: Record<string, string> = { draft: 'default', active: 'green', stopped: 'red' };
const HELD_STATE: Record<CouponHolder['state'], string> = {
  usable: '可使用',
  notStarted: '未到可用时间',
  held: COUPON_TEXT.held,
  used: '已使用',
  expired: '已过期',
};

function validity(r: Row): string {
  if (r.validDays) return `领取后 ${r.validDays} 天`;
  return `${formatDateTimeOrDash(r.validFrom)} 至 ${formatDateTimeOrDash(r.validTo)}`;
}

/** 发放: phones one a line; answers how many got one and why the others did not. */
function IssueDialog(props: { row: Row; onDone(): void; onCancel(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ mobiles: string }>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<CouponIssueResult | null>(null);
  const submit = async (v: { mobiles: string }) => {
    setBusy(true);
    try {
      const answer = await adminCall<CouponIssueResult>('coupon/issue', {
        id: props.row.id,
        mobiles: v.mobiles,
      });
      setResult(answer);
      void message.success(`已发放 ${answer.issued} 张`);
      props.onDone();
    } catch (err) {
      void message.error((err as { message?: string }).message ?? '发放失败');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`发放“${props.row.name}”`}
      okText="发放"
      cancelText="关闭"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item
          label="会员手机号（每行一个）"
          name="mobiles"
          rules={[{ required: true, message: '请填写会员手机号（每行一个，最多 200 个）' }]}
          extra={`剩余 ${props.row.remaining} 张，每人限领 ${props.row.perMember} 张`}
        >
          <Input.TextArea rows={5} />
        </Form.Item>
      </Form>
      {result && (
        <div role="status">
          <p>已发放 {result.issued} 张</p>
          {result.refused.length > 0 && (
            <ul>
              {result.refused.map((r) => (
                <li key={r.mobile}>
                  {r.mobile}：{r.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Modal>
  );
}

/** 领取记录: who holds each copy of a coupon. */
function HoldersDrawer(props: { row: Row | null; onClose(): void }) {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ list: CouponHolder[]; count: number } | null>(null);
  const id = props.row?.id;
  useEffect(() => {
    setData(null);
    if (id === undefined) return;
    void api<{ list: CouponHolder[]; count: number }>('get', 'admin/coupon/holders', {
      searchParams: { id: String(id), page: String(page), size: '20' },
    }).then((res) => res.code === 200 && setData(res.data));
  }, [id, page]);
  return (
    <Drawer
      title={props.row ? `领取记录：${props.row.name}` : '领取记录'}
      width={720}
      open={props.row !== null}
      onClose={() => {
        setPage(1);
        props.onClose();
      }}
      destroyOnHidden
    >
      <Table<CouponHolder>
        rowKey="id"
        size="small"
        dataSource={data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: data?.count ?? 0,
          onChange: setPage,
        }}
      >
        <Table.Column<CouponHolder> title="手机号" dataIndex="mobile" width={120} />
        <Table.Column<CouponHolder> title="会员" dataIndex="memberName" />
        <Table.Column<CouponHolder>
          title="来源"
          dataIndex="source"
          width={90}
          render={(s: string) => COUPON_TEXT.source[s] ?? s}
        />
        {timeColumn<CouponHolder>('领取时间', 'receivedAt')}
        <Table.Column<CouponHolder>
          title="状态"
          dataIndex="state"
          width={130}
          render={(s: CouponHolder['state']) => HELD_STATE[s]}
        />
        <Table.Column<CouponHolder>
          title="订单号"
          dataIndex="orderNo"
          render={(v: string | null) => v ?? '—'}
        />
      </Table>
    </Drawer>
  );
}

export function CouponsSection() {
  const { tableProps, tableQuery } = useTable<Row>({
    resource: 'coupon',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const refresh = () => void tableQuery.refetch();
  const edit = useDialog<Row | null>();
  const [issuing, setIssuing] = useState<Row | null>(null);
  const [holders, setHolders] = useState<Row | null>(null);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => edit.show(null)}>
        新建优惠券
      </Button>
      <Table<Row> {...tableProps} rowKey="id" size="middle" aria-label="优惠券列表">
        <Table.Column<Row> title="名称" dataIndex="name" />
        <Table.Column<Row> title="优惠" dataIndex="label" />
        <Table.Column<Row>
          title="适用范围"
          dataIndex="scope"
          render={(s: CouponScope, r) =>
            s === 'named' ? `指定课程（${r.courseIds.length} 门）` : COUPON_TEXT.scope[s]
          }
        />
        <Table.Column<Row> title="有效期" render={(_, r) => validity(r)} />
        <Table.Column<Row>
          title="已发放 / 总量"
          width={110}
          render={(_, r) => `${r.issued} / ${r.total}`}
        />
        <Table.Column<Row> title="已使用" dataIndex="used" width={70} />
        <Table.Column<Row>
          title="状态"
          dataIndex="state"
          width={90}
          render={(s: CouponState, r) => (
            <Space size={4}>
              <Tag color={STATE_COLOR[s]}>{COUPON_TEXT.state[s]}</Tag>
              {r.claimable && s === 'active' && <Tag>可领取</Tag>}
              {r.onRegister && s === 'active' && <Tag>新人券</Tag>}
              {r.onInvite && s === 'active' && <Tag>邀请券</Tag>}
            </Space>
          )}
        />
        <Table.Column<Row>
          title="操作"
          width={260}
          render={(_, r) => (
            <Space wrap>
              <Button size="small" aria-label={`编辑${r.name}`} onClick={() => edit.show(r)}>
                编辑
              </Button>
              {r.state === 'active' && (
                <Button size="small" aria-label={`发放${r.name}`} onClick={() => setIssuing(r)}>
                  发放
                </Button>
              )}
              <Button size="small" aria-label={`${r.name}的领取记录`} onClick={() => setHolders(r)}>
                领取记录
              </Button>
              {r.state !== 'stopped' && (
                <ActionButton
                  label="停用"
                  danger
                  confirm={`停用“${r.name}”？已领取的优惠券在有效期内仍可使用。`}
                  path="coupon/stop"
                  values={{ id: r.id }}
                  done="优惠券已停用"
                  onDone={refresh}
                />
              )}
            </Space>
          )}
        />
      </Table>
      {edit.value !== undefined && (
        <CouponForm
          key={edit.key}
          row={edit.value}
          open={edit.open}
          onCancel={edit.close}
          onDone={() => {
            edit.close();
            refresh();
          }}
        />
      )}
      {issuing && <IssueDialog row={issuing} onDone={refresh} onCancel={() => setIssuing(null)} />}
      <HoldersDrawer row={holders} onClose={() => setHolders(null)} />
    </Space>
  );
}
