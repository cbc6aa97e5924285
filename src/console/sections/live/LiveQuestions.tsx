/**
 * 直播问答 (issue 26): the host's view of a broadcast's questions, most votes first, with
 * 已回答 (write or replace the answer) and 置顶 / 取消置顶. Viewers on the live page see each
 * change at once (the chat's event stream). Offers the broadcasts the staff member hosts (the
 * assigned host, admins and moderators; any staff while none is assigned), theirs first chosen.
 */
import { Button, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { useAction } from '../parts/shared.tsx';
import { formatDateTime } from '../../../shared/format.ts';
import { LIVE_MSG } from '../../../shared/messages/live.ts';
import type { ChatLiveOption, ChatMessage } from '../../../server/services/live/index.ts';

const T = LIVE_MSG.chat;

export function LiveQuestionsSection() {
  const [lives, setLives] = useState<ChatLiveOption[]>([]);
  const [liveId, setLiveId] = useState<number | null>(null);
  const [rows, setRows] = useState<ChatMessage[]>([]);
  const [answering, setAnswering] = useState<ChatMessage | null>(null);
  const [answer, setAnswer] = useState('');
  const { busy, run } = useAction();

  useEffect(() => {
    void api<{ list: ChatLiveOption[] }>('get', 'admin/live/chat/lives').then((res) => {
      if (res.code !== 200) return;
      setLives(res.data.list);
      // The host's own latest broadcast opens by itself.
      const mine = res.data.list.find((l) => l.mine);
      if (mine) setLiveId(mine.id);
    });
  }, []);

  const load = useCallback(async (id: number) => {
    const res = await api<{ list: ChatMessage[] }>('get', 'admin/live/chat/questions', {
      searchParams: { liveId: String(id) },
    });
    if (res.code === 200) setRows(res.data.list);
  }, []);

  useEffect(() => {
    if (liveId !== null) void load(liveId);
  }, [liveId, load]);

  const saveAnswer = async () => {
    if (!answering || liveId === null) return;
    const ok = await run(
      () => adminCall('live/chat/answer', { id: answering.id, answer }),
      T.answeredDone,
    );
    if (ok) {
      setAnswering(null);
      await load(liveId);
    }
  };

  const pin = async (q: ChatMessage) => {
    if (liveId === null) return;
    const done = q.pinned ? T.unpinnedDone : T.pinnedDone;
    if (await run(() => adminCall('live/chat/pin', { id: q.id, pinned: !q.pinned }), done))
      await load(liveId);
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        aria-label="选择直播"
        placeholder="选择直播"
        style={{ width: 480 }}
        value={liveId ?? undefined}
        onChange={(v: number) => setLiveId(v)}
        options={lives.map((l) => ({
          value: l.id,
          label: `${l.title}（${formatDateTime(l.startAt)}，${l.questions} 个提问${
            l.mine ? '，我主持' : l.hostName ? `，主持人 ${l.hostName}` : ''
          }）`,
        }))}
      />
      <Table<ChatMessage>
        dataSource={rows}
        rowKey="id"
        size="middle"
        pagination={false}
        // In the text colour: antd's placeholder grey is 1.8:1 on white (WCAG AA asks 4.5:1).
        locale={{
          emptyText: (
            <span style={{ color: 'rgba(0, 0, 0, 0.65)' }}>
              {liveId === null ? '请选择直播' : T.noQuestions}
            </span>
          ),
        }}
      >
        <Table.Column<ChatMessage> title="提问" dataIndex="content" />
        <Table.Column<ChatMessage> title="提问人" dataIndex="userName" width={110} />
        <Table.Column<ChatMessage> title="票数" dataIndex="votes" width={70} />
        <Table.Column<ChatMessage>
          title="状态"
          width={130}
          render={(_, q) => (
            <Space size={4}>
              {q.answer && <Tag color="green">{T.answered}</Tag>}
              {q.pinned && <Tag color="red">{T.pinned}</Tag>}
            </Space>
          )}
        />
        <Table.Column<ChatMessage> title="回答" dataIndex="answer" />
        <Table.Column<ChatMessage>
          title="操作"
          width={170}
          render={(_, q) => (
            <Space>
              <Button
                size="small"
                onClick={() => {
                  setAnswer(q.answer ?? '');
                  setAnswering(q);
                }}
              >
                {T.answer}
              </Button>
              <Button size="small" onClick={() => void pin(q)} loading={busy}>
                {q.pinned ? T.unpin : T.pin}
              </Button>
            </Space>
          )}
        />
      </Table>
      <Modal
        title={answering ? `回答：${answering.content}` : ''}
        open={answering !== null}
        okText="保存回答"
        cancelText="取消"
        confirmLoading={busy}
        onOk={() => void saveAnswer()}
        onCancel={() => setAnswering(null)}
        destroyOnHidden
      >
        <Input.TextArea
          aria-label={T.answerPlaceholder}
          rows={4}
          maxLength={500}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
        />
      </Modal>
    </Space>
  );
}
