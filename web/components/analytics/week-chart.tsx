// One analytics chart: weekly series drawn by uPlot (small, canvas, made for time series), as wide as its card
// and redrawn when the card resizes. The canvas is a picture for sighted members; the same figures are in the
// table under each chart (AnalyticsTable), which screen readers read instead.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  color: string;
  values: (number | null)[];
}

const HEIGHT = 200;
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

export function WeekChart({ title, weekStarts, series, range }: { title: string; weekStarts: string[]; series: ChartSeries[]; range?: [number, number] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const xs = weekStarts.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        // Weeks are calendar days: draw them in UTC so a Monday stays a Monday whatever the device's zone.
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: range ? { range } : { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.15))] } },
        axes: [
          // One tick per week, labelled with its Monday.
          { stroke: '#57534e', grid: { stroke: '#e7e5e4' }, splits: () => xs, values: (_u, ticks) => ticks.map((tick) => shortDate(tick)) },
          // Counts are whole numbers: whole-number steps only.
          { stroke: '#57534e', grid: { stroke: '#e7e5e4' }, size: 44, incrs: WHOLE_STEPS },
        ],
        legend: { show: true, live: false },
        cursor: { points: { size: 6 } },
        series: [
          {},
          ...series.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            spanGaps: true,
            points: { show: true, size: 5, fill: line.color },
          })),
        ],
      },
      [xs, ...series.map((line) => line.values)] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [weekStarts, series, range]);
  return <div ref={box} role="img" aria-label={`${title} chart; the figures are in the table below`} className="w-full min-w-0" />;
}

function shortDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-PH', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
