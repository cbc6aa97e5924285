/**
 * 证书管理 (issue 28): every certificate issued, newest first, found by its number; 撤销 with a
 * reason (its public page then says 已撤销 and why). Audited; the server refuses a second
 * revocation and an empty reason.
 */
import { useTable } from '@refinedev/antd';
import { Button, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { ReasonDialog } from '../parts/reason-dialog.tsx';
import { useDialog } from '../parts/shared.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import type { AdminCertificateRow as Row } from '../../../server/services/learning/index.ts';

export function CertificatesSection() {
  const dialog = useDialog<Row>();
  const [q, setQ] = useState('');
  const { tableProps, tableQuery, setFilters } = useTable<Row>({
    resource: 'certificate',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input.Search
        aria-label="按证书编号查找"
        placeholder="按证书编号查找"
        allowClear
        style={{ width: 320 }}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onSearch={(v) =>
          setFilters([{ field: 'number', operator: 'eq', value: v.trim() || undefined }], 'replace')
        }
        enterButton="查找"
      />
      <Table<Row>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={[
          {
            title: '证书编号',
            dataIndex: 'number',
            width: 200,
            render: (n: string) => (
              <a href={`/cert/${n}`} target="_blank" rel="noreferrer">
                {n}
              </a>
            ),
          },
          { title: '持证人', dataIndex: 'holderName', width: 120 },
          { title: '手机号', dataIndex: 'mobile', width: 130 },
          { title: '课程', dataIndex: 'courseTitle' },
          {
            title: '颁发时间',
            dataIndex: 'issuedAt',
            width: 170,
            render: (t: string) => formatDateTime(t),
          },
          {
            title: '状态',
            width: 200,
            render: (_: unknown, r: Row) =>
              r.revokedAt ? (
                <Tag color="red">已撤销：{r.revokeReason}</Tag>
              ) : (
                <Tag color="green">有效</Tag>
              ),
          },
          {
            title: '操作',
            width: 100,
            render: (_: unknown, r: Row) => (
              <Button
                danger
                size="small"
                disabled={r.revokedAt !== null}
                aria-label={`撤销证书 ${r.number}`}
                onClick={() => dialog.show(r)}
              >
                撤销
              </Button>
            ),
          },
        ]}
      />
      {dialog.value && (
        <ReasonDialog
          key={dialog.key}
          id={dialog.value.id}
          path="certificate/revoke"
          title={`撤销证书 ${dialog.value.number}`}
          okText="撤销"
          label="撤销原因"
          required="请填写撤销原因（1到200个字）"
          done="证书已撤销"
          failed="撤销失败"
          open={dialog.open}
          onCancel={dialog.close}
          onDone={() => {
            dialog.close();
            void tableQuery.refetch();
          }}
        >
          <p>
            {dialog.value.holderName}（{dialog.value.courseTitle}）
          </p>
        </ReasonDialog>
      )}
    </Space>
  );
}
