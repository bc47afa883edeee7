/**
 * The sign-ups chart, drawn with uPlot (a maintained, small canvas charting library): one line per key. Loaded
 * lazily with the sign-ups page's chart only. The canvas is hidden from screen readers: the table beneath it is
 * its accessible equivalent (the figure says so).
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import * as styles from './signups-chart.css';

export interface ChartSeries {
  label: string;
  values: number[];
}

const COLOURS = [
  '#2457d6',
  '#d9480f',
  '#2b8a3e',
  '#862e9c',
  '#c2255c',
  '#1098ad',
  '#e67700',
  '#5c940d',
  '#364fc7',
  '#495057',
];

export default function SignupsChart({ periods, series }: { periods: string[]; series: ChartSeries[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = periods.map((day) => Date.parse(`${day}T00:00:00+08:00`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(320, element.clientWidth || 800),
        height: 280,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Asia/Shanghai'),
        scales: { x: { time: true } },
        axes: [{}, { size: 50 }],
        series: [
          {},
          ...series.map((s, index) => ({
            label: s.label,
            stroke: COLOURS[index % COLOURS.length],
            width: 2,
            points: { show: periods.length < 40 },
          })),
        ],
      },
      [x, ...series.map((s) => s.values)],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(320, element.clientWidth), height: 280 }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [periods, series]);
  return <div ref={box} className={styles.chart} aria-hidden="true" data-testid="signups-chart" />;
}
