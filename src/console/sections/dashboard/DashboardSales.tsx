/**
 * 销售构成 of the dashboard's range (issue 27): orders, revenue and refunds by product type
 * (视频课程, 实物套件, 会员卡), coupon use (handed out, used, the discount given) and what each offer
 * price sold, as tables that read without the charts; and VIP members at the range's end,
 * those whose VIP ends within 7 days after it, and those who joined in it.
 */
import { Card, Col, Row, Statistic, Table } from 'antd';
import type { SalesSummary } from '../../../server/services/commerce/index.ts';
import { offerName } from '../../../shared/commerce.ts';
import { formatYuan } from '../../../shared/format.ts';

const TYPE_NAME = { course: '视频课程', kit: '实物套件', vip: '会员卡' } as const;

export function DashboardSales({ sales, days }: { sales: SalesSummary; days: number }) {
  const span = `近${days}天`;
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Col xs={24} xl={12}>
        <Table
          rowKey="type"
          size="small"
          pagination={false}
          caption={`销售构成（${span}）`}
          dataSource={sales.byType.map((t) => ({
            type: t.type,
            name: TYPE_NAME[t.type],
            orders: t.orders,
            revenue: formatYuan(t.revenueCents),
            refunded: formatYuan(t.refundedCents),
          }))}
        >
          <Table.Column title="类型" dataIndex="name" />
          <Table.Column title="支付订单" dataIndex="orders" />
          <Table.Column title="收入（元）" dataIndex="revenue" />
          <Table.Column title="其中已退款（元）" dataIndex="refunded" />
        </Table>
        <Table
          rowKey="kind"
          size="small"
          pagination={false}
          style={{ marginTop: 16 }}
          caption={`优惠价成交（${span}）`}
          // antd's empty text is #bfbfbf on white (1.8:1): the message is text to read.
          locale={{
            emptyText: (
              <span
                style={{ color: 'rgba(0, 0, 0, 0.88)' }}
              >{`${span}没有按优惠价成交的订单`}</span>
            ),
          }}
          dataSource={sales.offers.map((o) => ({
            kind: o.kind,
            name: offerName(o.kind),
            orders: o.orders,
            saved: formatYuan(o.savedCents),
          }))}
        >
          <Table.Column title="优惠" dataIndex="name" />
          <Table.Column title="订单" dataIndex="orders" />
          <Table.Column title="为买家节省（元）" dataIndex="saved" />
        </Table>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={`优惠券（${span}）`}>
          <Row gutter={16}>
            <Col span={8}>
              <Statistic title="发放" value={sales.coupons.handedOut} />
            </Col>
            <Col span={8}>
              <Statistic title="用券订单" value={sales.coupons.used} />
            </Col>
            <Col span={8}>
              <Statistic title="优惠金额（元）" value={formatYuan(sales.coupons.discountCents)} />
            </Col>
          </Row>
        </Card>
        <Card title={`会员（${span}）`} style={{ marginTop: 16 }}>
          <Row gutter={16}>
            <Col span={8}>
              <Statistic title="会员总数" value={sales.vip.active} />
            </Col>
            <Col span={8}>
              <Statistic title="7 天内到期" value={sales.vip.endingSoon} />
            </Col>
            <Col span={8}>
              <Statistic title="新开通" value={sales.vip.joined} />
            </Col>
          </Row>
        </Card>
      </Col>
    </Row>
  );
}
