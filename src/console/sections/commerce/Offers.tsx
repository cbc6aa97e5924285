/**
 * 优惠价 (issue 27): a course's 限时特惠 (an offer price between two Beijing times, for
 * everyone) and 新人首单价 (the price of a member's first paid order, optionally within a
 * window). The table shows each offer's state and how many orders it priced; the dialog
 * takes the price in yuan and sends fen. The server checks and words every refusal
 * (below the list price, a window for 限时特惠, one offer per course and kind).
 */
import { useTable } from '@refinedev/antd';
import { Button, Form, InputNumber, Modal, Radio, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { BeijingRangePicker, type BeijingRange } from '../parts/beijing-pickers.tsx';
import { FormSelect } from '../parts/form-select.tsx';
import { editDeleteColumn, useAction, useDialog } from '../parts/shared.tsx';
import { offerName } from '../../../shared/commerce.ts';
import { formatDateTimeOrDash, formatYuan } from '../../../shared/format.ts';
import type { Listed } from '../../../shared/api-shapes.ts';
import type {
  AdminOfferRow as Row,
  RedeemableCourse,
} from '../../../server/services/commerce/index.ts';

const STATE: Record<Row['state'], [string, string]> = {
  upcoming: ['未开始', 'blue'],
  on: ['进行中', 'green'],
  ended: ['已结束', 'default'],
};

interface Values {
  courseId?: number;
  kind: string;
  price?: number | null;
  window?: BeijingRange | null;
}

function OfferForm(props: { row: Row | null; open: boolean; onDone(): void; onCancel(): void }) {
  const { row } = props;
  const [form] = Form.useForm<Values>();
  const { busy, run } = useAction();
  const [courses, setCourses] = useState<RedeemableCourse[]>([]);
  useEffect(() => {
    void api<Listed<RedeemableCourse>>('get', 'admin/redemption/courses').then(
      (res) => res.code === 200 && setCourses(res.data.list),
    );
  }, []);
  const submit = async (v: Values) => {
    const values = {
      ...(row && { id: row.id }),
      courseId: v.courseId,
      kind: v.kind,
      priceCents: v.price === null || v.price === undefined ? '' : Math.round(v.price * 100),
      startsAt: v.window?.[0] ?? null,
      endsAt: v.window?.[1] ?? null,
    };
    if (await run(() => adminCall(row ? 'offer/update' : 'offer/create', values), '优惠价已保存'))
      props.onDone();
  };
  return (
    <Modal
      open={props.open}
      title={row ? `编辑优惠价：${row.courseTitle}` : '新建优惠价'}
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      width={600}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label="优惠价"
        initialValues={{
          courseId: row?.courseId,
          kind: row?.kind ?? 'limited',
          price: row ? row.priceCents / 100 : null,
          window: row ? [row.startsAt, row.endsAt] : null,
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item label="课程" name="courseId" rules={[{ required: true, message: '请选择课程' }]}>
          <FormSelect
            showSearch
            optionFilterProp="label"
            options={courses.map((c) => ({
              value: c.id,
              label: `${c.title}（原价 ¥${formatYuan(c.priceCents)}）`,
            }))}
          />
        </Form.Item>
        <Form.Item label="优惠类型" name="kind">
          <Radio.Group disabled={row !== null}>
            <Radio value="limited">{offerName('limited')}</Radio>
            <Radio value="first_order">{offerName('first_order')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item
          label="优惠价（元）"
          name="price"
          rules={[{ required: true, message: '请填写优惠价' }]}
        >
          <InputNumber min={0.01} max={1000000} precision={2} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          label="起止时间（北京时间）"
          name="window"
          extra="限时特惠须设置开始和结束时间；新人首单价可留空，表示长期有效"
        >
          <BeijingRangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function OffersSection() {
  const { tableProps, tableQuery } = useTable<Row>({
    resource: 'offer',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const refresh = () => void tableQuery.refetch();
  const edit = useDialog<Row | null>();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Button type="primary" onClick={() => edit.show(null)}>
        新建优惠价
      </Button>
      <Table<Row> {...tableProps} rowKey="id" size="middle" aria-label="优惠价列表">
        <Table.Column<Row> title="课程" dataIndex="courseTitle" />
        <Table.Column<Row> title="类型" dataIndex="kind" width={110} render={offerName} />
        <Table.Column<Row>
          title="优惠价 / 原价"
          width={150}
          render={(_, r) => `¥${formatYuan(r.priceCents)} / ¥${formatYuan(r.listPriceCents)}`}
        />
        <Table.Column<Row>
          title="起止时间"
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
          render={(s: Row['state']) => <Tag color={STATE[s][1]}>{STATE[s][0]}</Tag>}
        />
        <Table.Column<Row> title="订单数" dataIndex="orders" width={80} />
        <Table.Column<Row>
          {...editDeleteColumn<Row>({
            noun: '优惠价',
            path: 'offer/delete',
            done: '优惠价已删除',
            nameOf: (r) => `${r.courseTitle} ${offerName(r.kind)}`,
            namedEdit: true,
            onEdit: edit.show,
            onDone: refresh,
          })}
        />
      </Table>
      {edit.value !== undefined && (
        <OfferForm
          key={edit.key}
          row={edit.value}
          open={edit.open}
          onCancel={edit.close}
          onDone={() => {
            edit.close();
            refresh();
          }}
        />
      )}
    </Space>
  );
}
