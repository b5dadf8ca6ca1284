// One analytics chart: weekly series drawn by uPlot (small, canvas, made for time series), as wide as its card
// and redrawn when the card resizes. The canvas is a picture for sighted members; the same figures are in the
// table under each chart (AnalyticsTable), which screen readers read instead.
//
// The last week is the week in progress (the server says how many of its days have begun): drawn like the others it
// would show every line dropping at the end. Complete weeks are solid lines; the week in progress is a dashed last
// segment to a hollow point at its pace so far (a count x 7 / days begun; an average as it is), and the legend says
// what the dashed segment is.
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { weeklyPace } from '../../../common/analytics.ts';

export interface ChartSeries {
  label: string;
  color: string;
  values: (number | null)[];
}

/** The week in progress, the last of the chart's weeks: how many of its days have begun, and how to scale it. */
export interface WeekSoFar {
  days: number;
  /** Counts are scaled to a week's pace; averages (ratings) are drawn as they are. */
  kind: 'count' | 'average';
}

const HEIGHT = 200;
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];
const DASH = [6, 4];

/** The solid series (complete weeks) and the dashed one (last complete week to the week in progress) of a line. */
export function splitSeries(
  values: (number | null)[],
  soFar: WeekSoFar | null,
): { solid: (number | null)[]; dashed: (number | null)[] | null } {
  if (!soFar || values.length === 0) return { solid: values, dashed: null };
  const last = values.length - 1;
  const current = values[last] ?? null;
  const solid = values.map((value, i) => (i === last ? null : value));
  const dashed = values.map(() => null as number | null);
  if (last > 0) dashed[last - 1] = values[last - 1] ?? null;
  dashed[last] = current === null ? null : soFar.kind === 'count' ? weeklyPace(current, soFar.days) : current;
  return { solid, dashed };
}

export function WeekChart({
  title,
  weekStarts,
  series,
  range,
  soFar,
}: {
  title: string;
  weekStarts: string[];
  series: ChartSeries[];
  range?: [number, number];
  soFar: WeekSoFar | null;
}) {
  const box = useRef<HTMLDivElement>(null);
  const lines = useMemo(() => series.map((line) => ({ ...line, ...splitSeries(line.values, soFar) })), [series, soFar]);
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
        scales: {
          x: { time: true },
          y: range ? { range } : { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.15))] },
        },
        axes: [
          // One tick per week, labelled with its Monday.
          {
            stroke: '#57534e',
            grid: { stroke: '#e7e5e4' },
            splits: () => xs,
            values: (_u, ticks) => ticks.map((tick) => shortDate(tick)),
          },
          // Counts are whole numbers: whole-number steps only.
          { stroke: '#57534e', grid: { stroke: '#e7e5e4' }, size: 44, incrs: WHOLE_STEPS },
        ],
        // The legend is ours, under the chart (it names the dashed segment too).
        legend: { show: false },
        cursor: { points: { size: 6 } },
        series: [
          {},
          ...lines.flatMap((line) => [
            {
              label: line.label,
              stroke: line.color,
              width: 2,
              spanGaps: true,
              points: { show: true, size: 5, fill: line.color },
            },
            ...(line.dashed
              ? [
                  {
                    label: `${line.label} (this week so far)`,
                    stroke: line.color,
                    width: 2,
                    dash: DASH,
                    spanGaps: false,
                    points: { show: true, size: 7, fill: '#ffffff', stroke: line.color },
                  },
                ]
              : []),
          ]),
        ],
      },
      [xs, ...lines.flatMap((line) => (line.dashed ? [line.solid, line.dashed] : [line.solid]))] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [weekStarts, lines, range]);
  return (
    <div className="grid gap-2">
      <div
        ref={box}
        role="img"
        aria-label={`${title} chart; the figures are in the table below`}
        className="w-full min-w-0"
      />
      <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-ink-700" aria-label={`${title}: legend`}>
        {series.map((line) => (
          <li key={line.label} className="inline-flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="inline-block h-0.5 w-4 rounded"
              style={{ backgroundColor: line.color }}
            />
            {line.label}
          </li>
        ))}
        {soFar ? (
          <li className="inline-flex items-center gap-1.5">
            <svg aria-hidden="true" width="22" height="8" viewBox="0 0 22 8">
              <line x1="0" y1="4" x2="15" y2="4" stroke="#57534e" strokeWidth="2" strokeDasharray="4 3" />
              <circle cx="18" cy="4" r="3" fill="#ffffff" stroke="#57534e" strokeWidth="1.5" />
            </svg>
            {soFar.kind === 'count' ? 'This week so far, at its weekly pace' : 'This week so far'}
          </li>
        ) : null}
      </ul>
    </div>
  );
}

function shortDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-PH', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}
