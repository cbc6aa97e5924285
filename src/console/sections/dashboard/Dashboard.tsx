/**
 * 数据概览: the last 14 days of the dashboard series: charts (ECharts, loaded
 * on demand), the totals, the sales by product type with coupon and offer use, a table per ad slot and a table per day, so every
 * figure can also be read without the charts.
 */
import { Alert, Card, Col, Row, Statistic, Table } from 'antd';
import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import { SLOT_NAMES } from '../ads/Ads.tsx';
import { api } from '../../../client/api.ts';
import type { Dashboard } from '../../../server/services/analytics/index.ts';
import type { SalesSummary } from '../../../server/services/commerce/index.ts';
import { DashboardSales } from './DashboardSales.tsx';
import { formatDate, formatYuan } from '../../../shared/format.ts';

/** GET /api/admin/dashboard: the daily series and the range's sales. */
type Series = Dashboard & { sales: SalesSummary };

const Chart = lazy(() => import('./DashboardCharts.tsx'));

/** One chart of the dashboard's grid: half the width on a wide screen. */
const ChartCard = (props: ComponentProps<typeof Chart>) => (
  <Col xs={24} xl={12}>
    <Card>
      <Chart {...props} />
    </Card>
  </Col>
);

const slotName = (slot: number) => SLOT_NAMES[slot] ?? `广告位 ${slot}`;

/** A day in Beijing time, as the dashboard's range takes it: '2026-11-25'. */
const day = (t: number) => formatDate(new Date(t).toISOString());
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export function DashboardSection() {
  const [data, setData] = useState<Series | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    const now = Date.now();
    void api<Series>('get', 'admin/dashboard', {
      searchParams: { from: day(now - 13 * 86_400_000), to: day(now) },
    }).then((res) => (res.code === 200 ? setData(res.data) : setError(res.message)));
  }, []);
  if (error) return <Alert type="error" message={error} />;
  if (!data) return null;
  const rows = data.days.map((d, i) => ({
    day: d,
    pageViews: data.pageViews[i],
    liveViews: data.liveViews[i],
    reservations: data.reservations[i],
    orders: data.orders[i],
    revenue: formatYuan(data.revenueCents[i] ?? 0),
    completions: data.completions[i],
    impressions: sum(data.ads.map((a) => a.impressions[i] ?? 0)),
    clicks: sum(data.ads.map((a) => a.clicks[i] ?? 0)),
  }));
  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="近14天浏览量" value={sum(data.pageViews)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="近14天订单" value={sum(data.orders)} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="近14天收入（元）" value={formatYuan(sum(data.revenueCents))} />
          </Card>
        </Col>
        <Col xs={12} md={6}>
          <Card>
            <Statistic title="近14天直播预约" value={sum(data.reservations)} />
          </Card>
        </Col>
      </Row>
      <DashboardSales sales={data.sales} days={data.days.length} />
      <Suspense fallback={<div style={{ height: 584 }} aria-busy="true" />}>
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <ChartCard
            title="浏览量"
            days={data.days}
            series={[
              { name: '页面浏览', kind: 'line', data: data.pageViews },
              { name: '直播页浏览', kind: 'line', data: data.liveViews },
            ]}
          />
          <ChartCard
            title="订单与收入"
            days={data.days}
            axes={['订单', '元']}
            series={[
              { name: '订单', kind: 'bar', data: data.orders },
              {
                name: '收入（元）',
                kind: 'line',
                axis: 1,
                data: data.revenueCents.map((c) => c / 100),
              },
            ]}
          />
          <ChartCard
            title="广告展示（按广告位）"
            days={data.days}
            series={data.ads.map((a) => ({
              name: slotName(a.slot),
              kind: 'bar' as const,
              stack: 'impressions',
              data: a.impressions,
            }))}
          />
          <ChartCard
            title="学习与直播"
            days={data.days}
            series={[
              { name: '课程完成', kind: 'line', data: data.completions },
              { name: '直播预约', kind: 'line', data: data.reservations },
            ]}
          />
        </Row>
      </Suspense>
      <Table
        rowKey="slot"
        size="small"
        pagination={false}
        style={{ marginBottom: 16 }}
        caption="广告位（近14天）"
        locale={{ emptyText: '近14天没有广告展示' }}
        dataSource={data.ads.map((a) => {
          const impressions = sum(a.impressions);
          const clicks = sum(a.clicks);
          return {
            slot: a.slot,
            name: slotName(a.slot),
            impressions,
            clicks,
            ctr: impressions ? `${((clicks / impressions) * 100).toFixed(2)}%` : '—',
          };
        })}
      >
        <Table.Column title="广告位" dataIndex="name" />
        <Table.Column title="展示" dataIndex="impressions" />
        <Table.Column title="点击" dataIndex="clicks" />
        <Table.Column title="点击率" dataIndex="ctr" />
      </Table>
      <Table rowKey="day" size="small" pagination={false} dataSource={rows.reverse()}>
        <Table.Column title="日期" dataIndex="day" />
        <Table.Column title="浏览量" dataIndex="pageViews" />
        <Table.Column title="直播页浏览" dataIndex="liveViews" />
        <Table.Column title="直播预约" dataIndex="reservations" />
        <Table.Column title="订单" dataIndex="orders" />
        <Table.Column title="收入（元）" dataIndex="revenue" />
        <Table.Column title="课程完成" dataIndex="completions" />
        <Table.Column title="广告展示" dataIndex="impressions" />
        <Table.Column title="广告点击" dataIndex="clicks" />
      </Table>
    </>
  );
}
