/** 投稿审核: members' articles waiting for review; approve publishes, reject returns them. */
import { useTable } from '@refinedev/antd';
import { Space, Table } from 'antd';
import { ActionButton } from '../parts/shared.tsx';
import { formatDateTimeOrDash } from '../../../shared/format.ts';
import type { PendingArticleRow as Row } from '../../../server/services/articles/index.ts';

export function ReviewSection() {
  const { tableProps, tableQuery } = useTable<Row>({
    resource: 'pending',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const refresh = () => void tableQuery.refetch();
  return (
    <Table {...tableProps} rowKey="id" size="middle" locale={{ emptyText: '没有待审核的投稿' }}>
      <Table.Column<Row> title="标题" dataIndex="title" />
      <Table.Column<Row> title="作者" render={(_, r) => r.authorName} width={140} />
      <Table.Column<Row>
        title="提交时间"
        render={(_, r) => formatDateTimeOrDash(r.updatedAt)}
        width={160}
      />
      <Table.Column<Row>
        title="操作"
        width={180}
        render={(_, r) => (
          <Space>
            <ActionButton
              label="通过"
              path="article/review"
              values={{ id: r.id, approve: true }}
              done="已通过，文章已发布"
              onDone={refresh}
            />
            <ActionButton
              label="退回"
              danger
              path="article/review"
              values={{ id: r.id, approve: false, note: '请补充内容后重新提交' }}
              done="已退回"
              onDone={refresh}
            />
          </Space>
        )}
      />
    </Table>
  );
}
