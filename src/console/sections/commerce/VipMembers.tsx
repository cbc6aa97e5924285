/**
 * 会员名单 (issue 27): members who hold or held VIP, the latest end first, with when their
 * VIP started and ends (Beijing time); all of them, those VIP now, or those whose VIP ended;
 * a phone found by its whole number or its last 4 digits or more.
 */
import { Input, Radio, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { timeColumn } from '../parts/shared.tsx';
import type { Paged } from '../../../shared/api-shapes.ts';
import type {
  AdminVipMemberRow as Row,
  VipMemberFilter,
} from '../../../server/services/commerce/index.ts';

const FILTERS: { value: VipMemberFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'active', label: '有效会员' },
  { value: 'expired', label: '已到期' },
];

const SIZE = 20;

export function VipMembers() {
  const [filter, setFilter] = useState<VipMemberFilter>('all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [data, setData] = useState<Paged<Row> | null>(null);
  useEffect(() => {
    let live = true;
    const searchParams = { page: String(page), size: String(SIZE), filter, q };
    void api<Paged<Row>>('get', 'admin/vip/members', { searchParams }).then((res) => {
      if (live && res.code === 200) setData(res.data);
    });
    return () => void (live = false);
  }, [filter, q, page]);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Radio.Group
          aria-label="按会员状态筛选"
          optionType="button"
          value={filter}
          options={FILTERS}
          onChange={(e) => {
            setFilter(e.target.value as VipMemberFilter);
            setPage(1);
          }}
        />
        <Input.Search
          aria-label="按手机号搜索"
          placeholder="手机号或后 4 位"
          allowClear
          enterButton="搜索"
          style={{ width: 260 }}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
        />
      </Space>
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={data === null}
        dataSource={data?.list ?? []}
        aria-label="会员名单"
        pagination={{
          current: page,
          pageSize: SIZE,
          total: data?.count ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        // antd's empty text is #bfbfbf on white (1.8:1): spelled in the body text's colour.
        locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.88)' }}>没有会员</span> }}
      >
        <Table.Column<Row> title="会员" dataIndex="name" />
        <Table.Column<Row> title="手机号" dataIndex="mobile" width={140} />
        {timeColumn<Row>('开通时间', 'startedAt', 170)}
        {timeColumn<Row>('到期时间', 'endsAt', 170)}
        <Table.Column<Row>
          title="状态"
          dataIndex="active"
          width={90}
          render={(active: boolean) => (active ? <Tag color="green">有效</Tag> : <Tag>已到期</Tag>)}
        />
      </Table>
    </Space>
  );
}
