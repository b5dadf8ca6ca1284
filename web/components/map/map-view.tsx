// THE map component, shared by the map screens and the address editor (issues 7 and 9): it picks the basemap
// (Mapbox, the public style, or the embedded one), loads the matching library lazily with retries, and shows the
// loading and error states. Children draw on it with the components of whichever library loaded (useMapKit).
import { useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode, type Ref } from 'react';
import type { MapRef, MapLayerMouseEvent, ViewState } from 'react-map-gl/maplibre';
import { MAP_MESSAGES } from '../../../common/map.ts';
import type { Basemap } from '../../lib/map/basemap.ts';
import type { MapKit } from '../../lib/map/library.ts';
import { mapSetupQuery } from '../../lib/map/setup.ts';
import { trpc } from '../../trpc.ts';
import { MapStatus } from './map-status.tsx';

const MapKitContext = createContext<{ kit: MapKit; basemap: Basemap } | null>(null);

/** The loaded library's components and the basemap in use; only inside a ready MapView. */
export function useMapKit() {
  const value = useContext(MapKitContext);
  if (!value) throw new Error('useMapKit outside MapView');
  return value;
}

export interface MapViewProps {
  initialView: Pick<ViewState, 'latitude' | 'longitude' | 'zoom'>;
  /** Accessible name of the map region. */
  label: string;
  mapRef?: Ref<MapRef>;
  interactiveLayerIds?: string[];
  onClick?: (event: MapLayerMouseEvent) => void;
  onLoad?: () => void;
  /** The error panel; the map screen's by default. */
  renderError?: (retry: () => void) => ReactNode;
  children?: ReactNode;
}

export function MapErrorPanel({ retry, library }: { retry: () => void; library?: string }) {
  return (
    <div role="alert" className="flex h-full w-full items-center justify-center bg-sand-100 p-6">
      <div className="max-w-sm rounded-2xl border border-red-200 bg-white p-5 text-center shadow-sm">
        <h2 className="font-display text-lg font-semibold text-red-800">{MAP_MESSAGES.errorTitle}</h2>
        <p className="mt-1 text-sm text-ink-800">{MAP_MESSAGES.error}</p>
        <p className="mt-2 text-xs text-ink-600">
          {library === 'mapbox'
            ? 'Check your MAPBOX_TOKEN.'
            : 'Check your connection. With MAPBOX_TOKEN set, the map uses Mapbox.'}
        </p>
        <button
          type="button"
          onClick={retry}
          className="mt-4 min-h-11 rounded-full bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Try again
        </button>
      </div>
    </div>
  );
}

export function MapView({ initialView, label, mapRef, interactiveLayerIds, onClick, onLoad, renderError, children }: MapViewProps) {
  const config = trpc.map.config.useQuery(undefined, { staleTime: Infinity });
  const setup = useQuery(mapSetupQuery(config.data));
  const retry = () => void (config.isError ? config.refetch() : setup.refetch());

  let content: ReactNode;
  let state: 'loading' | 'error' | 'ready' = 'loading';
  if (config.isError || setup.isError) {
    state = 'error';
    content = renderError ? renderError(retry) : <MapErrorPanel retry={retry} library={config.data?.library} />;
  } else if (!setup.data) {
    content = <MapStatus text={MAP_MESSAGES.loading} />;
  } else {
    state = 'ready';
    const { kit, basemap } = setup.data;
    const { Map } = kit.components;
    content = (
      <MapKitContext.Provider value={setup.data}>
        <Map
          ref={mapRef}
          initialViewState={initialView}
          mapStyle={basemap.style as never}
          {...(basemap.accessToken ? { mapboxAccessToken: basemap.accessToken } : {})}
          interactiveLayerIds={interactiveLayerIds}
          onClick={onClick}
          onLoad={onLoad}
          attributionControl={{ compact: true }}
          dragRotate={false}
          pitchWithRotate={false}
          style={{ width: '100%', height: '100%' }}
        >
          {children}
        </Map>
      </MapKitContext.Provider>
    );
  }
  return (
    <section aria-label={label} className="relative h-full w-full" data-map-state={state} data-basemap={setup.data?.basemap.tier}>
      {content}
    </section>
  );
}
