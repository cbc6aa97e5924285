/**
 * 团列表 (issue 27): the groups members opened, the latest first, by state and by course, with
 * the leader, the seats taken and paid, and the deadline (Beijing time); 成员 opens a drawer
 * with the group's seats: each member, the order paying the seat, and that order's refunds
 * (a group that closes short refunds every paid seat).
 */
import { Button, Drawer, Radio, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../../client/api.ts';
import { FormSelect } from '../../parts/form-select.tsx';
import { timeColumn } from '../../parts/shared.tsx';
import { formatDateTimeOrDash, formatYuan } from '../../../../shared/format.ts';
import { COMMERCE_MSG } from '../../../../shared/messages/commerce.ts';
import { GROUP_MSG } from '../../../../shared/messages/groups.ts';
import type { Listed, Paged } from '../../../../shared/api-shapes.ts';
import type {
  AdminGroupOfferRow,
  AdminGroupRow as Row,
  AdminGroupSeatRow as Seat,
  GroupState,
} from '../../../../server/services/commerce/index.ts';

const SIZE = 20;
const STATE_COLOR: Record<GroupState, string> = { open: 'blue', full: 'green', failed: 'red' };
const REFUND_COLOR: Record<string, string> = {
  success: 'green',
  processing: 'blue',
  failed: 'red',
};
// antd's empty text is #bfbfbf on white (1.8:1): spelled in the body text's colour.
const empty = (text: string) => ({
  emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.88)' }}>{text}</span>,
});

const stateTag = (s: GroupState) => <Tag color={STATE_COLOR[s]}>{GROUP_MSG.state[s]}</Tag>;

function SeatsDrawer(props: { group: Row | null; onClose(): void }) {
  const { group } = props;
  const [seats, setSeats] = useState<Seat[] | null>(null);
  useEffect(() => {
    if (!group) return;
    let live = true;
    setSeats(null);
    const searchParams = { id: String(group.id) };
    void api<Listed<Seat>>('get', 'admin/group/seats', { searchParams }).then((res) => {
      if (live) setSeats(res.code === 200 ? res.data.list : []);
    });
    return () => void (live = false);
  }, [group]);
  return (
    <Drawer
      title={group ? `团 ${group.code} 的成员` : '团成员'}
      width={860}
      open={group !== null}
      onClose={props.onClose}
      destroyOnHidden
    >
      {group && (
        <p>
          {group.courseTitle}，{group.size} 人团，拼团价 ¥{formatYuan(group.priceCents)}，
          {stateTag(group.state)}截止 {formatDateTimeOrDash(group.expiresAt)}
        </p>
      )}
      <Table<Seat>
        rowKey="id"
        size="small"
        loading={seats === null}
        dataSource={seats ?? []}
        pagination={false}
        aria-label="团成员"
        locale={empty('没有成员')}
      >
        <Table.Column<Seat>
          title="会员"
          render={(_, s) => (
            <>
              {s.name}
              {s.leader && <Tag style={{ marginInlineStart: 8 }}>团长</Tag>}
            </>
          )}
        />
        <Table.Column<Seat> title="手机号" dataIndex="mobile" width={130} />
        <Table.Column<Seat> title="订单号" dataIndex="orderNo" />
        <Table.Column<Seat>
          title="订单状态"
          dataIndex="orderStatus"
          width={90}
          render={(v: number) => COMMERCE_MSG.orderStatus[v] ?? '—'}
        />
        <Table.Column<Seat>
          title="席位"
          dataIndex="state"
          width={80}
          render={(v: string) => GROUP_MSG.admin.seatState[v] ?? v}
        />
        <Table.Column<Seat>
          title="退款"
          render={(_, s) =>
            s.refunds.length === 0
              ? '—'
              : s.refunds.map((r) => (
                  <div key={r.outRefundNo}>
                    <Tag color={REFUND_COLOR[r.status]}>
                      {COMMERCE_MSG.refundState[r.status] ?? '退款中'}
                    </Tag>
                    {r.outRefundNo}
                    {r.doneAt && ` · ${formatDateTimeOrDash(r.doneAt)}`}
                  </div>
                ))
          }
        />
      </Table>
    </Drawer>
  );
}

export function GroupList() {
  const [state, setState] = useState<GroupState | ''>('');
  const [courseId, setCourseId] = useState<number | undefined>();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<Row> | null>(null);
  const [offers, setOffers] = useState<AdminGroupOfferRow[]>([]);
  const [shown, setShown] = useState<Row | null>(null);
  useEffect(() => {
    void api<Listed<AdminGroupOfferRow>>('get', 'admin/group/offers').then(
      (res) => res.code === 200 && setOffers(res.data.list),
    );
  }, []);
  useEffect(() => {
    let live = true;
    const searchParams = {
      page: String(page),
      size: String(SIZE),
      state,
      courseId: courseId ? String(courseId) : '',
    };
    void api<Paged<Row>>('get', 'admin/group/list', { searchParams }).then((res) => {
      if (live && res.code === 200) setData(res.data);
    });
    return () => void (live = false);
  }, [state, courseId, page]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Radio.Group
          aria-label="按拼团状态筛选"
          optionType="button"
          value={state}
          options={[
            { value: '', label: '全部' },
            ...(['open', 'full', 'failed'] as const).map((s) => ({
              value: s,
              label: GROUP_MSG.state[s],
            })),
          ]}
          onChange={(e) => {
            setState(e.target.value as GroupState | '');
            setPage(1);
          }}
        />
        <FormSelect
          aria-label="按课程筛选"
          placeholder="全部课程"
          allowClear
          style={{ width: 280 }}
          value={courseId}
          options={offers.map((o) => ({ value: o.courseId, label: o.courseTitle }))}
          onChange={(v: number | undefined) => {
            setCourseId(v);
            setPage(1);
          }}
        />
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={data === null}
        dataSource={data?.list ?? []}
        aria-label="团列表"
        pagination={{
          current: page,
          pageSize: SIZE,
          total: data?.count ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        locale={empty('没有团')}
      >
        <Table.Column<Row> title="课程" dataIndex="courseTitle" />
        <Table.Column<Row>
          title="团长"
          width={170}
          render={(_, r) => `${r.leaderName}（${r.leaderMobile}）`}
        />
        <Table.Column<Row>
          title="已占 / 已付 / 人数"
          width={130}
          render={(_, r) => `${r.seats} / ${r.paid} / ${r.size}`}
        />
        <Table.Column<Row>
          title="拼团价"
          dataIndex="priceCents"
          width={100}
          render={(c: number) => `¥${formatYuan(c)}`}
        />
        <Table.Column<Row> title="状态" dataIndex="state" width={90} render={stateTag} />
        {timeColumn<Row>('开团时间', 'createdAt', 160)}
        {timeColumn<Row>('截止时间', 'expiresAt', 160)}
        <Table.Column<Row>
          title="操作"
          width={90}
          render={(_, r) => (
            <Button size="small" aria-label={`团 ${r.code} 的成员`} onClick={() => setShown(r)}>
              成员
            </Button>
          )}
        />
      </Table>
      <SeatsDrawer group={shown} onClose={() => setShown(null)} />
    </Space>
  );
}
