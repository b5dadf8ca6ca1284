// The map without the device's location (the fallbacks of the spec's "States and transitions"): beside List view, a
// button lists the spas in the visible part of the map, nearest its centre first, as plain buttons that open a spa's
// card (usable by keyboard and screen reader, and when the map itself cannot draw); under the map's top controls a
// line says where the map is centred and why ("Showing Manila: location is off"). The line lets taps through to the
// map; only the button and the open list take them.
import { useState } from 'react';
import { spasInViewLabel, type SpaListingEntry } from '../../../common/map.ts';

export interface LocationOffNoticeProps {
  line: string;
  /** The spas inside the visible part of the map, nearest its centre first. */
  spas: SpaListingEntry[];
  onOpen: (spa: SpaListingEntry) => void;
}

const LIST_ID = 'spas-in-view';

export function LocationOffNotice({ line, spas, onOpen }: LocationOffNoticeProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={LIST_ID}
        onClick={() => setOpen(!open)}
        className="pointer-events-auto flex min-h-11 items-center rounded-full border border-sand-200 bg-white px-4 text-sm font-semibold text-ink-900 shadow-md hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {spasInViewLabel(spas.length)}
      </button>
      <div className="absolute inset-x-0 top-full mt-2 grid justify-items-start gap-2 sm:right-auto sm:w-96">
        <p role="status" className="rounded-full bg-white/95 px-3 py-1.5 text-xs font-semibold text-ink-800 shadow">
          {line}
        </p>
        {open ? (
          <ul
            id={LIST_ID}
            aria-label="Spas in view"
            className="pointer-events-auto max-h-[45vh] w-full overflow-y-auto overscroll-contain rounded-2xl border border-sand-200 bg-white p-1 shadow-lg"
          >
            {spas.length === 0 ? (
              <li className="px-3 py-4 text-sm text-ink-700">
                No spas in this part of the map. Move the map or use List view.
              </li>
            ) : null}
            {spas.map((spa) => (
              <li key={spa.id}>
                <button
                  type="button"
                  onClick={() => {
                    setOpen(false);
                    onOpen(spa);
                  }}
                  className="grid min-h-11 w-full grid-cols-1 rounded-xl px-3 py-2 text-left hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="truncate text-sm font-semibold text-ink-900" title={spa.name}>
                    {spa.name}
                  </span>
                  {spa.address ? (
                    <span className="truncate text-xs text-ink-600" title={spa.address}>
                      {spa.address}
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}
