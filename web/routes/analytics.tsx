// /analytics (beyond the spec): a spa manager's analytics of their own spa, reached from their profile. Totals for the
// period (with the change against the previous period for premium), then charts week by week: how members found the
// spa (profile views, the visits clients recorded with the spa's code, map popup opens, Call and Navigate taps), what
// they gave back (reviews, stars, the lineup's flowers) and the average of each sub-rating. Every spa manager sees the
// last 4 weeks; premium sees 12 weeks, the comparison and the CSV export, Premium Pro a year (the server refuses the
// rest to anyone else). The chart library loads with this screen only. The week in progress is shown apart from
// complete weeks: a dashed segment at its weekly pace and "This week so far: N (3 of 7 days)".
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import {
  ANALYTICS_FREE_WEEKS,
  ANALYTICS_MAX_WEEKS,
  ANALYTICS_PREMIUM_WEEKS,
  ANALYTICS_TEXTS,
  COUNT_LABELS,
  RATING_LABELS,
  SUB_RATING_KEYS,
  totalOf,
  WEEK_COUNTS,
  type AnalyticsAnswer,
  type AnalyticsWeek,
  type WeekCount,
  type WeekInProgress,
} from '../../common/analytics.ts';
import { WeekChart, type ChartSeries } from '../components/analytics/week-chart.tsx';
import { CrownIcon } from '../components/icons.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { toast } from '../components/ui/use-toast.ts';
import { cn } from '../lib/cn.ts';
import { serverMessage } from '../lib/errors.ts';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

/** One colour for each line of a chart (the longest, How members found you, has five). */
const COLORS = ['#b45309', '#0f766e', '#1d4ed8', '#be185d', '#6d28d9'];

const CHARTS: { title: string; keys: WeekCount[] }[] = [
  { title: 'How members found you', keys: ['profileViews', 'visits', 'popupOpens', 'callTaps', 'navigateTaps'] },
  { title: 'Reviews and recognition', keys: ['reviews', 'stars', 'flowers'] },
];

export function AnalyticsPage() {
  const session = useSessionUser();
  if (session.isPending) return <LoadingView />;
  if (session.data?.role !== 'spa_management') {
    return (
      <PageShell title="Analytics" back="/profile">
        <NoticePanel>{ANALYTICS_TEXTS.onlySpas}</NoticePanel>
      </PageShell>
    );
  }
  return <AnalyticsScreen premium={session.data.isPremium} />;
}

function AnalyticsScreen({ premium }: { premium: boolean }) {
  const [weeks, setWeeks] = useState(ANALYTICS_FREE_WEEKS);
  const compare = premium;
  const report = trpc.analytics.report.useQuery({ weeks, compare }, { placeholderData: (previous) => previous });
  return (
    <PageShell title="Analytics" back="/profile" actions={premium ? <ExportButton weeks={weeks} /> : undefined}>
      <div className="grid grid-cols-1 gap-4">
        <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
          {[ANALYTICS_FREE_WEEKS, ANALYTICS_PREMIUM_WEEKS, ANALYTICS_MAX_WEEKS].map((option) => {
            // The server says how far this member may look back (a year is Premium Pro).
            const locked =
              option > (report.data?.maxWeeks ?? (premium ? ANALYTICS_PREMIUM_WEEKS : ANALYTICS_FREE_WEEKS));
            return (
              <button
                key={option}
                type="button"
                aria-pressed={weeks === option}
                disabled={locked}
                onClick={() => setWeeks(option)}
                className={cn(
                  'inline-flex min-h-11 items-center gap-1.5 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
                  weeks === option ? 'bg-brand-700 text-white' : 'border border-sand-300 bg-white text-ink-800',
                  locked && 'text-ink-600',
                )}
              >
                {locked ? <CrownIcon size={14} aria-hidden="true" /> : null}
                Last {option} weeks
              </button>
            );
          })}
        </div>
        {!premium ? <PremiumNote /> : null}
        {report.isError ? (
          <NoticePanel
            action={
              <Button variant="outline" onClick={() => void report.refetch()}>
                Try Again
              </Button>
            }
          >
            {serverMessage(report.error, 'We could not load your analytics. Please try again.')}
          </NoticePanel>
        ) : !report.data ? (
          <div role="status" aria-busy="true" aria-label="Loading analytics" className="grid gap-4">
            <div className="h-28 animate-pulse rounded-2xl bg-sand-100" />
            <div className="h-64 animate-pulse rounded-2xl bg-sand-100" />
          </div>
        ) : (
          <Report answer={report.data} />
        )}
      </div>
    </PageShell>
  );
}

function PremiumNote() {
  return (
    // The way to Premium is a button of its own under the note (a 44 px target, not a 16 px link).
    <div className="grid justify-items-start gap-2 rounded-2xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p>{ANALYTICS_TEXTS.premiumRequired}</p>
      <Link
        to="/premium"
        className="inline-flex min-h-11 items-center rounded-full bg-amber-900 px-5 font-semibold text-white hover:bg-amber-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        See Premium
      </Link>
    </div>
  );
}

/** The week in progress when it is the last week shown (the server says which week it is and how far it has got). */
function weekSoFar(answer: AnalyticsAnswer): WeekInProgress | null {
  return answer.weeks.at(-1)?.weekStart === answer.thisWeek.weekStart ? answer.thisWeek : null;
}

const daysText = (days: number) => `${days} of 7 ${days === 1 ? 'day' : 'days'}`;

function Report({ answer }: { answer: AnalyticsAnswer }) {
  const weekStarts = useMemo(() => answer.weeks.map((week) => week.weekStart), [answer.weeks]);
  const current = weekSoFar(answer);
  const charts = useMemo(
    () => [
      ...CHARTS.map((chart) => ({
        title: chart.title,
        series: chart.keys.map((key, i): ChartSeries => ({
          label: COUNT_LABELS[key],
          color: COLORS[i]!,
          values: answer.weeks.map((week) => week[key]),
        })),
        range: undefined,
        kind: 'count' as const,
      })),
      {
        title: 'Average ratings (out of 10)',
        series: SUB_RATING_KEYS.map((key, i): ChartSeries => ({
          label: RATING_LABELS[key],
          color: COLORS[i]!,
          values: answer.weeks.map((week) => week.ratings[key]),
        })),
        range: [0, 10] as [number, number],
        kind: 'average' as const,
      },
    ],
    [answer.weeks],
  );
  const days = current?.days ?? null;
  const soFar = useMemo(
    () => ({
      count: days === null ? null : { days, kind: 'count' as const },
      average: days === null ? null : { days, kind: 'average' as const },
    }),
    [days],
  );
  return (
    <>
      <Totals weeks={answer.weeks} previous={answer.previous} current={current} />
      {current ? (
        <p
          className="rounded-2xl border border-sand-200 bg-white px-4 py-3 text-sm text-ink-800"
          data-testid="week-so-far-note"
        >
          This week is {daysText(current.days)} old. Its figures are a week so far, not a whole week: the charts draw it
          apart, as a dashed last segment at its weekly pace (its count × 7 ÷ {current.days}).
        </p>
      ) : null}
      {charts.map((chart) => (
        <section
          key={chart.title}
          aria-label={chart.title}
          className="grid min-w-0 grid-cols-1 gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
        >
          <h2 className="font-display text-lg font-semibold text-ink-900">{chart.title}</h2>
          <WeekChart
            title={chart.title}
            weekStarts={weekStarts}
            series={chart.series}
            range={chart.range}
            soFar={soFar[chart.kind]}
          />
          {current ? <SoFarLine series={chart.series} days={current.days} kind={chart.kind} /> : null}
          <AnalyticsTable weeks={answer.weeks} series={chart.series} caption={chart.title} current={current} />
        </section>
      ))}
    </>
  );
}

/** "This week so far: N (3 of 7 days)" for each line of a chart: the week in progress as what it is. */
function SoFarLine({ series, days, kind }: { series: ChartSeries[]; days: number; kind: 'count' | 'average' }) {
  return (
    <p className="text-sm text-ink-800">
      <span className="font-semibold">This week so far ({daysText(days)}):</span>{' '}
      {series
        .map((line) => {
          const value = line.values.at(-1) ?? null;
          return `${line.label} ${value === null ? (kind === 'average' ? 'no reviews yet' : '0') : value}`;
        })
        .join(' · ')}
    </p>
  );
}

function Totals({
  weeks,
  previous,
  current,
}: {
  weeks: AnalyticsWeek[];
  previous: AnalyticsWeek[] | null;
  current: WeekInProgress | null;
}) {
  const keys = WEEK_COUNTS;
  // The change compares complete weeks only: the period's weeks but the one in progress, against as many weeks just
  // before them, so a week that has only begun does not read as a fall.
  const complete = current ? weeks.slice(0, -1) : weeks;
  const before = previous ? previous.slice(previous.length - complete.length) : null;
  return (
    <section aria-label="Totals" className="grid grid-cols-2 gap-2">
      {keys.map((key) => {
        const total = totalOf(weeks, key);
        const changeNow = totalOf(complete, key);
        const changeBefore = before && complete.length > 0 ? totalOf(before, key) : null;
        return (
          <div key={key} className="grid gap-0.5 rounded-2xl border border-sand-200 bg-white px-3 py-2.5 shadow-sm">
            <span className="text-xs font-medium text-ink-700">{COUNT_LABELS[key]}</span>
            <span className="font-display text-2xl font-semibold text-ink-900">{total}</span>
            {changeBefore !== null ? <Change now={changeNow} before={changeBefore} /> : null}
          </div>
        );
      })}
      {before && current ? (
        <p className="col-span-2 text-xs text-ink-700">
          Totals include this week so far; the change compares the {complete.length} complete{' '}
          {complete.length === 1 ? 'week' : 'weeks'} with the {complete.length} before them.
        </p>
      ) : null}
    </section>
  );
}

/** The change against the previous period of the same length. */
function Change({ now, before }: { now: number; before: number }) {
  const difference = now - before;
  const text =
    difference === 0
      ? 'Same as the previous period'
      : before === 0
        ? `+${difference} from none in the previous period`
        : `${difference > 0 ? '+' : '−'}${Math.round((Math.abs(difference) / before) * 100)}% vs the previous period`;
  return (
    <span
      className={cn(
        'text-xs font-semibold',
        difference > 0 ? 'text-emerald-800' : difference < 0 ? 'text-red-800' : 'text-ink-700',
      )}
    >
      {text}
    </span>
  );
}

function AnalyticsTable({
  weeks,
  series,
  caption,
  current,
}: {
  weeks: AnalyticsWeek[];
  series: ChartSeries[];
  caption: string;
  current: WeekInProgress | null;
}) {
  return (
    <details className="text-sm">
      <summary className="min-h-11 cursor-pointer py-2.5 font-semibold text-brand-800">Show the figures</summary>
      {/* A wide table scrolls sideways inside its card; the keyboard can reach and scroll it too. */}
      <div
        className="overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600"
        tabIndex={0}
        role="group"
        aria-label={`${caption}, week by week`}
      >
        <table className="w-full text-left text-xs">
          <caption className="sr-only">{caption}, week by week</caption>
          <thead>
            <tr className="border-b border-sand-200">
              <th scope="col" className="py-1.5 pr-2 font-semibold">
                Week of
              </th>
              {series.map((line) => (
                <th key={line.label} scope="col" className="px-1 py-1.5 text-right font-semibold">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week, row) => (
              <tr key={week.weekStart} className="border-b border-sand-100">
                <th scope="row" className="py-1.5 pr-2 font-medium whitespace-nowrap">
                  {week.weekStart}
                  {current && row === weeks.length - 1 ? (
                    <span className="block text-[11px] font-normal whitespace-normal text-ink-700">
                      so far, {daysText(current.days)}
                    </span>
                  ) : null}
                </th>
                {series.map((line) => (
                  <td key={line.label} className="px-1 py-1.5 text-right">
                    {line.values[row] ?? '–'}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** Premium: the CSV of the weeks shown (GET /api/analytics/export), saved as a file. */
function ExportButton({ weeks }: { weeks: number }) {
  const utils = trpc.useUtils();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const file = await utils.analytics.exportCsv.fetch({ weeks });
      const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = file.filename;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      toast({ variant: 'destructive', title: 'Export failed', description: serverMessage(error, 'Please try again.') });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={() => void download()}
      disabled={busy}
      className={buttonClasses('outline', 'sm', 'min-h-11')}
    >
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  );
}
