/** 评论管理: hide, show or delete comments; the review queue of held ones. */
import { useTable } from '@refinedev/antd';
import { Select, Space, Table, Tag } from 'antd';
import { ActionButton, beijing } from './shared.tsx';

interface Row {
  id: number;
  content: string;
  status: 'visible' | 'hidden' | 'held';
  createdAt: string;
  userName: string;
  url: string;
}

const STATUS = {
  visible: ['显示中', 'green'],
  hidden: ['已隐藏', 'default'],
  held: ['待审核', 'orange'],
} as const;

export function CommentsSection() {
  const { tableProps, tableQuery, setFilters } = useTable<Row>({
    resource: 'comment',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const refresh = () => void tableQuery.refetch();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        aria-label="按状态筛选"
        style={{ width: 160 }}
        allowClear
        placeholder="全部状态"
        options={Object.entries(STATUS).map(([value, [label]]) => ({ value, label }))}
        onChange={(value) => setFilters([{ field: 'status', operator: 'eq', value }], 'replace')}
      />
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Row>
          title="评论"
          dataIndex="content"
          render={(v: string, r) => <a href={r.url}>{v}</a>}
        />
        <Table.Column<Row> title="会员" dataIndex="userName" width={120} />
        <Table.Column<Row> title="时间" dataIndex="createdAt" width={160} render={beijing} />
        <Table.Column<Row>
          title="状态"
          dataIndex="status"
          width={90}
          render={(s: Row['status']) => <Tag color={STATUS[s][1]}>{STATUS[s][0]}</Tag>}
        />
        <Table.Column<Row>
          title="操作"
          width={200}
          render={(_, r) => (
            <Space>
              {r.status !== 'hidden' && (
                <ActionButton
                  label="隐藏"
                  path="comment/hide"
                  values={{ id: r.id }}
                  done="评论已隐藏"
                  onDone={refresh}
                />
              )}
              {r.status !== 'visible' && (
                <ActionButton
                  label="显示"
                  path="comment/show"
                  values={{ id: r.id }}
                  done="评论已显示"
                  onDone={refresh}
                />
              )}
              <ActionButton
                label="删除"
                danger
                confirm="删除后不可恢复，确定删除这条评论？"
                path="comment/delete"
                values={{ id: r.id }}
                done="评论已删除"
                onDone={refresh}
              />
            </Space>
          )}
        />
      </Table>
    </Space>
  );
}
