/**
 * 兑换码: make a batch of codes for a paid course, see each batch's used,
 * void and open codes, export a batch as CSV (for Excel), void what is
 * still open.
 */
import { useTable } from '@refinedev/antd';
import { Button, Form, InputNumber, Space, Table } from 'antd';
import { FormSelect } from '../parts/form-select.tsx';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { ActionButton, useAction, timeColumn } from '../parts/shared.tsx';
import { formatDateTimeOrDash, formatYuan } from '../../../shared/format.ts';
import { COMMERCE_MSG } from '../../../shared/messages/commerce.ts';
import type { Listed } from '../../../shared/api-shapes.ts';
import type {
  CodeBatchRow as Row,
  RedeemableCourse,
} from '../../../server/services/commerce/index.ts';

function NewBatch(props: { onDone(): void }) {
  const [form] = Form.useForm<{ courseId: number; count: number; validDays?: number }>();
  const [courses, setCourses] = useState<RedeemableCourse[]>([]);
  const { busy, run } = useAction('操作失败');
  useEffect(() => {
    void api<Listed<RedeemableCourse>>('get', 'admin/redemption/courses').then(
      (res) => res.code === 200 && setCourses(res.data.list),
    );
  }, []);
  const submit = async (v: { courseId: number; count: number; validDays?: number }) => {
    const made = await run(
      () =>
        adminCall<{ batch: string }>('redemption/batch', {
          courseId: v.courseId,
          count: v.count,
          validDays: v.validDays ?? undefined,
        }),
      (answer) => `${COMMERCE_MSG.redeem.created}：${answer.batch}`,
    );
    if (!made) return;
    form.resetFields();
    props.onDone();
  };
  return (
    <Form form={form} layout="inline" aria-label="生成兑换码" onFinish={(v) => void submit(v)}>
      <Form.Item name="courseId" label="课程" rules={[{ required: true, message: '请选择课程' }]}>
        <FormSelect
          style={{ width: 280 }}
          showSearch
          optionFilterProp="label"
          options={courses.map((c) => ({
            value: c.id,
            label: `${c.title}（¥${formatYuan(c.priceCents)}）`,
          }))}
        />
      </Form.Item>
      <Form.Item
        name="count"
        label="数量"
        initialValue={10}
        rules={[{ required: true, message: '数量须为1到1000' }]}
      >
        <InputNumber min={1} max={1000} precision={0} />
      </Form.Item>
      <Form.Item name="validDays" label="有效天数">
        <InputNumber min={1} max={3650} precision={0} placeholder="长期有效" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        生成兑换码
      </Button>
    </Form>
  );
}

export function CodesSection() {
  const { tableProps, tableQuery } = useTable<Row>({
    resource: 'codebatch',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const refresh = () => void tableQuery.refetch();
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <NewBatch onDone={refresh} />
      <Table {...tableProps} rowKey="batch" size="middle">
        <Table.Column<Row> title="批次" dataIndex="batch" width={190} />
        <Table.Column<Row> title="课程" dataIndex="courseTitle" />
        <Table.Column<Row> title="总数" dataIndex="total" width={70} />
        <Table.Column<Row> title="已使用" dataIndex="used" width={70} />
        <Table.Column<Row> title="未使用" dataIndex="unused" width={70} />
        <Table.Column<Row> title="已作废" dataIndex="voided" width={70} />
        {timeColumn<Row>('生成时间', 'createdAt')}
        <Table.Column<Row>
          title="有效期至"
          dataIndex="expiresAt"
          width={150}
          render={(v: string | null) =>
            v ? formatDateTimeOrDash(v) : COMMERCE_MSG.codeCsv.noExpiry
          }
        />
        <Table.Column<Row>
          title="操作"
          width={170}
          render={(_, r) => (
            <Space>
              <Button
                size="small"
                href={`/api/admin/redemption/export?batch=${encodeURIComponent(r.batch)}`}
                download
              >
                导出
              </Button>
              {r.unused > 0 && (
                <ActionButton
                  label="作废"
                  danger
                  confirm={`作废该批次未使用的 ${r.unused} 个兑换码？`}
                  path="redemption/void"
                  values={{ batch: r.batch }}
                  done={COMMERCE_MSG.codeCsv.voided}
                  onDone={refresh}
                />
              )}
            </Space>
          )}
        />
      </Table>
    </Space>
  );
}
