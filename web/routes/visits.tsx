// /visits: a client's own visits, newest first (the spa linked to its profile, the therapist they named, the day), a
// page at a time, and the way to record one. With none yet, the screen says how a visit is recorded. Other roles
// record no visits: the screen says so.
import { Link } from '@tanstack/react-router';
import { VERIFIED_VISIT_DAYS, VISIT_TEXTS } from '../../common/visits.ts';
import { Avatar } from '../components/avatar.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { MemberName } from '../components/member-name.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { formatDate, formatTime } from '../lib/format.ts';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

export function VisitsPage() {
  const session = useSessionUser();
  if (session.isPending) return <LoadingView />;
  if (session.data?.role !== 'client') {
    return (
      <PageShell title="My visits" back="/profile">
        <NoticePanel>{VISIT_TEXTS.onlyClientsRecord}</NoticePanel>
      </PageShell>
    );
  }
  return <VisitsScreen />;
}

const recordLink = buttonClasses('primary', 'sm', 'min-h-11');

function VisitsScreen() {
  const visits = trpc.visits.mine.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const items = visits.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <PageShell
      title="My visits"
      back="/profile"
      actions={
        <Link to="/visits/new" className={recordLink}>
          Record a visit
        </Link>
      }
    >
      {visits.isPending ? (
        <LoadingView inline label="Loading your visits..." />
      ) : visits.isError ? (
        <NoticePanel action={<Button onClick={() => void visits.refetch()}>Try Again</Button>}>
          Your visits could not be loaded.
        </NoticePanel>
      ) : items.length === 0 ? (
        <NoticePanel
          action={
            <Link to="/visits/new" className={recordLink}>
              Record a visit
            </Link>
          }
        >
          No visits recorded yet. At the spa, ask for its visit code: scan its QR code with your phone, or type the six
          digits in Record a visit. A review, star or flower you give the spa or its therapists within{' '}
          {VERIFIED_VISIT_DAYS} days of a visit carries a Verified visit badge.
        </NoticePanel>
      ) : (
        <section aria-labelledby="visits-heading" className="grid grid-cols-1 gap-3">
          <h2 id="visits-heading" className="font-display text-lg font-semibold text-ink-900">
            Visits
          </h2>
          <ul className="grid grid-cols-1 gap-2">
            {items.map((visit) => (
              <li
                key={visit.id}
                className="flex min-w-0 items-center gap-3 rounded-2xl border border-sand-200 bg-white p-3 shadow-sm"
              >
                <Avatar name={visit.spaName} picture={null} role="spa_management" size={40} />
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <Link
                    to="/spa/$userSlug"
                    params={{ userSlug: visit.spaSlug }}
                    className="flex min-h-11 min-w-0 items-center font-semibold text-ink-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <MemberName name={visit.spaName} className="min-w-0" />
                  </Link>
                  {visit.therapistName ? (
                    <p className="text-sm text-ink-800 [overflow-wrap:anywhere]">with {visit.therapistName}</p>
                  ) : null}
                  <p className="text-xs text-ink-700">
                    <time dateTime={new Date(visit.visitedAt).toISOString()}>
                      {formatDate(visit.visitedAt)}, {formatTime(visit.visitedAt)}
                    </time>
                  </p>
                </div>
              </li>
            ))}
          </ul>
          {visits.hasNextPage ? (
            <Button
              variant="outline"
              onClick={() => void visits.fetchNextPage()}
              disabled={visits.isFetchingNextPage}
              className="justify-self-center"
            >
              {visits.isFetchingNextPage ? 'Loading...' : 'Show more'}
            </Button>
          ) : null}
        </section>
      )}
    </PageShell>
  );
}
