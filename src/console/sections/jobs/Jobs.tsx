/**
 * 后台任务: the job queue (issue 14) as admins see it: each job's kind, state,
 * when it runs, its attempts and last error (jobs retry with back-off), with
 * a filter by state and the search rebuild button.
 */
import { useTable } from '@refinedev/antd';
import { Select, Space, Table, Tag, Typography } from 'antd';
import { ActionButton } from '../parts/shared.tsx';
import { formatDateTimeOrDash } from '../../../shared/format.ts';
import { SEARCH_MSG } from '../../../shared/messages/search.ts';
import type { JobView as Job } from '../../../server/services/jobs/index.ts';

const KINDS: Record<string, string> = {
  'live.remind': '直播提醒',
  'lesson.announce': '新课时通知',
  'export.pages': '静态页重新导出',
  'cdn.purge': 'CDN 刷新',
  'order.expire': '订单超时关闭',
  'offer.boundary': '优惠价开始或结束',
  'article.publish': '定时发布文章',
  'search.rebuild': '重建搜索索引',
};

const STATUS = {
  pending: ['等待中', 'blue'],
  running: ['执行中', 'orange'],
  done: ['已完成', 'green'],
  failed: ['已失败', 'red'],
} as const;

export function JobsSection() {
  const { tableProps, tableQuery, setFilters } = useTable<Job>({
    resource: 'jobs',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Select
          aria-label="按状态筛选"
          style={{ width: 160 }}
          allowClear
          placeholder="全部状态"
          options={Object.entries(STATUS).map(([value, [label]]) => ({ value, label }))}
          onChange={(value?: string) =>
            setFilters([{ field: 'status', operator: 'eq', value }], 'replace')
          }
        />
        <ActionButton
          label="重建搜索索引"
          confirm="在后台重建全部内容的搜索索引？"
          path="search/rebuild"
          values={{}}
          done={SEARCH_MSG.rebuildQueued}
          onDone={() => void tableQuery.refetch()}
        />
      </Space>
      <Table<Job>
        {...tableProps}
        rowKey="id"
        size="middle"
        expandable={{
          rowExpandable: (j) => j.lastError !== null || j.payload !== null,
          expandedRowRender: (j) => (
            <Space direction="vertical">
              <Typography.Text code>{JSON.stringify(j.payload)}</Typography.Text>
              {j.lastError && <Typography.Text type="danger">{j.lastError}</Typography.Text>}
            </Space>
          ),
        }}
        columns={[
          { title: '任务', dataIndex: 'kind', render: (k: string) => KINDS[k] ?? k },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: Job['status']) => <Tag color={STATUS[s][1]}>{STATUS[s][0]}</Tag>,
          },
          { title: '计划执行', dataIndex: 'runAt', width: 150, render: formatDateTimeOrDash },
          {
            title: '尝试',
            width: 80,
            render: (_, j) => `${j.attempts}/${j.maxAttempts}`,
          },
          { title: '完成时间', dataIndex: 'finishedAt', width: 150, render: formatDateTimeOrDash },
        ]}
      />
    </Space>
  );
}
