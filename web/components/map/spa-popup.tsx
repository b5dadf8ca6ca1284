// The info popup of a spa marker (spec part 1 section 2): thumbnail, else picture, else an S placeholder; the
// uppercase name; the star count, loaded 500 ms after opening (0 in red when that fails); the address; the
// FEATURED LOCATION banner for the focused spa; Profile, Call and Navigate. Beyond the spec: Save to a favourites
// list, the computed rating and whether the spa is open now, the Premium tag of a premium spa, and the spa's
// analytics events (the popup opened, Call and Navigate tapped: POST /api/analytics/events, counted once a day
// per member by the server).
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { MAP_MESSAGES, STAR_COUNT_DELAY_MS, type SpaListingEntry } from '../../../common/map.ts';
import { callSpa, messagingLink } from '../../lib/map/call.ts';
import { cn } from '../../lib/cn.ts';
import { trpc } from '../../trpc.ts';
import { CrownIcon } from '../icons.tsx';
import { SaveButton } from '../favorites/save-button.tsx';
import { Rating } from '../rating.tsx';

function StarCount({ spaId }: { spaId: number }) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), STAR_COUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [spaId]);
  const stars = trpc.profiles.starStats.useQuery({ userId: spaId }, { enabled: due, retry: false });
  if (stars.isError) {
    return (
      <p className="text-sm font-semibold text-red-700" data-testid="star-count">
        <span aria-hidden="true">★</span> 0 <span className="sr-only">stars (could not be loaded)</span>
      </p>
    );
  }
  return (
    <p className="text-sm font-semibold text-amber-700" data-testid="star-count" aria-busy={stars.data === undefined}>
      <span aria-hidden="true">★</span> {stars.data?.received ?? '…'} <span className="text-xs font-medium text-ink-600">stars</span>
    </p>
  );
}

export function SpaThumbnail({ spa, size = 56 }: { spa: SpaListingEntry; size?: number }) {
  const picture = spa.profilePicThumbnail ?? spa.profilePic;
  if (picture) return <img src={picture} alt="" width={size} height={size} className="shrink-0 rounded-xl object-cover" style={{ width: size, height: size }} />;
  return (
    <span aria-hidden="true" style={{ width: size, height: size }} className="flex shrink-0 items-center justify-center rounded-xl bg-red-600 text-2xl font-bold text-white">
      S
    </span>
  );
}

export function SpaFacts({ spa }: { spa: SpaListingEntry }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink-700">
      <Rating average={spa.averageRating} count={spa.reviewCount} />
      {spa.isOpen !== null ? (
        <span className={cn('rounded-full px-2 py-0.5 font-semibold', spa.isOpen ? 'bg-emerald-100 text-emerald-800' : 'bg-sand-200 text-ink-700')}>
          {spa.isOpen ? 'Open now' : 'Closed'}
        </span>
      ) : null}
    </p>
  );
}

/** The mark of a premium spa in the list and the popup (priority listings). */
export function PremiumTag() {
  return (
    <span className="inline-flex shrink-0 items-center gap-0.5 rounded-full bg-amber-100 px-1.5 py-0.5 text-[11px] font-bold text-amber-900">
      <CrownIcon size={12} aria-hidden="true" />
      Premium
    </span>
  );
}

const actionClasses =
  'flex min-h-11 flex-1 items-center justify-center rounded-full px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50';

export function SpaPopupContent({ spa, featured, onNavigate, navigating }: { spa: SpaListingEntry; featured: boolean; onNavigate: () => void; navigating: boolean }) {
  const callable = messagingLink(spa.phone) !== null;
  const record = trpc.analytics.record.useMutation();
  const { mutate } = record;
  useEffect(() => {
    mutate({ spaId: spa.id, event: 'popup_open' });
  }, [spa.id, mutate]);
  return (
    <div className="w-[15.5rem] max-w-full" data-testid="spa-popup">
      {featured ? (
        <p className="mb-2 rounded-lg bg-amber-100 px-2 py-1 text-center text-[11px] font-bold tracking-widest text-amber-900">{MAP_MESSAGES.featured}</p>
      ) : null}
      <div className="flex gap-3">
        <SpaThumbnail spa={spa} />
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 text-sm font-bold tracking-wide break-words text-ink-900 uppercase" title={spa.name} style={{ overflowWrap: 'anywhere' }}>
            {spa.name}
          </h3>
          {spa.isPremium ? <PremiumTag /> : null}
          <StarCount spaId={spa.id} />
        </div>
      </div>
      <div className="mt-2 grid gap-1">
        <SpaFacts spa={spa} />
        {spa.address ? <p className="text-xs leading-snug text-ink-700" style={{ overflowWrap: 'anywhere' }}>{spa.address}</p> : null}
      </div>
      <div className="mt-3 flex gap-1.5">
        <Link to="/profile/$userSlug" params={{ userSlug: spa.slug }} className={cn(actionClasses, 'border border-sand-300 bg-white text-ink-900 hover:bg-sand-50')}>
          Profile
        </Link>
        <button type="button" disabled={!callable} onClick={() => {
            record.mutate({ spaId: spa.id, event: 'call_tap' });
            callSpa(spa.phone);
          }} className={cn(actionClasses, 'bg-sand-100 text-ink-900 hover:bg-sand-200')}>
          Call
        </button>
        <button
          type="button"
          disabled={navigating}
          onClick={() => {
            record.mutate({ spaId: spa.id, event: 'navigate_tap' });
            onNavigate();
          }} className={cn(actionClasses, 'bg-brand-700 text-white hover:bg-brand-800')}>
          {navigating ? '…' : 'Navigate'}
        </button>
      </div>
      <SaveButton targetUserId={spa.id} targetName={spa.name} className="mt-1.5 w-full" />
    </div>
  );
}
