/** 数据概览: the last 14 days of the dashboard series, as a table per day. */
import { Alert, Card, Col, Row, Statistic, Table } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';

interface Series {
  days: string[];
  pageViews: number[];
  liveViews: number[];
  reservations: number[];
  orders: number[];
  revenueCents: number[];
  completions: number[];
  ads: { slot: number; impressions: number[]; clicks: number[]; ctr: number[] }[];
}

const day = (t: number) => new Date(t + 8 * 3_600_000).toISOString().slice(0, 10);
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
    revenue: ((data.revenueCents[i] ?? 0) / 100).toFixed(2),
    completions: data.completions[i],
    impressions: sum(data.ads.map((a) => a.impressions[i] ?? 0)),
    clicks: sum(data.ads.map((a) => a.clicks[i] ?? 0)),
  }));
  return (
    <>
      <Row gutter={16} style={{ marginBottom: 16 }}>
        <Col span={6}>
          <Card>
            <Statistic title="近14天浏览量" value={sum(data.pageViews)} />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title="近14天订单" value={sum(data.orders)} />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title="近14天收入（元）" value={(sum(data.revenueCents) / 100).toFixed(2)} />
          </Card>
        </Col>
        <Col span={6}>
          <Card>
            <Statistic title="近14天直播预约" value={sum(data.reservations)} />
          </Card>
        </Col>
      </Row>
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
