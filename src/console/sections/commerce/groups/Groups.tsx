/**
 * 拼团 (group buying, issue 27) in two tabs: 拼团活动 (a course's group price, size and time
 * limit; stopped rather than deleted once a group was opened under it, since groups name it)
 * and 团列表 (the groups members opened, each group's seats, orders and refunds). The server
 * checks and words every refusal.
 */
import { Button, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../../client/api.ts';
import { ActionButton, DeleteAction, useDialog } from '../../parts/shared.tsx';
import { formatDateTimeOrDash, formatYuan } from '../../../../shared/format.ts';
import { GROUP_MSG } from '../../../../shared/messages/groups.ts';
import type { Listed } from '../../../../shared/api-shapes.ts';
import type { AdminGroupOfferRow as Row } from '../../../../server/services/commerce/index.ts';
import { GroupList } from './GroupList.tsx';
import { GroupOfferForm, offerValues } from './GroupOfferForm.tsx';

const MSG = GROUP_MSG.admin;
const OFFER_COLOR: Record<Row['state'], string> = { active: 'green', stopped: 'default' };

function GroupOffers() {
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const load = useCallback(() => {
    setLoading(true);
    void api<Listed<Row>>('get', 'admin/group/offers').then((res) => {
      if (res.code === 200) setRows(res.data.list);
      setLoading(false);
    });
  }, []);
  useEffect(load, [load]);
  const edit = useDialog<Row | null>();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => edit.show(null)}>
        新建拼团活动
      </Button>
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        aria-label="拼团活动列表"
        // antd's empty text is #bfbfbf on white (1.8:1): spelled in the body text's colour.
        locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.88)' }}>还没有拼团活动</span> }}
      >
        <Table.Column<Row> title="课程" dataIndex="courseTitle" />
        <Table.Column<Row>
          title="拼团价 / 原价"
          width={150}
          render={(_, r) => `¥${formatYuan(r.priceCents)} / ¥${formatYuan(r.listPriceCents)}`}
        />
        <Table.Column<Row> title="成团人数" dataIndex="size" width={90} />
        <Table.Column<Row>
          title="时限"
          dataIndex="hours"
          width={80}
          render={(h: number) => `${h} 小时`}
        />
        <Table.Column<Row>
          title="开团时间"
          render={(_, r) =>
            r.startsAt || r.endsAt
              ? `${formatDateTimeOrDash(r.startsAt)} 至 ${formatDateTimeOrDash(r.endsAt)}`
              : '长期有效'
          }
        />
        <Table.Column<Row>
          title="状态"
          dataIndex="state"
          width={90}
          render={(s: Row['state']) => <Tag color={OFFER_COLOR[s]}>{MSG.offerState[s]}</Tag>}
        />
        <Table.Column<Row>
          title="团数"
          width={200}
          render={(_, r) =>
            (['open', 'full', 'failed'] as const)
              .map((s) => `${GROUP_MSG.state[s]} ${r[s]}`)
              .join(' / ')
          }
        />
        <Table.Column<Row>
          title="操作"
          width={200}
          render={(_, r) => (
            <Space>
              <Button
                size="small"
                aria-label={`编辑“${r.courseTitle}”`}
                onClick={() => edit.show(r)}
              >
                编辑
              </Button>
              {r.state === 'active' ? (
                <ActionButton
                  label="停止"
                  danger
                  confirm={`停止“${r.courseTitle}”的拼团？进行中的团不受影响`}
                  path="group/offer/update"
                  values={offerValues(r, { state: 'stopped' })}
                  done={MSG.saved}
                  onDone={load}
                />
              ) : (
                <ActionButton
                  label="恢复"
                  path="group/offer/update"
                  values={offerValues(r, { state: 'active' })}
                  done={MSG.saved}
                  onDone={load}
                />
              )}
              {r.open + r.full + r.failed === 0 && (
                <DeleteAction
                  noun="拼团活动"
                  name={r.courseTitle}
                  path="group/offer/delete"
                  id={r.id}
                  done={MSG.deleted}
                  onDone={load}
                />
              )}
            </Space>
          )}
        />
      </Table>
      {edit.value !== undefined && (
        <GroupOfferForm
          key={edit.key}
          row={edit.value}
          open={edit.open}
          onCancel={edit.close}
          onDone={() => {
            edit.close();
            load();
          }}
        />
      )}
    </Space>
  );
}

export function GroupsSection() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'offers', label: '拼团活动', children: <GroupOffers /> },
        { key: 'groups', label: '团列表', children: <GroupList /> },
      ]}
    />
  );
}
