/**
 * The dialog of one 拼团活动 (issue 27): the course, the group price (typed in yuan, sent in
 * fen), how many buyers make a group, the hours a group has to fill, an optional window in
 * which groups may be opened (Beijing time), and whether it is on. The server checks and
 * words every refusal (GROUP_MSG.admin); an offer that groups name keeps its course.
 */
import { Form, InputNumber, Modal, Radio, Space } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../../client/api.ts';
import { adminCall } from '../../../data-provider.ts';
import { BeijingRangePicker, type BeijingRange } from '../../parts/beijing-pickers.tsx';
import { FormSelect } from '../../parts/form-select.tsx';
import { useAction } from '../../parts/shared.tsx';
import { formatYuan } from '../../../../shared/format.ts';
import { GROUP_MSG } from '../../../../shared/messages/groups.ts';
import type { Listed } from '../../../../shared/api-shapes.ts';
import type {
  AdminGroupOfferRow as Row,
  RedeemableCourse,
} from '../../../../server/services/commerce/index.ts';

const MSG = GROUP_MSG.admin;

interface Values {
  courseId?: number;
  price?: number | null;
  size?: number | null;
  hours?: number | null;
  window?: BeijingRange | null;
  state: Row['state'];
}

/** An offer's fields as the update call takes them, with some changed (停止 from the table). */
export function offerValues(row: Row, change: Partial<Row> = {}) {
  const r = { ...row, ...change };
  return {
    id: r.id,
    courseId: r.courseId,
    priceCents: r.priceCents,
    size: r.size,
    hours: r.hours,
    startsAt: r.startsAt ?? '',
    endsAt: r.endsAt ?? '',
    state: r.state,
  };
}

const groupsOf = (r: Row) => r.open + r.full + r.failed;

export function GroupOfferForm(props: {
  row: Row | null;
  open: boolean;
  onDone(): void;
  onCancel(): void;
}) {
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
      courseId: v.courseId ?? '',
      priceCents: v.price === null || v.price === undefined ? '' : Math.round(v.price * 100),
      size: v.size ?? '',
      hours: v.hours ?? '',
      startsAt: v.window?.[0] ?? '',
      endsAt: v.window?.[1] ?? '',
      state: v.state,
    };
    const path = row ? 'group/offer/update' : 'group/offer/create';
    if (await run(() => adminCall(path, values), MSG.saved)) props.onDone();
  };
  return (
    <Modal
      open={props.open}
      title={row ? `编辑拼团活动：${row.courseTitle}` : '新建拼团活动'}
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
        aria-label="拼团活动"
        initialValues={{
          courseId: row?.courseId,
          price: row ? row.priceCents / 100 : null,
          size: row?.size ?? 3,
          hours: row?.hours ?? 24,
          window: row ? [row.startsAt, row.endsAt] : null,
          state: row?.state ?? 'active',
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          label="课程"
          name="courseId"
          rules={[{ required: true, message: MSG.course }]}
          extra={row && groupsOf(row) > 0 ? '已有团的活动不能更换课程' : '实物套件课程不参加拼团'}
        >
          <FormSelect
            showSearch
            optionFilterProp="label"
            disabled={row !== null && groupsOf(row) > 0}
            options={courses.map((c) => ({
              value: c.id,
              label: `${c.title}（原价 ¥${formatYuan(c.priceCents)}）`,
            }))}
          />
        </Form.Item>
        <Space size="large" wrap>
          <Form.Item
            label="拼团价（元）"
            name="price"
            rules={[{ required: true, message: '请填写拼团价' }]}
          >
            <InputNumber min={0.01} max={1000000} precision={2} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item label="成团人数" name="size" rules={[{ required: true, message: MSG.size }]}>
            <InputNumber min={2} max={10} precision={0} />
          </Form.Item>
          <Form.Item
            label="成团时限（小时）"
            name="hours"
            rules={[{ required: true, message: MSG.hours }]}
          >
            <InputNumber min={1} max={168} precision={0} />
          </Form.Item>
        </Space>
        <Form.Item
          label="开团时间（北京时间，可选）"
          name="window"
          extra="留空表示长期有效；已开的团按开团时的价格和人数进行"
        >
          <BeijingRangePicker showTime allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item label="状态" name="state" extra="停止后不能再开新团，进行中的团不受影响">
          <Radio.Group
            options={(['active', 'stopped'] as const).map((s) => ({
              value: s,
              label: MSG.offerState[s],
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
