// THE map component, shared by the map screens and the address editor: it picks the basemap
// (Mapbox, the public style, or the embedded one), loads the matching library lazily with retries, and shows the
// loading and error states. Children draw on it with the components of whichever library loaded (useMapKit).
import { useQuery } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useLayoutEffect, useRef, type ReactNode, type Ref } from 'react';
import type { MapEvent, MapRef, MapLayerMouseEvent, ViewState } from 'react-map-gl/maplibre';
import { MAP_MESSAGES } from '../../../common/map.ts';
import type { Basemap } from '../../lib/map/basemap.ts';
import type { MapKit } from '../../lib/map/library.ts';
import { mapSetupQuery } from '../../lib/map/setup.ts';
import { useAfterFirstPaint } from '../../lib/use-after-paint.ts';
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
  /**
   * The map's style is in: sources and layers may be added, before the basemap's own sources have loaded (so what
   * they draw can show first). Called once per mount, also when a kept map is mounted again (`reuse`).
   */
  onStyleReady?: (map: MapEvent['target'], basemap: Basemap) => void;
  /**
   * Keep the map (its WebGL context, style and loaded tiles) when this view unmounts, and mount it again next
   * time instead of building a new one: leaving the map screen and coming back costs no reload.
   */
  reuse?: boolean;
  /** How long labels and symbols take to fade in, ms (the library's default 300 when unset). */
  fadeDuration?: number;
  /** "Loading map..." as a pill at the top: the screen draws something of its own under it (the spas' preview). */
  loadingPill?: boolean;
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

/** Whether the style's JSON is in, so sources and layers may be added (its sources may still be loading). */
function styleIsIn(map: MapEvent['target']): boolean {
  // Both libraries keep this flag on the style; `isStyleLoaded()` also waits for every source to load.
  const style = (map as unknown as { style?: { _loaded?: boolean } }).style;
  return style?._loaded ?? map.isStyleLoaded() === true;
}

export function MapView({
  initialView,
  label,
  mapRef,
  interactiveLayerIds,
  onClick,
  onStyleReady,
  reuse = false,
  fadeDuration,
  loadingPill = false,
  renderError,
  children,
}: MapViewProps) {
  const config = trpc.map.config.useQuery(undefined, { staleTime: Infinity });
  // The library (about 300 kB compressed) is asked for once the screen has painted: evaluated before, it would hold
  // back the screen's first frame, and on a map screen the spas' markers drawn from the listing (marker-preview.tsx).
  const painted = useAfterFirstPaint();
  const setupQuery = mapSetupQuery(config.data);
  const setup = useQuery({ ...setupQuery, enabled: setupQuery.enabled && painted });
  const retry = () => void (config.isError ? config.refetch() : setup.refetch());

  // The map's ref, passed on; once the map exists, onStyleReady as soon as its style is in.
  const styleReady = useRef(onStyleReady);
  useLayoutEffect(() => {
    styleReady.current = onStyleReady;
  });
  const basemap = setup.data?.basemap;
  const attachMap = useCallback(
    (ref: MapRef | null) => {
      if (typeof mapRef === 'function') mapRef(ref);
      else if (mapRef) mapRef.current = ref;
      if (!ref || !basemap) return;
      const map = ref.getMap();
      const ready = () => styleReady.current?.(map, basemap);
      if (styleIsIn(map)) ready();
      else map.once('style.load', ready);
    },
    [mapRef, basemap],
  );

  let content: ReactNode;
  let state: 'loading' | 'error' | 'ready' = 'loading';
  if (config.isError || setup.isError) {
    state = 'error';
    content = renderError ? renderError(retry) : <MapErrorPanel retry={retry} library={config.data?.library} />;
  } else if (!setup.data) {
    content = <MapStatus text={MAP_MESSAGES.loading} pill={loadingPill} />;
  } else {
    state = 'ready';
    const { kit, basemap } = setup.data;
    const { Map } = kit.components;
    content = (
      <MapKitContext.Provider value={setup.data}>
        <Map
          ref={attachMap}
          initialViewState={initialView}
          mapStyle={basemap.style}
          {...(basemap.accessToken ? { mapboxAccessToken: basemap.accessToken } : {})}
          interactiveLayerIds={interactiveLayerIds}
          onClick={onClick}
          reuseMaps={reuse}
          {...(fadeDuration !== undefined ? { fadeDuration } : {})}
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
    <section
      aria-label={label}
      className="relative h-full w-full"
      data-map-state={state}
      data-basemap={setup.data?.basemap.tier}
    >
      {content}
    </section>
  );
}
