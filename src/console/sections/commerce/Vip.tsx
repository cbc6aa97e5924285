/**
 * 会员 (VIP membership, issue 27) in three tabs: 会员套餐 (the cards on sale or stopped; a
 * card is never deleted, since orders name it: it is stopped), 会员权益 (what VIP gets) and
 * 会员名单 (who holds or held VIP). The server checks and words every refusal.
 */
import { Button, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { ActionButton, useDialog } from '../parts/shared.tsx';
import { formatYuan } from '../../../shared/format.ts';
import { VIP_MSG } from '../../../shared/vip.ts';
import type { Listed } from '../../../shared/api-shapes.ts';
import type { AdminVipPlanRow as Row } from '../../../server/services/commerce/index.ts';
import { PLAN_STATE, planValues, VipPlanForm } from './VipPlanForm.tsx';
import { VipBenefitsForm } from './VipBenefits.tsx';
import { VipMembers } from './VipMembers.tsx';

function VipPlans() {
  const [rows, setRows] = useState<Row[]>([]);
  const [loading, setLoading] = useState(true);
  const load = useCallback(() => {
    setLoading(true);
    void api<Listed<Row>>('get', 'admin/vip/plans').then((res) => {
      if (res.code === 200) setRows(res.data.list);
      setLoading(false);
    });
  }, []);
  useEffect(load, [load]);
  const edit = useDialog<Row | null>();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => edit.show(null)}>
        新建会员套餐
      </Button>
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={loading}
        dataSource={rows}
        pagination={false}
        aria-label="会员套餐列表"
        // antd's empty text is #bfbfbf on white (1.8:1): spelled in the body text's colour.
        locale={{ emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.88)' }}>还没有会员套餐</span> }}
      >
        <Table.Column<Row> title="套餐" dataIndex="name" />
        <Table.Column<Row> title="有效天数" dataIndex="days" width={100} />
        <Table.Column<Row>
          title="售价 / 划线价"
          width={170}
          render={(_, r) =>
            `¥${formatYuan(r.priceCents)} / ${r.listPriceCents ? `¥${formatYuan(r.listPriceCents)}` : '—'}`
          }
        />
        <Table.Column<Row> title="排序" dataIndex="sortOrder" width={70} />
        <Table.Column<Row>
          title="状态"
          dataIndex="state"
          width={80}
          render={(s: Row['state']) => <Tag color={PLAN_STATE[s][1]}>{PLAN_STATE[s][0]}</Tag>}
        />
        <Table.Column<Row> title="已售" dataIndex="sold" width={70} />
        <Table.Column<Row>
          title="操作"
          width={170}
          render={(_, r) => (
            <Space>
              <Button size="small" aria-label={`编辑“${r.name}”`} onClick={() => edit.show(r)}>
                编辑
              </Button>
              {r.state === 'active' ? (
                <ActionButton
                  label="停售"
                  danger
                  confirm={`停售“${r.name}”？已开通的会员不受影响`}
                  path="vip/plan/update"
                  values={planValues(r, { state: 'stopped' })}
                  done={VIP_MSG.admin.planSaved}
                  onDone={load}
                />
              ) : (
                <ActionButton
                  label="恢复在售"
                  path="vip/plan/update"
                  values={planValues(r, { state: 'active' })}
                  done={VIP_MSG.admin.planSaved}
                  onDone={load}
                />
              )}
            </Space>
          )}
        />
      </Table>
      {edit.value !== undefined && (
        <VipPlanForm
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

export function VipSection() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'plans', label: '会员套餐', children: <VipPlans /> },
        { key: 'benefits', label: '会员权益', children: <VipBenefitsForm /> },
        { key: 'members', label: '会员名单', children: <VipMembers /> },
      ]}
    />
  );
}
