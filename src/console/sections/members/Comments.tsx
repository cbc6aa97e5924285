/**
 * 评论管理: hide, show or delete comments; the review queue of held ones; the
 * word list that holds a new comment for review instead of showing it.
 */
import { useTable } from '@refinedev/antd';
import { App, Button, Card, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { ActionButton, DeleteAction, timeColumn } from '../parts/shared.tsx';
import { MEMBERS_MSG } from '../../../shared/messages/members.ts';
import type { Listed } from '../../../shared/api-shapes.ts';
import type {
  AdminCommentView as Row,
  ModerationWord,
} from '../../../server/services/members/index.ts';

/** 审核词: comments containing one of these wait in 待审核 until a moderator shows them. */
function WordList() {
  const { message } = App.useApp();
  const [words, setWords] = useState<ModerationWord[]>([]);
  const [word, setWord] = useState('');
  const load = async () => {
    const res = await api<Listed<ModerationWord>>('get', 'admin/moderation/words');
    if (res.code === 200) setWords(res.data.list);
  };
  useEffect(() => {
    void load();
  }, []);
  const run = async (path: string, values: Record<string, unknown>, done: string) => {
    try {
      await adminCall(path, values);
      void message.success(done);
      await load();
      return true;
    } catch (err) {
      void message.error((err as { message?: string }).message ?? '操作失败');
      return false;
    }
  };
  return (
    <Card size="small" title="审核词" extra="含这些词的新评论先进入待审核">
      <Space wrap style={{ marginBottom: 12 }}>
        {words.length === 0 && <span>还没有审核词</span>}
        {words.map((w) => (
          <Popconfirm
            key={w.id}
            title={`删除审核词“${w.word}”？`}
            okText="确定"
            cancelText="取消"
            onConfirm={() => void run('moderation/word/delete', { id: w.id }, '审核词已删除')}
          >
            <Button size="small" aria-label={`删除审核词“${w.word}”`}>
              {w.word} ×
            </Button>
          </Popconfirm>
        ))}
      </Space>
      <Space.Compact>
        <Input
          aria-label="新审核词"
          placeholder="1-20个字"
          maxLength={20}
          value={word}
          onChange={(e) => setWord(e.target.value)}
          onPressEnter={() =>
            void run('moderation/word/add', { word }, '审核词已添加').then(
              (ok) => ok && setWord(''),
            )
          }
        />
        <Button
          type="primary"
          onClick={() =>
            void run('moderation/word/add', { word }, '审核词已添加').then(
              (ok) => ok && setWord(''),
            )
          }
        >
          添加
        </Button>
      </Space.Compact>
    </Card>
  );
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
      <WordList />
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
        {timeColumn<Row>('时间', 'createdAt', 160)}
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
                  done={MEMBERS_MSG.moderation.commentHidden}
                  onDone={refresh}
                />
              )}
              {r.status !== 'visible' && (
                <ActionButton
                  label="显示"
                  path="comment/show"
                  values={{ id: r.id }}
                  done={MEMBERS_MSG.moderation.commentShown}
                  onDone={refresh}
                />
              )}
              <DeleteAction
                confirm="删除后不可恢复，确定删除这条评论？"
                path="comment/delete"
                id={r.id}
                done={MEMBERS_MSG.moderation.commentDeleted}
                onDone={refresh}
              />
            </Space>
          )}
        />
      </Table>
    </Space>
  );
}
