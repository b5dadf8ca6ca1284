// The spa map of the signed-in home and /map (spec, "Map (home for logged-in users, and /map)"): spas as a clustered
// layer (a red circle with S; clusters that zoom in when tapped), the member's blue dot, the popup, recenter (zoom
// 14, hidden while navigating), Navigate with the route and its panel, the list view, and focus mode (zoom 15, only
// that spa, its popup open). A click on the map itself closes the popup. This module and the map library load lazily,
// after the screen's header and navigation have painted.
//
// The popup is a card docked in the map (spa-popup.tsx), and the map moves when the spa would sit under
// it; the map's controls and credits sit above the card, the navigation panel and the chat pill
// (signed-in-layout.tsx); and the map is kept when the member leaves the screen (MapView's `reuse`) with its camera,
// so coming back through the bottom bar shows the spas at once, where the member left them.
//
// Until the live map draws its first markers, MarkerPreview draws the same markers from the listing.
//
// Without the device's location (refused, not found, or abroad) the map says where it is centred and why, and lists
// the spas in its visible part (location-off.tsx), from the live map's camera or, before it or without it, the
// opening one.
//
// Each of these concerns is a hook of its own beside this file (use-*.ts); this component composes them and lays out
// the screen.
import { Suspense, useCallback, useRef, useState, type CSSProperties } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { BASEMAP_COLORS, MAP_MESSAGES, type SpaListingEntry } from '../../../common/map.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { useAfterFirstPaint } from '../../lib/use-after-paint.ts';
import { aboveChatPill } from '../signed-in-layout.tsx';
import { MemberDot, RouteLine, SpaLayers } from './live-map-layers.tsx';
import { LocationOffNotice } from './location-off.tsx';
import { MapStatus } from './map-status.tsx';
import { MapView } from './map-view.tsx';
import { MarkerPreview } from './marker-preview.tsx';
import { NavigationPanel } from './navigation-panel.tsx';
import { useLiveSpaLayers } from './use-live-spa-layers.ts';
import { useLocationOffNotice } from './use-location-off-notice.ts';
import { useMemberLocation } from './use-member-location.ts';
import { usePanelInset } from './use-panel-inset.ts';
import { useRevealSelectedSpa } from './use-reveal-selected-spa.ts';
import { useSelectedSpa } from './use-selected-spa.ts';
import { useSpaListing } from './use-spa-listing.ts';
import { useSpaMapCamera } from './use-spa-map-camera.ts';
import { useSpaMapTap } from './use-spa-map-tap.ts';
import { useSpaNavigation } from './use-spa-navigation.ts';

// The card and the list load beside the map, not before it: on a slow connection their code (with Radix's dialog)
// would take the bandwidth of the code that draws the spas.
const SpaSheet = lazyComponent(() => import('./spa-popup.tsx').then((module) => module.SpaSheet));
const SpaList = lazyComponent(() => import('./spa-list.tsx').then((module) => module.SpaList));

export interface SpaMapProps {
  /** Focus mode (/map?focus={slug}). */
  focusSlug?: string;
}

export default function SpaMap({ focusSlug }: SpaMapProps) {
  const { spasQuery, spas, focused, shown } = useSpaListing(focusSlug);
  const { location, origin, located } = useMemberLocation();
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<'map' | 'list'>('map');
  const { openingCamera, restoredCamera, keepCamera, noteMovedByMember, recenter } = useSpaMapCamera({
    mapRef,
    focusSlug,
    focused,
    located,
    origin,
  });
  const { map: loadedMap, onStyleReady, drawn, liveMarkers } = useLiveSpaLayers(shown, keepCamera);
  // The card or the navigation panel, whichever shows: the map's controls sit above it.
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  const panelInset = usePanelInset(panel, containerRef);
  const sheetMayShow = useAfterFirstPaint();
  const { line: offLine, inView } = useLocationOffNotice({
    off: focusSlug ? null : (location.data?.off ?? null),
    map: loadedMap,
    container: containerRef,
    spas: shown,
    openingCamera,
    restored: restoredCamera !== null,
    located,
  });
  const { selected, selectSpa } = useSelectedSpa(shown, focused);
  const requestFlyTo = useRevealSelectedSpa({
    mapRef,
    container: containerRef,
    selected,
    panel,
    map: loadedMap,
  });
  const { navigation, routing, navigate, endNavigation } = useSpaNavigation({
    mapRef,
    container: containerRef,
    origin,
    selectSpa,
  });
  const onMapClick = useSpaMapTap(mapRef, selectSpa, noteMovedByMember);

  // A spa opened from the list or the location-off notice: the map shows again and flies there.
  const openSpa = useCallback(
    (spa: SpaListingEntry) => {
      noteMovedByMember();
      requestFlyTo(spa);
      setView('map');
      selectSpa(spa.id);
    },
    [noteMovedByMember, requestFlyTo, selectSpa],
  );

  // Focus mode waits for the listing, so the map opens on the spa rather than flying there.
  if (focusSlug && spasQuery.isPending) {
    return <MapStatus text={MAP_MESSAGES.loading} />;
  }

  // The map's credits and recenter button sit above the card or panel (when it spans their column) and the chat pill.
  const layout = {
    background: BASEMAP_COLORS.sea,
    '--map-controls-bottom': aboveChatPill(0, `${panelInset}px`),
  } as CSSProperties;
  const cornerControls =
    '[&_.maplibregl-ctrl-bottom-right]:bottom-(--map-controls-bottom)! [&_.maplibregl-ctrl-bottom-left]:bottom-(--map-controls-bottom)! [&_.mapboxgl-ctrl-bottom-right]:bottom-(--map-controls-bottom)! [&_.mapboxgl-ctrl-bottom-left]:bottom-(--map-controls-bottom)!';

  return (
    <div
      ref={containerRef}
      className={`relative h-full w-full ${cornerControls}`}
      style={layout}
      data-spas-shown={shown.length}
      data-spas-drawn={drawn}
      data-location-source={location.data?.source ?? 'pending'}
      data-navigating={navigation ? 'true' : 'false'}
    >
      <MapView
        label="Spa map"
        initialView={openingCamera}
        mapRef={mapRef}
        onClick={onMapClick}
        onStyleReady={onStyleReady}
        reuse
        fadeDuration={0}
        loadingPill={!liveMarkers && view === 'map'}
      >
        {loadedMap ? <SpaLayers map={loadedMap} spas={shown} /> : null}
        {navigation ? <RouteLine route={navigation.route} /> : null}
        {located ? <MemberDot latitude={located.latitude} longitude={located.longitude} /> : null}
      </MapView>
      {!liveMarkers && view === 'map' ? (
        <MarkerPreview spas={shown} camera={openingCamera} member={located} onOpen={(spa) => selectSpa(spa.id)} />
      ) : null}

      {spasQuery.isError ? (
        <p
          role="alert"
          className="absolute inset-x-3 top-16 z-10 rounded-xl bg-red-50 px-3 py-2 text-center text-sm font-medium text-red-800 shadow"
        >
          {MAP_MESSAGES.listFailed}
        </p>
      ) : null}
      {focusSlug && spasQuery.isSuccess && !focused ? (
        <p
          role="status"
          className="absolute inset-x-3 top-16 z-10 rounded-xl bg-white px-3 py-2 text-center text-sm text-ink-800 shadow"
        >
          That spa is not on the map.
        </p>
      ) : null}

      {view === 'list' ? (
        <Suspense fallback={<div className="absolute inset-0 z-20 bg-white/80" />}>
          <SpaList spas={spas} from={origin} onOpen={openSpa} />
        </Suspense>
      ) : null}

      {!focusSlug ? (
        <div className="pointer-events-none absolute inset-x-3 top-3 z-30 flex flex-wrap items-start gap-2">
          <button
            type="button"
            onPointerEnter={() => void SpaList.preload()}
            onFocus={() => void SpaList.preload()}
            onClick={() => {
              // The list covers the map on a phone: the card closes with it.
              if (view === 'map') selectSpa(null);
              setView(view === 'map' ? 'list' : 'map');
            }}
            className="pointer-events-auto flex min-h-11 items-center gap-2 rounded-full border border-sand-200 bg-white px-4 text-sm font-semibold text-ink-900 shadow-md hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {view === 'map' ? 'List view' : 'Map view'}
          </button>
          {offLine && view === 'map' ? <LocationOffNotice line={offLine} spas={inView} onOpen={openSpa} /> : null}
        </div>
      ) : null}

      {!navigation && view === 'map' ? (
        <button
          type="button"
          onClick={recenter}
          aria-label="Recenter on your location"
          title="Recenter"
          style={{ bottom: 'calc(var(--map-controls-bottom) + 44px)' }}
          className="absolute right-3 z-10 flex size-12 items-center justify-center rounded-full border border-sand-200 bg-white text-blue-700 shadow-md hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg
            viewBox="0 0 24 24"
            width={22}
            height={22}
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            aria-hidden="true"
          >
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
          </svg>
        </button>
      ) : null}

      {/* The card's code (and its Radix parts) is asked for once the markers are on screen, or at once for a spa
          opened by its address: loaded with the screen, it took the bandwidth and the main thread of the markers. */}
      {sheetMayShow || selected ? (
        <Suspense fallback={null}>
          <SpaSheet
            ref={setPanel}
            spa={view === 'map' ? selected : null}
            featured={selected !== null && focused?.id === selected.id}
            onClose={() => selectSpa(null)}
            onNavigate={() => (selected ? void navigate(selected) : undefined)}
            navigating={routing}
            returnFocus={() => mapRef.current?.getCanvas().focus({ preventScroll: true })}
          />
        </Suspense>
      ) : null}

      {navigation && !selected ? (
        <NavigationPanel
          ref={setPanel}
          spaName={navigation.spa.name}
          destination={navigation.spa}
          route={navigation.route}
          onClose={endNavigation}
        />
      ) : null}
    </div>
  );
}
