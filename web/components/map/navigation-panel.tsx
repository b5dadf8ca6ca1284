// The route summary while navigating (spec part 1 section 2): "Navigation to {spa name}", total distance and
// duration, numbered steps each with distance and duration, and a close button that stops navigation. The
// straight-line estimate says plainly that it is one.
import type { RouteSummary } from '../../../common/geo.ts';
import { MAP_MESSAGES } from '../../../common/map.ts';

export function NavigationPanel({ spaName, route, onClose }: { spaName: string; route: RouteSummary; onClose: () => void }) {
  return (
    <section
      aria-labelledby="navigation-heading"
      className="absolute inset-x-2 bottom-2 z-20 flex max-h-[48%] flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-lg"
    >
      <header className="flex items-start gap-2 border-b border-sand-200 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h2 id="navigation-heading" className="truncate font-display text-base font-semibold text-ink-900" title={`Navigation to ${spaName}`}>
            Navigation to {spaName}
          </h2>
          <p className="text-sm text-ink-700">
            <span className="font-semibold text-ink-900" data-testid="route-distance">{route.distance}</span> ·{' '}
            <span className="font-semibold text-ink-900" data-testid="route-duration">{route.duration}</span>
          </p>
          {route.isEstimate ? <p className="mt-1 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900">{MAP_MESSAGES.estimateLabel}</p> : null}
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
      <ol className="overflow-y-auto px-4 py-2" aria-label="Steps">
        {route.steps.map((step, i) => (
          <li key={i} className="flex gap-3 border-b border-sand-100 py-2 last:border-0">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-bold text-brand-800">{i + 1}</span>
            <div className="min-w-0 flex-1">
              <p className="text-sm text-ink-900" style={{ overflowWrap: 'anywhere' }}>{step.instruction}</p>
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
