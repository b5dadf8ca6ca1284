// The listing filter beside the map (spec, "Map (home for logged-in users, and /map)"): search on name or address,
// All / Top rated (rating at least 4.5) / Open now / Licensed (beyond the spec), nearest first with premium spas first among equals
// (listingOrder); a row opens the spa on the map. Its last rows scroll clear of the chat pill (signed-in-layout.tsx).
import { useMemo, useState } from 'react';
import { TOP_RATED_MINIMUM } from '../../../common/limits.ts';
import { distanceMeters, formatDistance, type LatLng } from '../../../common/geo.ts';
import { LICENCE_TEXTS } from '../../../common/licences.ts';
import { listingOrder, type SpaListingEntry } from '../../../common/map.ts';
import { cn } from '../../lib/cn.ts';
import { LicensedBadge } from '../licences/licence-badge.tsx';
import { aboveChatPill } from '../signed-in-layout.tsx';
import { PremiumTag, SpaFacts, SpaThumbnail } from './spa-popup.tsx';

const FILTERS = [
  { key: 'all', label: 'All' },
  { key: 'top', label: 'Top rated' },
  { key: 'open', label: 'Open now' },
  { key: 'licensed', label: LICENCE_TEXTS.badge },
] as const;
type FilterKey = (typeof FILTERS)[number]['key'];

/** Which spas each filter keeps; Licensed is the listing's own `licensed` (an approved licence not yet expired). */
const KEEPS: Record<FilterKey, (spa: SpaListingEntry) => boolean> = {
  all: () => true,
  top: (spa) => (spa.averageRating ?? 0) >= TOP_RATED_MINIMUM,
  open: (spa) => spa.isOpen === true,
  licensed: (spa) => spa.licensed,
};

export function filterSpas(spas: SpaListingEntry[], search: string, filter: FilterKey, from: LatLng) {
  const needle = search.trim().toLowerCase();
  return spas
    .filter(
      (spa) => !needle || spa.name.toLowerCase().includes(needle) || (spa.address ?? '').toLowerCase().includes(needle),
    )
    .filter(KEEPS[filter])
    .map((spa) => ({ spa, meters: distanceMeters(from, spa) }))
    .sort(listingOrder);
}

export function SpaList({
  spas,
  from,
  onOpen,
}: {
  spas: SpaListingEntry[];
  from: LatLng;
  onOpen: (spa: SpaListingEntry) => void;
}) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<FilterKey>('all');
  const rows = useMemo(() => filterSpas(spas, search, filter, from), [spas, search, filter, from]);
  return (
    <section
      aria-label="Spa list"
      className="absolute inset-y-0 left-0 z-20 flex w-full flex-col bg-sand-50 lg:w-[26rem] lg:border-r lg:border-sand-200 lg:shadow-lg"
    >
      <div className="grid gap-2 border-b border-sand-200 bg-white px-3 pt-16 pb-3">
        <label className="sr-only" htmlFor="spa-search">
          Search spas by name or address
        </label>
        <input
          id="spa-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search by name or address"
          className="h-11 w-full rounded-full border border-sand-300 bg-sand-50 px-4 text-base text-ink-900 placeholder:text-ink-500 focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        <div role="group" aria-label="Filter" className="flex flex-wrap gap-2">
          {FILTERS.map((option) => (
            <button
              key={option.key}
              type="button"
              aria-pressed={filter === option.key}
              onClick={() => setFilter(option.key)}
              className={cn(
                'min-h-11 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
                filter === option.key ? 'bg-brand-700 text-white' : 'border border-sand-300 bg-white text-ink-800',
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>
      <ul
        className="flex-1 overflow-y-auto px-3 pt-2"
        style={{ paddingBottom: aboveChatPill(8) }}
        aria-label="Spas, nearest first"
      >
        {rows.length === 0 ? (
          <li className="py-10 text-center text-sm text-ink-700">No spas match your search.</li>
        ) : null}
        {rows.map(({ spa, meters }) => (
          <li key={spa.id}>
            <button
              type="button"
              onClick={() => onOpen(spa)}
              className="my-1 flex w-full items-center gap-3 rounded-2xl border border-sand-200 bg-white p-3 text-left hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <SpaThumbnail spa={spa} size={44} />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="flex min-w-0 items-center gap-1.5">
                  <span className="truncate text-sm font-semibold text-ink-900" title={spa.name}>
                    {spa.name}
                  </span>
                  {spa.isPremium ? <PremiumTag /> : null}
                </span>
                {spa.address ? (
                  <span className="truncate text-xs text-ink-600" title={spa.address}>
                    {spa.address}
                  </span>
                ) : null}
                <SpaFacts spa={spa} />
                <LicensedBadge licence={spa.licence} className="justify-self-start" />
              </span>
              <span className="shrink-0 text-xs font-semibold text-ink-700">{formatDistance(meters)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
