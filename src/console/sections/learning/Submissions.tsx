/**
 * 作品审核 (issue 28): challenge write-ups by state (待审核 first); 通过 gives the reward once
 * (the server decides: a second approval is refused with 该作品已审核), 不通过 asks for the
 * reason the member will see. Review staff (moderators included) use it; every call is audited.
 */
import { useTable } from '@refinedev/antd';
import { Radio, Space, Table, Tag, Button } from 'antd';
import { ReasonDialog } from '../parts/reason-dialog.tsx';
import { ActionButton, useDialog } from '../parts/shared.tsx';
import {
  CHALLENGE_MSG,
  SUBMISSION_LABEL,
  type SubmissionState,
} from '../../../shared/challenges.ts';
import { formatDateTime } from '../../../shared/format.ts';
import type { AdminSubmissionRow as Row } from '../../../server/services/learning/index.ts';

const COLOR: Record<SubmissionState, string> = {
  pending: 'gold',
  accepted: 'green',
  refused: 'red',
};

export function SubmissionsSection() {
  const dialog = useDialog<Row>();
  const { tableProps, tableQuery, setFilters, filters } = useTable<Row>({
    resource: 'challenge-submissions',
    pagination: { pageSize: 20 },
    filters: { initial: [{ field: 'state', operator: 'eq', value: 'pending' }] },
    syncWithLocation: false,
  });
  const state = filters.find((f) => 'field' in f && f.field === 'state')?.value as string;
  const refresh = () => void tableQuery.refetch();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Radio.Group
        aria-label="作品状态"
        value={state ?? ''}
        onChange={(e) =>
          setFilters(
            [{ field: 'state', operator: 'eq', value: e.target.value || undefined }],
            'replace',
          )
        }
        options={[
          ...Object.entries(SUBMISSION_LABEL).map(([value, label]) => ({ value, label })),
          { value: '', label: '全部' },
        ]}
        optionType="button"
      />
      <Table<Row>
        {...tableProps}
        rowKey="id"
        size="middle"
        // Spelled with the body text's colour: antd's grey placeholder fails the contrast check here.
        locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.88)' }}>没有作品</span> }}
        columns={[
          {
            title: '作品',
            render: (_: unknown, r: Row) => (
              <>
                <strong>{r.title}</strong>
                <p style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>
                  {r.body.length > 200 ? `${r.body.slice(0, 200)}…` : r.body}
                </p>
              </>
            ),
          },
          { title: '挑战', dataIndex: 'challenge', width: 220 },
          { title: '作者', dataIndex: 'author', width: 100 },
          {
            title: '链接',
            width: 110,
            render: (_: unknown, r: Row) => (
              <Space size={4}>
                <a href={r.videoUrl} target="_blank" rel="noreferrer">
                  视频
                </a>
                <a href={r.codeUrl} target="_blank" rel="noreferrer">
                  代码
                </a>
              </Space>
            ),
          },
          {
            title: '提交时间',
            width: 150,
            render: (_: unknown, r: Row) => formatDateTime(r.submittedAt),
          },
          {
            title: '状态',
            width: 200,
            render: (_: unknown, r: Row) => (
              <Tag color={COLOR[r.state]}>
                {SUBMISSION_LABEL[r.state]}
                {r.state === 'refused' && `：${r.reason}`}
                {r.rewardCode && `（兑换码 ${r.rewardCode}）`}
              </Tag>
            ),
          },
          {
            title: '操作',
            width: 160,
            render: (_: unknown, r: Row) =>
              r.state === 'pending' && (
                <Space>
                  <ActionButton
                    label="通过"
                    path="challenge/approve"
                    values={{ id: r.id }}
                    confirm={`通过“${r.title}”并发放奖励？`}
                    done={CHALLENGE_MSG.approved}
                    onDone={refresh}
                  />
                  <Button size="small" danger onClick={() => dialog.show(r)}>
                    不通过
                  </Button>
                </Space>
              ),
          },
        ]}
      />
      {dialog.value && (
        <ReasonDialog
          key={dialog.key}
          id={dialog.value.id}
          path="challenge/refuse"
          title={`不通过：${dialog.value.title}`}
          okText="不通过"
          label="未通过原因（会员可见）"
          required={CHALLENGE_MSG.reason}
          done={CHALLENGE_MSG.refused}
          failed="操作失败"
          open={dialog.open}
          onCancel={dialog.close}
          onDone={() => {
            dialog.close();
            refresh();
          }}
        />
      )}
    </Space>
  );
}
