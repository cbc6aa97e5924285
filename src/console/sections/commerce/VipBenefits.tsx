/**
 * 会员权益 (issue 27): the courses VIP members study free (published paid courses, not
 * kits: the server names any other), the member price on other paid courses as 折 (10 折:
 * none), the paid-course material downloads a month, and whether VIP members see no ads.
 * Below the form, the free courses as saved.
 */
import { Button, Form, InputNumber, Space, Switch, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../../client/api.ts';
import { adminCall } from '../../data-provider.ts';
import { FormSelect } from '../parts/form-select.tsx';
import { useAction } from '../parts/shared.tsx';
import { formatYuan } from '../../../shared/format.ts';
import { VIP_MSG } from '../../../shared/vip.ts';
import type { Listed } from '../../../shared/api-shapes.ts';
import type {
  RedeemableCourse,
  VipBenefits,
  VipBenefitsInput,
} from '../../../server/services/commerce/index.ts';

interface Values {
  freeCourseIds: number[];
  /** 折: 8.5 for 85 %, 10 for no member price. */
  rate?: number | null;
  monthlyDownloads?: number | null;
  hideAds: boolean;
}

export function VipBenefitsForm() {
  const [form] = Form.useForm<Values>();
  const { busy, run } = useAction();
  const [courses, setCourses] = useState<RedeemableCourse[]>([]);
  const [saved, setSaved] = useState<VipBenefits | null>(null);
  useEffect(() => {
    void api<Listed<RedeemableCourse>>('get', 'admin/redemption/courses').then(
      (res) => res.code === 200 && setCourses(res.data.list),
    );
    void api<VipBenefits>('get', 'admin/vip/benefits').then(
      (res) => res.code === 200 && setSaved(res.data),
    );
  }, []);
  const submit = async (v: Values) => {
    const values: Record<keyof VipBenefitsInput, unknown> = {
      freeCourseIds: v.freeCourseIds,
      ratePercent: v.rate === null || v.rate === undefined ? '' : Math.round(v.rate * 10),
      monthlyDownloads: v.monthlyDownloads ?? '',
      hideAds: v.hideAds,
    };
    let answer: VipBenefits | null = null;
    const call = async () => (answer = await adminCall<VipBenefits>('vip/benefits/save', values));
    if (await run(call, VIP_MSG.admin.benefitsSaved)) setSaved(answer);
  };
  if (!saved) return <Typography.Paragraph>正在读取会员权益…</Typography.Paragraph>;
  const free = saved.freeCourseIds.map(
    (id) => courses.find((c) => c.id === id) ?? { id, title: `课程 ${id}`, priceCents: 0 },
  );
  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
      <Form<Values>
        form={form}
        layout="vertical"
        aria-label="会员权益"
        initialValues={{
          freeCourseIds: saved.freeCourseIds,
          rate: saved.ratePercent / 10,
          monthlyDownloads: saved.monthlyDownloads,
          hideAds: saved.hideAds,
        }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          label="会员免费课程"
          name="freeCourseIds"
          extra="须为已上架的付费课程，实物套件不能设为会员免费"
        >
          <FormSelect
            mode="multiple"
            showSearch
            optionFilterProp="label"
            placeholder="选择课程"
            options={courses.map((c) => ({
              value: c.id,
              label: `${c.title}（¥${formatYuan(c.priceCents)}）`,
            }))}
          />
        </Form.Item>
        <Space size="large" wrap align="start">
          <Form.Item
            label="会员价折扣（折）"
            name="rate"
            extra="其他付费课程的会员价，如 8.5 折填 8.5；10 折为不打折"
            rules={[{ required: true, message: VIP_MSG.admin.rate }]}
          >
            <InputNumber min={1} max={10} step={0.5} precision={1} />
          </Form.Item>
          <Form.Item
            label="每月可下载（份）"
            name="monthlyDownloads"
            extra="未购买课程的付费资料；0 为不提供"
            rules={[{ required: true, message: VIP_MSG.admin.downloads }]}
          >
            <InputNumber min={0} max={1000} precision={0} />
          </Form.Item>
          <Form.Item label="会员浏览无广告" name="hideAds" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Button type="primary" htmlType="submit" loading={busy}>
          保存会员权益
        </Button>
      </Form>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        caption="当前会员免费课程"
        dataSource={free}
        // antd's empty text is #bfbfbf on white (1.8:1): spelled in the body text's colour.
        locale={{
          emptyText: <span style={{ color: 'rgba(0, 0, 0, 0.88)' }}>没有会员免费课程</span>,
        }}
        columns={[
          { title: '课程', dataIndex: 'title' },
          {
            title: '原价',
            dataIndex: 'priceCents',
            width: 120,
            render: (c: number) => (c ? `¥${formatYuan(c)}` : '—'),
          },
        ]}
      />
    </Space>
  );
}
