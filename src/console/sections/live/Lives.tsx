/**
 * 直播管理: broadcasts by start time with their reservations; schedule a new
 * one or move one (reminders move with it), the stream (HLS address) or an
 * allowlisted player, the replay once it has ended; its host (主持人), the staff member whose
 * 直播问答 it is.
 */
import { useTable } from '@refinedev/antd';
import { Button, Drawer, Form, Input, Select, Space, Switch, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { AboutFields, editDeleteColumn, useAction, timeColumn } from '../parts/shared.tsx';
import { MediaTextFields, mediaTextInitial, mediaTextValues } from '../parts/media-text.tsx';
import { BeijingRangePicker } from '../parts/beijing-pickers.tsx';
import { LIVE_MSG } from '../../../shared/messages/live.ts';
import { MSG } from '../../../shared/messages.ts';
import { urls } from '../../../shared/urls.ts';
import type { AdminLiveRow as Row, LiveHostOption } from '../../../server/services/live/index.ts';

interface Values {
  title: string;
  speaker: string;
  summary?: string;
  description?: string;
  window: [string, string];
  cover?: string;
  streamUrl?: string;
  htmlUrl?: string;
  replayUrl?: string;
  recommended: boolean;
  hostId?: number | null;
  chapters?: string;
  subtitles?: string;
}

function state(r: Row): [string, string] {
  const now = Date.now();
  if (Date.parse(r.endAt) < now)
    return r.replayUrl ? ['可回放', 'purple'] : [LIVE_MSG.status.ended, 'default'];
  // Nothing to watch yet: saving it on air is refused, so the stream must come before the start;
  // one whose start passed without it shows 即将开始 to readers until it has one (liveStatus).
  const watchable = Boolean(r.streamUrl?.includes('.m3u8') || r.htmlUrl);
  if (Date.parse(r.startAt) <= now)
    return watchable
      ? [LIVE_MSG.status.live, 'red']
      : [`已到开播时间 · 缺直播流（前台显示${LIVE_MSG.status.upcoming}）`, 'orange'];
  return watchable ? ['未开始', 'blue'] : ['未开始 · 缺直播流', 'gold'];
}

function LiveForm(props: { row: Row | null; onDone(): void }) {
  const { busy, run } = useAction();
  const r = props.row;
  const [hosts, setHosts] = useState<LiveHostOption[]>([]);
  useEffect(() => {
    void api<{ list: LiveHostOption[] }>('get', 'admin/live/hosts').then((res) => {
      if (res.code === 200) setHosts(res.data.list);
    });
  }, []);
  const submit = async (v: Values) => {
    const [start, end] = v.window;
    const values = {
      ...(r && { id: r.id }),
      title: v.title,
      speaker: v.speaker,
      summary: v.summary ?? '',
      ...(v.description !== undefined && { description: v.description }),
      startAt: start,
      endAt: end,
      cover: v.cover ?? '',
      streamUrl: v.streamUrl ?? '',
      htmlUrl: v.htmlUrl ?? '',
      replayUrl: v.replayUrl ?? '',
      recommended: v.recommended,
      hostId: v.hostId ?? '',
      ...mediaTextValues(v),
    };
    if (await run(() => adminCall(r ? 'live/update' : 'live/create', values), '直播已保存'))
      props.onDone();
  };
  return (
    <Form
      layout="vertical"
      aria-label="直播"
      initialValues={{
        title: r?.title,
        speaker: r?.speaker,
        summary: r?.summary,
        description: r?.description,
        window: r ? [r.startAt, r.endAt] : undefined,
        cover: r?.cover ?? '',
        streamUrl: r?.streamUrl ?? '',
        htmlUrl: r?.htmlUrl ?? '',
        replayUrl: r?.replayUrl ?? '',
        recommended: r?.recommended ?? false,
        hostId: r?.hostId ?? null,
        ...mediaTextInitial(r?.chapters),
      }}
      onFinish={(v) => void submit(v as Values)}
    >
      <Form.Item
        name="title"
        label="直播标题"
        rules={[{ required: true, max: 100, message: MSG.form.title }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="speaker"
        label="主讲人"
        rules={[{ required: true, max: 50, message: LIVE_MSG.manage.speaker }]}
      >
        <Input maxLength={50} />
      </Form.Item>
      <Form.Item
        name="hostId"
        label="主持人"
        extra="在直播问答中回答、置顶观众提问的工作人员；不指定时由编辑和审核员共同处理"
      >
        <Select
          allowClear
          placeholder="不指定"
          style={{ width: 240 }}
          options={hosts.map((h) => ({ value: h.id, label: `${h.name}（${h.roleName}）` }))}
        />
      </Form.Item>
      <Form.Item
        name="window"
        label="直播时间"
        rules={[{ required: true, message: LIVE_MSG.manage.time }]}
      >
        <BeijingRangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
      </Form.Item>
      <AboutFields noun="直播" rows={5} required={LIVE_MSG.manage.description} />
      <Form.Item
        name="streamUrl"
        label="直播流地址"
        extra="HLS（.m3u8）地址，站内路径或 https；开播时须有直播流或播放器地址"
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="htmlUrl"
        label="播放器地址"
        extra="或白名单内第三方播放器（保利威、哔哩哔哩、腾讯视频、优酷）的 https 地址或 iframe 代码"
      >
        <Input />
      </Form.Item>
      <Form.Item name="replayUrl" label="回放地址" extra="直播结束后播放的录像（HLS）">
        <Input />
      </Form.Item>
      <MediaTextFields storedCues={r?.subtitleCues ?? 0} />
      <Form.Item name="recommended" label="推荐" valuePropName="checked">
        <Switch />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        保存直播
      </Button>
    </Form>
  );
}

export function LivesSection() {
  const [editing, setEditing] = useState<Row | null | undefined>(undefined);
  const { tableProps, tableQuery } = useTable<Row>({
    resource: 'live',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => setEditing(null)}>
        新建直播
      </Button>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Row>
          title="直播"
          dataIndex="title"
          render={(v: string, r) => (
            <a href={urls.liveDetail(r.id)} target="_blank" rel="noreferrer">
              {v}
            </a>
          )}
        />
        <Table.Column<Row> title="主讲人" dataIndex="speaker" width={110} />
        <Table.Column<Row>
          title="主持人"
          dataIndex="hostName"
          width={100}
          render={(v: string | null) => v ?? '—'}
        />
        {timeColumn<Row>('开始', 'startAt')}
        {timeColumn<Row>('结束', 'endAt')}
        <Table.Column<Row> title="预约" dataIndex="reservations" width={70} />
        <Table.Column<Row>
          title="状态"
          width={90}
          render={(_, r) => {
            const [text, color] = state(r);
            return <Tag color={color}>{text}</Tag>;
          }}
        />
        <Table.Column<Row>
          {...editDeleteColumn<Row>({
            noun: '直播',
            path: 'live/delete',
            nameOf: (r) => r.title,
            done: '直播已删除',
            onEdit: setEditing,
            onDone: () => void tableQuery.refetch(),
          })}
        />
      </Table>
      <Drawer
        title={editing === undefined ? '' : editing ? '编辑直播' : '新建直播'}
        width={640}
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        destroyOnHidden
      >
        {editing !== undefined && (
          <LiveForm
            key={editing?.id ?? 'new'}
            row={editing}
            onDone={() => {
              setEditing(undefined);
              void tableQuery.refetch();
            }}
          />
        )}
      </Drawer>
    </Space>
  );
}
