/**
 * The dashboard's charts (issue 12), ECharts from its modular entry points:
 * only line and bar charts, their axes, tooltip and legend, drawn on canvas.
 * Loaded by the dashboard section on demand, so the console's first screen
 * and every other section load none of it (and public pages never do).
 */
import { BarChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';

echarts.use([
  BarChart,
  LineChart,
  GridComponent,
  LegendComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export interface ChartSeries {
  name: string;
  kind: 'line' | 'bar';
  data: number[];
  /** 1: the right-hand axis (e.g. revenue beside counts). */
  axis?: 0 | 1;
  stack?: string;
}

export default function Chart(props: {
  title: string;
  days: string[];
  series: ChartSeries[];
  /** Names of the axes, left then right. */
  axes?: [string, string?];
}) {
  const el = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!el.current) return;
    const chart = echarts.init(el.current, undefined, { renderer: 'canvas' });
    const [left, right] = props.axes ?? [''];
    chart.setOption({
      title: { text: props.title, textStyle: { fontSize: 14 } },
      tooltip: { trigger: 'axis' },
      legend: { top: 0, right: 0 },
      grid: { left: 48, right: right ? 56 : 16, top: 40, bottom: 28 },
      xAxis: { type: 'category', data: props.days.map((d) => d.slice(5)) },
      yAxis: [
        { type: 'value', name: left, minInterval: 1 },
        ...(right ? [{ type: 'value', name: right }] : []),
      ],
      series: props.series.map((s) => ({
        name: s.name,
        type: s.kind,
        data: s.data,
        yAxisIndex: s.axis ?? 0,
        stack: s.stack,
        smooth: s.kind === 'line',
      })),
    });
    const resize = () => chart.resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      chart.dispose();
    };
  }, [props.title, props.days, props.series, props.axes]);
  return <div ref={el} role="img" aria-label={props.title} style={{ height: 280 }} />;
}
