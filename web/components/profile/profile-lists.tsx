// The profile's list tabs (spec, "Profile: /profile and /profile/{userSlug}"): givers, given and received
// recognitions, and reviews, each newest first with its heading, a skeleton of 6 rows while loading, the spec's empty
// text, and "Show more" for the pages after the first 50. Every name links to that member's profile. A recognition
// tab leads on to the member's whole history of that kind (/stars, /flowers, /medals or /red-flags) and to its
// transactions: the tab shows only to whom the profile shows it, and the server checks those screens again. The
// review cards' code (with their reply and report parts) is not part of the profile's first load: it loads when a
// reviews tab opens, beside the tab's first page. A review or gift that follows a visit carries the Verified visit
// badge, and a list that shows one says under its heading what it means.
import { Link } from '@tanstack/react-router';
import { Suspense, useEffect, type ReactNode } from 'react';
import type { GivenRecord, Giver, ReceivedRecord, Review } from '../../../common/profile.ts';
import type { Role } from '../../../common/roles.ts';
import type { TransactionType } from '../../../common/recognition.ts';
import { cn } from '../../lib/cn.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { LIST_QUERY } from '../../lib/profile-queries.ts';
import { trpc } from '../../trpc.ts';
import { Button, buttonClasses } from '../ui/button.tsx';
import { VerifiedVisitLegend } from '../visits/verified-visit.tsx';
import { MemberBadge } from './member-badge.tsx';

const ReviewCard = lazyComponent(() => import('../reviews/review-card.tsx').then((module) => module.ReviewCard));

export const SKELETON_ROWS = 6;

export function ListSkeleton({ rows = SKELETON_ROWS, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <ul aria-label={label} aria-busy="true" className="grid grid-cols-1 gap-2">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} data-testid="skeleton" className="h-14 animate-pulse rounded-2xl bg-sand-100" />
      ))}
    </ul>
  );
}

export function TabHeading({ children }: { children: ReactNode }) {
  return <h3 className="font-display text-lg font-semibold text-ink-900">{children}</h3>;
}

export function EmptyText({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-sand-300 bg-white px-4 py-6 text-center text-sm text-ink-700">
      {children}
    </p>
  );
}

interface InfiniteResult<T> {
  data?: { pages: { items: T[] }[] };
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

function PagedList<T extends { id: number; verifiedVisit: boolean }>({
  query,
  heading,
  empty,
  filter,
  render,
  footer,
}: {
  query: InfiniteResult<T>;
  heading: string;
  empty: string;
  filter?: (item: T) => boolean;
  render: (item: T) => ReactNode;
  footer?: ReactNode;
}) {
  const items = (query.data?.pages.flatMap((page) => page.items) ?? []).filter(filter ?? (() => true));
  const list = (
    <section aria-label={heading} className="grid grid-cols-1 gap-3">
      <TabHeading>{heading}</TabHeading>
      {items.some((item) => item.verifiedVisit) ? <VerifiedVisitLegend /> : null}
      {query.isPending ? (
        <ListSkeleton label={`Loading ${heading}`} />
      ) : query.isError ? (
        <div className="grid justify-items-center gap-3">
          <EmptyText>We couldn't load this list. Please try again.</EmptyText>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </div>
      ) : items.length === 0 && !query.hasNextPage ? (
        <EmptyText>{empty}</EmptyText>
      ) : (
        <Suspense fallback={<ListSkeleton label={`Loading ${heading}`} />}>
          <ul className="grid grid-cols-1 gap-2">
            {items.map((item) => (
              <li key={item.id}>{render(item)}</li>
            ))}
          </ul>
        </Suspense>
      )}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
          className="justify-self-center"
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Show more'}
        </Button>
      ) : null}
    </section>
  );
  // The links after a list stand outside its region, which holds only the list's own rows (loaded or not).
  if (!footer) return list;
  return (
    <div className="grid grid-cols-1 gap-3">
      {list}
      {footer}
    </div>
  );
}

/** The history screens of each kind: its page (a client's gifts given, anyone else's received) and its transactions. */
const HISTORIES = {
  stars: { page: '/stars/$userSlug', pageLabel: 'See all stars', historyLabel: 'Star History' },
  flowers: { page: '/flowers/$userSlug', pageLabel: 'See all flowers', historyLabel: 'Flower History' },
  medals: { page: '/medals/$userSlug', pageLabel: 'See all medals', historyLabel: 'Medal History' },
  'red-flags': { page: '/red-flags/$userSlug', pageLabel: 'See all red flags', historyLabel: 'Red Flag History' },
} as const satisfies Record<TransactionType, { page: string; pageLabel: string; historyLabel: string }>;

function HistoryLinks({ type, slug }: { type: TransactionType; slug: string }) {
  const { page, pageLabel, historyLabel } = HISTORIES[type];
  const linkClasses = buttonClasses('outline', 'sm', 'min-h-11');
  return (
    <nav aria-label={`${historyLabel} links`} className="flex flex-wrap gap-2">
      <Link to={page} params={{ userSlug: slug }} className={linkClasses}>
        {pageLabel}
      </Link>
      <Link to="/transactions/$userSlug/$type" params={{ userSlug: slug, type }} className={linkClasses}>
        {historyLabel}
      </Link>
    </nav>
  );
}

const pageOptions = {
  ...LIST_QUERY,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
};

/** The member a recognition list is about, and where its history screens are. */
interface MemberRef {
  userId: number;
  slug: string;
}

export function GiversList({ userId, slug, kind }: MemberRef & { kind: 'flowers' | 'stars' }) {
  const input = { target: { userId } };
  const flowers = trpc.profiles.flowerGivers.useInfiniteQuery(input, { ...pageOptions, enabled: kind === 'flowers' });
  const stars = trpc.profiles.starGivers.useInfiniteQuery(input, { ...pageOptions, enabled: kind === 'stars' });
  return (
    <PagedList<Giver>
      query={kind === 'flowers' ? flowers : stars}
      heading={kind === 'flowers' ? 'Flower Givers' : 'Star Givers'}
      empty={kind === 'flowers' ? 'No flowers received yet.' : 'No stars received yet'}
      render={(giver) => (
        <MemberBadge
          member={{ id: giver.giverId, name: giver.giverName, slug: giver.giverSlug }}
          date={giver.createdAt}
          verifiedVisit={giver.verifiedVisit}
        />
      )}
      footer={<HistoryLinks type={kind} slug={slug} />}
    />
  );
}

export function GivenList({ userId, slug, kind }: MemberRef & { kind: 'stars' | 'flowers' }) {
  const input = { target: { userId } };
  const stars = trpc.profiles.starsGiven.useInfiniteQuery(input, { ...pageOptions, enabled: kind === 'stars' });
  const flowers = trpc.profiles.flowersGiven.useInfiniteQuery(input, { ...pageOptions, enabled: kind === 'flowers' });
  return (
    <PagedList<GivenRecord>
      query={kind === 'stars' ? stars : flowers}
      heading={kind === 'stars' ? 'Stars Given' : 'Flowers Given'}
      empty={kind === 'stars' ? 'No star transactions yet.' : 'No flower transactions yet.'}
      render={(record) => (
        <MemberBadge
          member={record.recipient}
          date={record.createdAt}
          detail={record.reason}
          verifiedVisit={record.verifiedVisit}
        />
      )}
      footer={<HistoryLinks type={kind} slug={slug} />}
    />
  );
}

export function ReceivedList({ userId, slug, kind }: MemberRef & { kind: 'medals' | 'redFlags' }) {
  const input = { target: { userId } };
  const medals = trpc.profiles.medals.useInfiniteQuery(input, { ...pageOptions, enabled: kind === 'medals' });
  const redFlags = trpc.profiles.redFlags.useInfiniteQuery(input, { ...pageOptions, enabled: kind === 'redFlags' });
  return (
    <PagedList<ReceivedRecord>
      query={kind === 'medals' ? medals : redFlags}
      heading={kind === 'medals' ? 'Medals Received' : 'Red Flags Received'}
      empty={kind === 'medals' ? 'No medals received yet.' : 'No red flags received yet.'}
      render={(record) => (
        <MemberBadge
          member={record.giver}
          date={record.createdAt}
          detail={record.reason}
          verifiedVisit={record.verifiedVisit}
        />
      )}
      footer={<HistoryLinks type={kind === 'medals' ? 'medals' : 'red-flags'} slug={slug} />}
    />
  );
}

/** Medals a spa has awarded, on its About tab. */
export function MedalsAwardedList({ userId }: { userId: number }) {
  const query = trpc.profiles.medalsAwarded.useInfiniteQuery({ target: { userId } }, pageOptions);
  return (
    <PagedList<GivenRecord>
      query={query}
      heading="Medals Awarded"
      empty="No medals awarded yet."
      render={(record) => (
        <MemberBadge
          member={record.recipient}
          date={record.createdAt}
          detail={record.reason}
          verifiedVisit={record.verifiedVisit}
        />
      )}
    />
  );
}

/**
 * Reviews tab: a client's own reviews split by the reviewed member's role (Spas Reviewed / Therapists
 * Reviewed, one query shared by both tabs); for other roles, the reviews they received.
 */
export function ReviewsList({ userId, show }: { userId: number; show: 'received' | 'spas' | 'therapists' }) {
  const input = { target: { userId } };
  const made = trpc.profiles.reviewsMade.useInfiniteQuery(input, { ...pageOptions, enabled: show !== 'received' });
  const received = trpc.profiles.reviewsReceived.useInfiniteQuery(input, {
    ...pageOptions,
    enabled: show === 'received',
  });
  // A failure shows when the cards render (the profile's error view); the preload only starts the load early.
  useEffect(() => void ReviewCard.preload().catch(() => undefined), []);
  if (show === 'received') {
    return (
      <PagedList<Review>
        query={received}
        heading="Reviews"
        empty="No reviews yet."
        render={(review) => <ReviewCard review={review} by="reviewer" />}
      />
    );
  }
  const role: Role = show === 'spas' ? 'spa_management' : 'therapist';
  return (
    <PagedList<Review>
      query={made}
      heading={show === 'spas' ? 'Spas Reviewed' : 'Therapists Reviewed'}
      empty={show === 'spas' ? 'No spa reviews yet.' : 'No therapist reviews yet.'}
      filter={(review) => review.targetUser.role === role}
      render={(review) => <ReviewCard review={review} by="target" />}
    />
  );
}

export function CountBadge({ count, className }: { count: number | null | undefined; className?: string }) {
  if (count === null || count === undefined) return null;
  return (
    <span
      className={cn(
        'ml-1.5 inline-flex min-w-6 items-center justify-center rounded-full bg-black/10 px-1.5 text-xs font-semibold',
        className,
      )}
    >
      {count}
    </span>
  );
}
