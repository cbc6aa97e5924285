/**
 * 广告管理: every slot and creative kind of spec 3, scheduled and ordered,
 * with a preview at the slot's size; on/off and delete from the list.
 */
import { useTable } from '@refinedev/antd';
import { useCreate } from '@refinedev/core';
import {
  App,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Table,
  Tag,
} from 'antd';
import { FormSelect } from '../parts/form-select.tsx';
import { BeijingRangePicker, type BeijingRange } from '../parts/beijing-pickers.tsx';
import { useState } from 'react';
import { AD_KIND, AD_TYPE, SLOT_SIZE } from '../../../shared/constants.ts';
import { ActionButton, DeleteAction } from '../parts/shared.tsx';
import { formatDateTimeOrDash } from '../../../shared/format.ts';
import { ADS_MSG } from '../../../shared/messages/ads.ts';
import type { AdminAdView as Row } from '../../../server/services/ads/index.ts';

export const SLOT_NAMES: Record<number, string> = {
  [AD_TYPE.carousel]: '首页轮播',
  [AD_TYPE.topBanner]: '顶部通栏',
  [AD_TYPE.leftSkyscraper]: '左侧擎天柱',
  [AD_TYPE.rightSkyscraper]: '右侧擎天柱',
  [AD_TYPE.window]: '角落窗口',
  [AD_TYPE.centrePopup]: '居中弹窗',
  [AD_TYPE.indexLeft]: '首页左栏',
  [AD_TYPE.indexRight]: '首页右栏',
  [AD_TYPE.indexBanner]: '首页横幅',
  [AD_TYPE.footerBanner]: '底部通栏',
  [AD_TYPE.contentTop]: '内容页顶部',
  [AD_TYPE.contentRight]: '内容页右栏',
};
const KIND_NAMES: Record<string, string> = {
  [AD_KIND.image]: '图片',
  [AD_KIND.script]: '代码',
  [AD_KIND.video]: '视频',
};

/** The box an ad of a slot is drawn in (spec 9), for the preview. */
function slotBox(type: number): { width: number; height: number } {
  if (type === AD_TYPE.topBanner) return { width: 728, height: SLOT_SIZE.topBannerHeight };
  if (type === AD_TYPE.footerBanner) return { width: 728, height: SLOT_SIZE.footerBannerHeight };
  if (type === AD_TYPE.window) return SLOT_SIZE.windowAd;
  if (type === AD_TYPE.centrePopup) return SLOT_SIZE.centreAd;
  if (type === AD_TYPE.leftSkyscraper || type === AD_TYPE.rightSkyscraper)
    return SLOT_SIZE.sideAdVideo;
  return { width: 300, height: 150 };
}

interface Values {
  type: number;
  adType: string;
  title: string;
  imageUrl?: string;
  mobileImageUrl?: string;
  clickUrl?: string;
  videoUrl?: string;
  adScript?: string;
  displayOrder?: number;
  enabled: boolean;
  window?: BeijingRange | null;
}

function NewAd(props: { onDone(): void }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const { mutate, mutation } = useCreate();
  const type = Form.useWatch('type', form) ?? AD_TYPE.topBanner;
  const kind = Form.useWatch('adType', form) ?? AD_KIND.image;
  const image = Form.useWatch('imageUrl', form);
  const box = slotBox(type);
  const submit = (v: Values) => {
    const [from, to] = v.window ?? [null, null];
    mutate(
      {
        resource: 'ad',
        values: {
          type: v.type,
          adType: v.adType,
          title: v.title,
          imageUrl: v.imageUrl ?? '',
          mobileImageUrl: v.mobileImageUrl ?? '',
          clickUrl: v.clickUrl ?? '',
          videoUrl: v.videoUrl ?? '',
          adScript: v.adScript ?? '',
          displayOrder: v.displayOrder ?? 0,
          enabled: v.enabled,
          startAt: from ?? '',
          endAt: to ?? '',
        },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          void message.success('广告已保存');
          form.resetFields();
          props.onDone();
        },
        onError: (err) => void message.error(err.message),
      },
    );
  };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        type: AD_TYPE.topBanner,
        adType: AD_KIND.image,
        enabled: true,
        displayOrder: 0,
      }}
      onFinish={submit}
    >
      <Form.Item label="广告位" name="type" rules={[{ required: true }]}>
        <FormSelect
          options={Object.entries(SLOT_NAMES).map(([v, label]) => ({ value: Number(v), label }))}
        />
      </Form.Item>
      <Form.Item label="类型" name="adType">
        <Radio.Group
          options={Object.entries(KIND_NAMES).map(([value, label]) => ({ value, label }))}
        />
      </Form.Item>
      <Form.Item label="标题" name="title" rules={[{ required: true, message: '请输入标题' }]}>
        <Input maxLength={100} />
      </Form.Item>
      {kind === AD_KIND.image && (
        <>
          <Form.Item
            label="图片地址"
            name="imageUrl"
            rules={[{ required: true, message: ADS_MSG.image }]}
          >
            <Input placeholder="/ads/… 或 https://…" />
          </Form.Item>
          <Form.Item label="手机图片地址（可选）" name="mobileImageUrl">
            <Input />
          </Form.Item>
        </>
      )}
      {kind === AD_KIND.video && (
        <Form.Item
          label="视频地址"
          name="videoUrl"
          rules={[{ required: true, message: ADS_MSG.video }]}
        >
          <Input />
        </Form.Item>
      )}
      {kind === AD_KIND.script && (
        <Form.Item
          label="广告代码"
          name="adScript"
          rules={[{ required: true, message: ADS_MSG.script }]}
        >
          <Input.TextArea rows={4} />
        </Form.Item>
      )}
      <Form.Item label="点击链接（可选）" name="clickUrl">
        <Input placeholder="https://…" />
      </Form.Item>
      <Form.Item label="排期（可选）" name="window">
        <BeijingRangePicker showTime allowEmpty={[true, true]} />
      </Form.Item>
      <Space size="large">
        <Form.Item label="排序" name="displayOrder">
          <InputNumber min={0} max={9999} />
        </Form.Item>
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      {kind === AD_KIND.image && image && (
        <Form.Item label={`预览（${box.width}×${box.height}）`}>
          <div
            data-testid="ad-preview"
            style={{
              width: box.width,
              height: box.height,
              maxWidth: '100%',
              border: '1px dashed #ccc',
              overflow: 'hidden',
            }}
          >
            <img src={image} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
          </div>
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={mutation.isPending}>
        保存广告
      </Button>
    </Form>
  );
}

export function AdsSection() {
  const [open, setOpen] = useState(false);
  const { tableProps, tableQuery, setFilters } = useTable<Row>({
    resource: 'ad',
    pagination: { pageSize: 20 },
    syncWithLocation: false,
  });
  const refresh = () => void tableQuery.refetch();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space>
        <Button type="primary" onClick={() => setOpen(true)}>
          新建广告
        </Button>
        <Select
          aria-label="按广告位筛选"
          allowClear
          placeholder="全部广告位"
          style={{ width: 180 }}
          options={Object.entries(SLOT_NAMES).map(([v, label]) => ({ value: Number(v), label }))}
          onChange={(value) => setFilters([{ field: 'type', operator: 'eq', value }], 'replace')}
        />
      </Space>
      <Table {...tableProps} rowKey="id" size="middle">
        <Table.Column<Row>
          title="广告位"
          dataIndex="type"
          width={120}
          render={(t: number) => SLOT_NAMES[t] ?? t}
        />
        <Table.Column<Row>
          title="类型"
          dataIndex="adType"
          width={70}
          render={(k: string) => KIND_NAMES[k] ?? k}
        />
        <Table.Column<Row> title="标题" dataIndex="title" />
        <Table.Column<Row>
          title="排期"
          width={260}
          render={(_, r) =>
            r.startAt || r.endAt
              ? `${formatDateTimeOrDash(r.startAt)} 至 ${formatDateTimeOrDash(r.endAt)}`
              : '长期'
          }
        />
        <Table.Column<Row> title="排序" dataIndex="displayOrder" width={70} />
        <Table.Column<Row>
          title="状态"
          width={90}
          render={(_, r) =>
            r.live ? (
              <Tag color="green">投放中</Tag>
            ) : (
              <Tag>{r.enabled ? '未到排期' : '已停用'}</Tag>
            )
          }
        />
        <Table.Column<Row>
          title="操作"
          width={160}
          render={(_, r) => (
            <Space>
              <ActionButton
                label={r.enabled ? '停用' : '启用'}
                path="ad/update"
                values={{ id: r.id, enabled: !r.enabled }}
                done={r.enabled ? '已停用' : '已启用'}
                onDone={refresh}
              />
              <DeleteAction
                confirm="确定删除这个广告？"
                path="ad/delete"
                id={r.id}
                onDone={refresh}
              />
            </Space>
          )}
        />
      </Table>
      <Drawer
        title="新建广告"
        open={open}
        width={800}
        onClose={() => setOpen(false)}
        destroyOnHidden
      >
        <NewAd
          onDone={() => {
            setOpen(false);
            refresh();
          }}
        />
      </Drawer>
    </Space>
  );
}
