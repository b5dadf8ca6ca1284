// The route summary while navigating (spec, "Map (home for logged-in users, and /map)"): "Navigation to {spa name}",
// total distance and duration, numbered steps each with distance and duration, and a close button that stops
// navigation. The straight-line estimate says plainly that it is one. Beside it, the route handed to Google Maps or
// Waze (their public deep links, in a new tab). The panel floats above the chat pill (signed-in-layout.tsx).
import type { Ref } from 'react';
import type { LatLng, RouteSummary } from '../../../common/geo.ts';
import { MAP_MESSAGES } from '../../../common/map.ts';
import { googleMapsDirectionsUrl, wazeNavigationUrl } from '../../lib/map/handoff.ts';
import { aboveChatPill } from '../signed-in-layout.tsx';

const handoffClasses =
  'flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-full border border-sand-300 bg-white px-3 text-sm font-semibold text-ink-900 hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

function OpensElsewhereIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width={14}
      height={14}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <path
        d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface NavigationPanelProps {
  spaName: string;
  destination: LatLng;
  route: RouteSummary;
  onClose: () => void;
  ref?: Ref<HTMLElement>;
}

export function NavigationPanel({ spaName, destination, route, onClose, ref }: NavigationPanelProps) {
  return (
    <section
      ref={ref}
      aria-labelledby="navigation-heading"
      style={{ bottom: aboveChatPill(8) }}
      className="absolute inset-x-2 z-20 flex max-h-[48%] flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-lg"
    >
      <header className="flex shrink-0 items-start gap-2 border-b border-sand-200 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2
            id="navigation-heading"
            className="truncate font-display text-base font-semibold text-ink-900"
            title={`Navigation to ${spaName}`}
          >
            Navigation to {spaName}
          </h2>
          <p className="text-sm text-ink-700">
            <span className="font-semibold text-ink-900" data-testid="route-distance">
              {route.distance}
            </span>{' '}
            ·{' '}
            <span className="font-semibold text-ink-900" data-testid="route-duration">
              {route.duration}
            </span>
          </p>
          {route.isEstimate ? (
            <p className="mt-1 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900">{MAP_MESSAGES.estimateLabel}</p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close navigation"
          className="flex size-11 shrink-0 items-center justify-center rounded-full text-xl text-ink-700 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div
        role="group"
        aria-label="Navigate with another app"
        className="flex shrink-0 gap-2 border-b border-sand-200 px-4 py-2.5"
      >
        <a
          href={googleMapsDirectionsUrl(destination)}
          target="_blank"
          rel="noopener noreferrer"
          className={handoffClasses}
        >
          <span className="sr-only">Open in </span>
          Google Maps
          <OpensElsewhereIcon />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a href={wazeNavigationUrl(destination)} target="_blank" rel="noopener noreferrer" className={handoffClasses}>
          <span className="sr-only">Open in </span>
          Waze
          <OpensElsewhereIcon />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <ol className="overflow-y-auto px-4 py-2" aria-label="Steps">
        {route.steps.map((step, i) => (
          <li key={i} className="flex gap-3 border-b border-sand-100 py-2 last:border-0">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800">
              {i + 1}
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm text-ink-900" style={{ overflowWrap: 'anywhere' }}>
                {step.instruction}
              </p>
              <p className="text-xs text-ink-600">
                {step.distance} · {step.duration}
              </p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
