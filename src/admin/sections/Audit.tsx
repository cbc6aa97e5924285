/** 操作日志: every staff change, who made it, and the row before and after. */
import { useTable } from '@refinedev/antd';
import { Table, Typography } from 'antd';
import { beijing } from './shared.tsx';

interface Row {
  id: number;
  userName: string;
  role: string;
  action: string;
  targetType: string | null;
  targetId: number | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

const ROLE: Record<string, string> = { admin: '管理员', editor: '编辑', moderator: '审核员' };

export function AuditSection() {
  const { tableProps } = useTable<Row>({
    resource: 'audit',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  return (
    <Table
      {...tableProps}
      rowKey="id"
      size="middle"
      expandable={{
        expandedRowRender: (r) => (
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
            <div>
              <Typography.Text strong>修改前</Typography.Text>
              <pre style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(r.before, null, 2)}</pre>
            </div>
            <div>
              <Typography.Text strong>修改后</Typography.Text>
              <pre style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(r.after, null, 2)}</pre>
            </div>
          </div>
        ),
      }}
    >
      <Table.Column<Row> title="时间" dataIndex="createdAt" width={160} render={beijing} />
      <Table.Column<Row>
        title="人员"
        render={(_, r) => `${r.userName}（${ROLE[r.role] ?? r.role}）`}
        width={160}
      />
      <Table.Column<Row> title="操作" dataIndex="action" />
      <Table.Column<Row>
        title="对象"
        width={140}
        render={(_, r) => (r.targetType ? `${r.targetType} #${r.targetId}` : '—')}
      />
    </Table>
  );
}
