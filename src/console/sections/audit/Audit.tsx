/**
 * 操作日志: every staff change, who made it, and the row before and after;
 * filtered by the kind of object, its number and a part of the route.
 */
import { useTable } from '@refinedev/antd';
import { Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { timeColumn } from '../parts/shared.tsx';
import type { AuditView as Row } from '../../../server/services/audit/index.ts';

/** The audited kinds (AUDIT_TABLES on the server) by their console names. */
const TARGETS: Record<string, string> = {
  article: '文章',
  course: '课程',
  lesson: '课时',
  live: '直播',
  column: '专栏',
  bigcolumn: '大专栏',
  resource: '资源',
  notice: '公告',
  noticecategory: '公告分类',
  check: '课内练习',
  certificate: '证书',
  tool: '学习工具',
  shortvideo: '短视频',
  label: '课程标签',
  company: '合作公司',
  comment: '评论',
  ad: '广告',
  order: '订单',
  path: '学习路径',
  challenge: '挑战',
  submission: '挑战作品',
  coupon: '优惠券',
  offer: '优惠价',
  vip: '会员',
  group: '拼团',
};

const ROLE: Record<string, string> = { admin: '管理员', editor: '编辑', moderator: '审核员' };

export function AuditSection() {
  const { tableProps, setFilters } = useTable<Row>({
    resource: 'audit',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const [filter, setFilter] = useState<{ targetType?: string; targetId?: number; action?: string }>(
    {},
  );
  const apply = (next: typeof filter) => {
    setFilter(next);
    setFilters(
      Object.entries(next).map(([field, value]) => ({ field, operator: 'eq' as const, value })),
      'replace',
    );
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Select
          aria-label="按对象类型筛选"
          placeholder="全部对象"
          allowClear
          showSearch
          optionFilterProp="label"
          style={{ width: 160 }}
          options={Object.entries(TARGETS).map(([value, label]) => ({ value, label }))}
          onChange={(targetType?: string) => apply({ ...filter, targetType })}
        />
        <InputNumber
          aria-label="对象编号"
          placeholder="对象编号"
          min={1}
          precision={0}
          onChange={(v) => apply({ ...filter, targetId: v ?? undefined })}
        />
        <Input.Search
          aria-label="按操作搜索"
          placeholder="操作，如 ad/create"
          allowClear
          style={{ width: 260 }}
          onSearch={(v) => apply({ ...filter, action: v.trim() || undefined })}
          enterButton="搜索"
        />
      </Space>
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
        {timeColumn<Row>('时间', 'createdAt', 160)}
        <Table.Column<Row>
          title="人员"
          render={(_, r) => `${r.userName}（${ROLE[r.role] ?? r.role}）`}
          width={160}
        />
        <Table.Column<Row> title="操作" dataIndex="action" />
        <Table.Column<Row>
          title="对象"
          width={140}
          render={(_, r) =>
            r.targetType ? `${TARGETS[r.targetType] ?? r.targetType} #${r.targetId}` : '—'
          }
        />
        <Table.Column<Row>
          title="结果"
          width={200}
          render={(_, r) => (r.refusal ? `未执行：${r.refusal}` : '已执行')}
        />
      </Table>
    </Space>
  );
}
