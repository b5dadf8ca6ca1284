// The info popup of a spa marker (spec, "Map (home for logged-in users, and /map)"): thumbnail, else picture, else an
// S placeholder; the uppercase name; the star count, loaded 500 ms after opening (0 in red when that fails); the
// address; the FEATURED LOCATION banner for the focused spa; Profile, Call and Navigate. Call is a plain tel: link
// (+63 by default), so the tap itself opens the phone's dialler; the spec's messaging chat is offered beside it, as
// Viber and WhatsApp links. Beyond the spec: Save to a favourites list, the computed rating and whether the spa is
// open now, the Premium tag of a premium spa, the Licensed badge of a licensed one, and the spa's analytics events
// (the popup opened, Call, Viber, WhatsApp and Navigate tapped: POST /api/analytics/events, counted once a day per
// member by the server).
//
// It is a card docked in the map, never a bubble anchored to the marker, so all of it is on
// screen wherever the spa is: a bottom sheet across a phone's map (as Google Maps does), a card at the lower left
// of a wider one; spa-map.tsx moves the map when the spa would sit under it. It floats above the chat pill
// (signed-in-layout.tsx). It is Radix's Dialog, not modal: the map stays usable, Escape and the close button
// close it, focus moves to it on opening; a click on the map is the map's to handle (it closes the card or
// opens another spa). The close button has a column of its own beside the name and the banner.
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { useEffect, useState, type Ref } from 'react';
import { MAP_MESSAGES, STAR_COUNT_DELAY_MS, type SpaListingEntry } from '../../../common/map.ts';
import { phoneContactLinks } from '../../../common/contact-links.ts';
import { cn } from '../../lib/cn.ts';
import { trpc } from '../../trpc.ts';
import { CloseIcon, CrownIcon, GiftIcon } from '../icons.tsx';
import { SaveButton } from '../favorites/save-button.tsx';
import { LicensedBadge } from '../licences/licence-badge.tsx';
import { Rating } from '../rating.tsx';
import { aboveChatPill } from '../signed-in-layout.tsx';

function StarCount({ spaId }: { spaId: number }) {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), STAR_COUNT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [spaId]);
  const stars = trpc.profiles.starStats.useQuery({ userId: spaId }, { enabled: due, retry: false });
  // Stars given as recognition: a gift and words, never the ★ of the rating beside them (components/rating.tsx).
  if (stars.isError) {
    return (
      <p className="flex items-center gap-1 text-sm font-semibold text-red-700" data-testid="star-count">
        <GiftIcon size={16} /> 0 stars <span className="sr-only">(could not be loaded)</span>
      </p>
    );
  }
  const received = stars.data?.received;
  return (
    <p
      className="flex items-center gap-1 text-sm font-semibold text-ink-900"
      data-testid="star-count"
      aria-busy={received === undefined}
    >
      <GiftIcon size={16} className="text-brand-700" /> {received ?? '…'}{' '}
      <span className="text-xs font-medium text-ink-600">{received === 1 ? 'star received' : 'stars received'}</span>
    </p>
  );
}

export function SpaThumbnail({ spa, size = 56 }: { spa: SpaListingEntry; size?: number }) {
  const picture = spa.profilePicThumbnail ?? spa.profilePic;
  if (picture)
    return (
      <img
        src={picture}
        alt=""
        width={size}
        height={size}
        className="shrink-0 rounded-xl object-cover"
        style={{ width: size, height: size }}
      />
    );
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size }}
      className="flex shrink-0 items-center justify-center rounded-xl bg-red-600 text-2xl font-bold text-white"
    >
      S
    </span>
  );
}

export function SpaFacts({ spa }: { spa: SpaListingEntry }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 text-xs text-ink-700">
      <Rating average={spa.averageRating} count={spa.reviewCount} />
      {spa.isOpen !== null ? (
        <span
          className={cn(
            'rounded-full px-2 py-0.5 font-semibold',
            spa.isOpen ? 'bg-emerald-100 text-emerald-800' : 'bg-sand-200 text-ink-700',
          )}
        >
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

const outlineClasses = 'border border-sand-300 bg-white text-ink-900 hover:bg-sand-50';
const actionClasses =
  'flex min-h-11 flex-1 items-center justify-center rounded-full px-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50';

export interface SpaSheetProps {
  /** The spa shown; null closes the sheet. */
  spa: SpaListingEntry | null;
  /** The focused spa of focus mode: its card carries the FEATURED LOCATION banner. */
  featured: boolean;
  onClose: () => void;
  onNavigate: () => void;
  navigating: boolean;
  /** Where focus goes when the sheet closes while it holds focus (the map). */
  returnFocus: () => void;
  ref?: Ref<HTMLDivElement>;
}

export function SpaSheet({ spa, featured, onClose, onNavigate, navigating, returnFocus, ref }: SpaSheetProps) {
  return (
    <DialogPrimitive.Root open={spa !== null} modal={false} onOpenChange={(open) => (open ? undefined : onClose())}>
      {spa ? (
        <DialogPrimitive.Content
          ref={ref}
          aria-describedby={undefined}
          data-testid="spa-popup"
          // Opening focuses the card itself (screen readers hear the spa's name), not its first button.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus({ preventScroll: true });
          }}
          // The map decides what a click on it means (another spa, or closing); other controls leave the card be.
          onInteractOutside={(event) => event.preventDefault()}
          // There is no trigger to return to: focus the map when the card took focus with it (Close, Escape).
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!document.activeElement || document.activeElement === document.body) returnFocus();
          }}
          style={{ bottom: aboveChatPill(8), maxHeight: `calc(100% - ${aboveChatPill(72)})` }}
          className="absolute inset-x-2 z-20 overflow-y-auto overscroll-contain rounded-3xl border border-sand-200 bg-white p-3.5 pt-3 shadow-[0_-6px_24px_rgba(31,28,25,0.16)] focus:outline-none sm:right-auto sm:left-3 sm:w-96"
        >
          <SpaCard spa={spa} featured={featured} onNavigate={onNavigate} navigating={navigating} />
        </DialogPrimitive.Content>
      ) : null}
    </DialogPrimitive.Root>
  );
}

function SpaCard({
  spa,
  featured,
  onNavigate,
  navigating,
}: {
  spa: SpaListingEntry;
  featured: boolean;
  onNavigate: () => void;
  navigating: boolean;
}) {
  const phone = phoneContactLinks(spa.phone);
  // The analytics events are the server's count, not the member's concern: a failure shows nothing.
  const record = trpc.analytics.record.useMutation({ meta: { errorToast: false } });
  const { mutate } = record;
  useEffect(() => {
    mutate({ spaId: spa.id, event: 'popup_open' });
  }, [spa.id, mutate]);
  const callTapped = () => record.mutate({ spaId: spa.id, event: 'call_tap' });
  return (
    <>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          {featured ? (
            <p className="mb-2 rounded-lg bg-amber-100 px-2 py-1 text-center text-[11px] font-bold tracking-widest text-amber-900">
              {MAP_MESSAGES.featured}
            </p>
          ) : null}
          <div className="flex gap-3">
            <SpaThumbnail spa={spa} />
            <div className="min-w-0 flex-1 pt-0.5">
              <DialogPrimitive.Title asChild>
                <h3
                  className="line-clamp-2 text-sm font-bold tracking-wide break-words text-ink-900 uppercase"
                  title={spa.name}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {spa.name}
                </h3>
              </DialogPrimitive.Title>
              {spa.isPremium || spa.licence ? (
                <div className="flex flex-wrap items-center gap-1">
                  {spa.isPremium ? <PremiumTag /> : null}
                  <LicensedBadge licence={spa.licence} />
                </div>
              ) : null}
              <StarCount key={spa.id} spaId={spa.id} />
            </div>
          </div>
        </div>
        <DialogPrimitive.Close
          aria-label="Close"
          className="-mt-1 -mr-1.5 flex size-11 shrink-0 items-center justify-center rounded-full text-ink-700 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <CloseIcon size={20} />
        </DialogPrimitive.Close>
      </div>
      <div className="mt-2 grid gap-1">
        <SpaFacts spa={spa} />
        {spa.address ? (
          <p className="text-xs leading-snug text-ink-700" style={{ overflowWrap: 'anywhere' }}>
            {spa.address}
          </p>
        ) : null}
      </div>
      <div className="mt-3 flex gap-1.5">
        <Link to="/profile/$userSlug" params={{ userSlug: spa.slug }} className={cn(actionClasses, outlineClasses)}>
          Profile
        </Link>
        {phone ? (
          <a
            href={phone.call}
            onClick={callTapped}
            className={cn(actionClasses, 'bg-sand-100 text-ink-900 hover:bg-sand-200')}
          >
            Call
          </a>
        ) : (
          <button type="button" disabled className={cn(actionClasses, 'bg-sand-100 text-ink-900')}>
            Call
          </button>
        )}
        <button
          type="button"
          disabled={navigating}
          onClick={() => {
            record.mutate({ spaId: spa.id, event: 'navigate_tap' });
            onNavigate();
          }}
          className={cn(actionClasses, 'bg-brand-700 text-white hover:bg-brand-800')}
        >
          {navigating ? '…' : 'Navigate'}
        </button>
      </div>
      <div className="mt-1.5 flex gap-1.5">
        {phone ? (
          <>
            <a href={phone.viber} onClick={callTapped} className={cn(actionClasses, outlineClasses)}>
              Viber
            </a>
            <a
              href={phone.whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              onClick={callTapped}
              className={cn(actionClasses, outlineClasses)}
            >
              WhatsApp
            </a>
          </>
        ) : null}
        <SaveButton key={spa.id} targetUserId={spa.id} targetName={spa.name} className="flex-1" />
      </div>
    </>
  );
}
