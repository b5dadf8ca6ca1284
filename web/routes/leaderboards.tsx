// The leaderboards (spec, "Leaderboards (/leaderboards, labelled Top 10)" and "States and transitions"): seven tabs
// loaded lazily on first visit (Top Therapists also fetches Top Spas, then Top Clients 0.5 s later), the timeframe
// selector (rolling weekly, monthly by default, yearly, all-time), and the Summary Statistics card with the window's
// real figures. Under the counts, a note says which gifts the boards leave out (so a board may show less than a
// profile). Problem Clients is shown only to spa management, therapists and admins. Reachable signed out.
import { useEffect, useState } from 'react';
import { formatCount } from '../../common/count.ts';
import { BOARD_MEDALS_PREFETCH_DELAY_MS } from '../../common/limits.ts';
import {
  BOARD_COUNTING_NOTE,
  BOARD_LABELS,
  BOARDS,
  DEFAULT_TIMEFRAME,
  mayViewRedFlags,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
  type Board,
  type Timeframe,
} from '../../common/recognition.ts';
import { Avatar } from '../components/avatar.tsx';
import { MemberName } from '../components/member-name.tsx';
import { Rating } from '../components/rating.tsx';
import { TrophyIcon } from '../components/icons.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Tabs } from '../components/ui/tabs.tsx';
import { Link } from '@tanstack/react-router';
import { cn } from '../lib/cn.ts';
import { useSessionUser } from '../lib/session.ts';
import { trpc, type RouterOutputs } from '../trpc.ts';
import type { BoardFigure } from '../../common/leaderboard-output.ts';

/** The figures each board shows, in order, with their labels (spec, "Entities and their fields"). */
const FIGURES: Record<Board, [key: BoardFigure, label: string][]> = {
  therapists: [
    ['totalFlowersReceived', 'Flowers received'],
    ['clientsServed', 'Clients'],
  ],
  spas: [
    ['totalStarsReceived', 'Stars received'],
    ['clientsWhoRated', 'Clients who rated'],
    ['averageRating', 'Rating'],
  ],
  clients: [['totalReceived', 'Medals received']],
  'flower-givers': [
    ['totalGiven', 'Flowers given'],
    ['therapistsAppreciated', 'Therapists'],
  ],
  'star-givers': [['totalGiven', 'Stars given']],
  'medal-givers': [
    ['medalsGiven', 'Medals given'],
    ['clientsRewarded', 'Clients'],
  ],
  problems: [
    ['totalRedFlags', 'Red flags'],
    ['flaggedBy', 'Flagged by'],
  ],
};

const ROLE_OF: Record<Board, 'client' | 'therapist' | 'spa_management'> = {
  therapists: 'therapist',
  spas: 'spa_management',
  clients: 'client',
  'flower-givers': 'client',
  'star-givers': 'client',
  'medal-givers': 'spa_management',
  problems: 'client',
};

export function LeaderboardsPage() {
  const { data: me } = useSessionUser();
  const [timeframe, setTimeframe] = useState<Timeframe>(DEFAULT_TIMEFRAME);
  const [tab, setTab] = useState<Board>('therapists');
  const [visited, setVisited] = useState<ReadonlySet<Board>>(() => new Set<Board>(['therapists', 'spas']));
  const boards = BOARDS.filter((board) => board !== 'problems' || mayViewRedFlags(me?.role));

  // The spec's prefetch order: Top Therapists brings Top Spas along, then Top Clients after 0.5 s.
  useEffect(() => {
    const timer = setTimeout(
      () => setVisited((current) => new Set([...current, 'clients'])),
      BOARD_MEDALS_PREFETCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, []);

  return (
    <PageShell title="Top 10 Leaderboards" back="history">
      <div className="grid gap-5">
        <div role="radiogroup" aria-label="Timeframe" className="grid grid-cols-4 gap-1 rounded-full bg-sand-100 p-1">
          {TIMEFRAMES.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={timeframe === value}
              onClick={() => setTimeframe(value)}
              className={cn(
                'min-h-11 rounded-full px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
                timeframe === value ? 'bg-white text-ink-900 shadow-sm' : 'text-ink-700',
              )}
            >
              {TIMEFRAME_LABELS[value]}
            </button>
          ))}
        </div>
        <SummaryCard timeframe={timeframe} />
        <Tabs
          label="Leaderboards"
          value={tab}
          onValueChange={(next) => {
            setTab(next);
            setVisited((current) => new Set([...current, next]));
          }}
          items={boards.map((board) => ({
            value: board,
            label: BOARD_LABELS[board],
            content: <BoardList board={board} timeframe={timeframe} enabled={visited.has(board)} />,
          }))}
        />
        <p className="text-xs text-ink-600">{BOARD_COUNTING_NOTE}</p>
      </div>
    </PageShell>
  );
}

function SummaryCard({ timeframe }: { timeframe: Timeframe }) {
  const summary = trpc.leaderboards.summary.useQuery({ timeframe });
  const figures: [label: string, value: number | undefined][] = [
    [timeframe === 'all-time' ? 'Members' : 'New members', summary.data?.members],
    ['Reviews', summary.data?.reviews],
    ['Flowers given', summary.data?.flowers],
    ['Stars given', summary.data?.stars],
  ];
  return (
    <section aria-labelledby="summary-title" className="rounded-3xl border border-sand-200 bg-white p-4 shadow-sm">
      <h2 id="summary-title" className="font-display text-lg font-semibold text-ink-900">
        Summary Statistics
      </h2>
      <p className="text-xs text-ink-600">
        {TIMEFRAME_LABELS[timeframe]}
        {timeframe === 'all-time' ? '' : ` (last ${{ weekly: 7, monthly: 30, yearly: 365 }[timeframe]} days)`}
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-2xl bg-sand-50 px-3 py-2">
            <dt className="text-xs text-ink-700">{label}</dt>
            <dd className="font-display text-2xl font-semibold text-ink-900">
              {value === undefined ? '–' : formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function BoardList({ board, timeframe, enabled }: { board: Board; timeframe: Timeframe; enabled: boolean }) {
  const query = trpc.leaderboards.board.useQuery({ board, timeframe }, { enabled });
  if (!enabled || query.isPending) return <LoadingView label="Loading leaderboard..." />;
  if (query.isError)
    return <NoticePanel>{query.error.message || 'The leaderboard could not be loaded. Please try again.'}</NoticePanel>;
  if (query.data.entries.length === 0)
    return <NoticePanel icon={<TrophyIcon size={28} />}>Nobody on this board for this timeframe yet.</NoticePanel>;
  return (
    <ol className="grid gap-2" aria-label={`${BOARD_LABELS[board]}, ${TIMEFRAME_LABELS[timeframe]}`}>
      {query.data.entries.map((entry) => (
        <BoardRow key={entry.userId} board={board} entry={entry} />
      ))}
    </ol>
  );
}

type BoardEntry = RouterOutputs['leaderboards']['board']['entries'][number];

function BoardRow({ board, entry }: { board: Board; entry: BoardEntry }) {
  return (
    <li className="relative flex items-center gap-3 rounded-2xl border border-sand-200 bg-white p-3 shadow-sm has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-brand-600">
      <span
        className={cn(
          'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold',
          entry.rank <= 3 ? 'bg-amber-100 text-amber-900' : 'bg-sand-100 text-ink-800',
        )}
        aria-label={`Rank ${entry.rank}`}
      >
        {entry.rank}
      </span>
      <Avatar name={entry.name} picture={entry.profilePic} role={ROLE_OF[board]} size={40} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        {/* The name is the row's link, and the whole row is its target (at least 24 px tall on its
            own, the row's 64 px through the stretched ::after). */}
        <Link
          to="/profile/$userSlug"
          params={{ userSlug: entry.slug }}
          className="flex min-h-6 min-w-0 items-center text-sm font-semibold text-ink-900 outline-none after:absolute after:inset-0 after:rounded-2xl hover:underline"
        >
          <MemberName name={entry.name} className="relative z-10" />
        </Link>
        <dl className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-ink-700">
          {FIGURES[board].map(([key, label]) =>
            key === 'averageRating' ? (
              // The spa's rating in the one form every screen shows it (components/rating.tsx).
              <div key={key} className="flex gap-1">
                <dt className="sr-only">{label}</dt>
                <dd>
                  <Rating
                    average={entry.averageRating === null ? null : Number(entry.averageRating)}
                    count={Number(entry.reviewCount ?? 0)}
                  />
                </dd>
              </div>
            ) : (
              <div key={key} className="flex gap-1">
                <dt>{label}</dt>
                <dd className="font-semibold text-ink-900">{entry[key] === null ? '–' : String(entry[key])}</dd>
              </div>
            ),
          )}
        </dl>
      </div>
    </li>
  );
}
