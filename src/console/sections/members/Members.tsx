/** 会员管理: find members by phone or name; disable, ban from commenting, sign out. */
import { useTable } from '@refinedev/antd';
import { Input, Space, Table, Tag } from 'antd';
import { ActionButton, timeColumn } from '../parts/shared.tsx';
import { formatDateTimeOrDash } from '../../../shared/format.ts';
import type { AdminMemberView as Row } from '../../../server/services/members/index.ts';

export function MembersSection() {
  const { tableProps, tableQuery, setFilters } = useTable<Row>({
    resource: 'member',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const refresh = () => void tableQuery.refetch();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.Search
        aria-label="手机号或姓名"
        placeholder="手机号或姓名"
        allowClear
        style={{ width: 280 }}
        onSearch={(value) => setFilters([{ field: 'word', operator: 'eq', value }], 'replace')}
      />
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Row> title="姓名" dataIndex="name" />
        <Table.Column<Row> title="手机号" dataIndex="mobile" width={140} />
        <Table.Column<Row> title="评论数" dataIndex="comments" width={80} />
        {timeColumn<Row>('注册时间', 'createdAt', 160)}
        <Table.Column<Row>
          title="状态"
          width={200}
          render={(_, r) => (
            <Space>
              {r.role !== 'member' && <Tag color="blue">工作人员</Tag>}
              {r.disabled && <Tag color="red">已停用</Tag>}
              {r.bannedUntil && r.bannedUntil > new Date().toISOString() && (
                <Tag color="orange">禁言至 {formatDateTimeOrDash(r.bannedUntil)}</Tag>
              )}
            </Space>
          )}
        />
        <Table.Column<Row>
          title="操作"
          width={280}
          render={(_, r) =>
            r.role === 'member' && (
              <Space wrap>
                <ActionButton
                  label={r.disabled ? '启用' : '停用'}
                  danger={!r.disabled}
                  confirm={
                    r.disabled ? undefined : '停用后该会员不能登录，并立即退出所有设备。确定？'
                  }
                  path="member/disable"
                  values={{ userId: r.id, disabled: !r.disabled }}
                  done={r.disabled ? '已启用' : '已停用'}
                  onDone={refresh}
                />
                <ActionButton
                  label="禁言7天"
                  path="member/ban"
                  values={{ userId: r.id, days: 7 }}
                  done="已禁言7天"
                  onDone={refresh}
                />
                <ActionButton
                  label="解除禁言"
                  path="member/ban"
                  values={{ userId: r.id, days: 0 }}
                  done="已解除禁言"
                  onDone={refresh}
                />
                <ActionButton
                  label="强制下线"
                  path="member/logout"
                  values={{ userId: r.id }}
                  done="已退出所有设备"
                  onDone={refresh}
                />
              </Space>
            )
          }
        />
      </Table>
    </Space>
  );
}
