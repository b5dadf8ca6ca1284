// The spa map of the signed-in home and /map (spec part 1 section 2, issue 9): spas as a clustered layer (a red
// circle with S; clusters that zoom in when tapped), the member's blue dot, the popup, recenter (zoom 14,
// hidden while navigating), Navigate with the route and its panel, the list view, and focus mode (zoom 15, only
// that spa, its popup open). A click on the map itself closes the popup. This module and the map library load
// lazily, after the screen's header and navigation have painted.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import type { RouteSummary } from '../../../common/geo.ts';
import { MAP_FALLBACK_CENTER, MAP_MESSAGES, MAP_ZOOM, type SpaListingEntry } from '../../../common/map.ts';
import { BASEMAP_COLORS } from '../../lib/map/basemap.ts';
import { locateMember } from '../../lib/map/location.ts';
import { trpc } from '../../trpc.ts';
import { MapStatus } from './map-status.tsx';
import { MapView, useMapKit } from './map-view.tsx';
import { NavigationPanel } from './navigation-panel.tsx';
import { SpaList } from './spa-list.tsx';
import { SpaPopupContent } from './spa-popup.tsx';

const SOURCE_ID = 'spas';
const CLUSTER_LAYER = 'spa-clusters';
const POINT_LAYER = 'spa-points';
const MARKER_IMAGE = 'spa-marker';
/** A premium spa's marker: the same with a gold ring (priority listings). */
const PREMIUM_MARKER_IMAGE = 'spa-marker-premium';
const PREMIUM_GOLD = '#d97706';
const SPA_RED = '#dc2626';
/** Taps within this many pixels of a marker count as on it (fingers are wider than the marker). */
const TAP_TOLERANCE_PX = 14;

export interface SpaMapProps {
  /** Focus mode (/map?focus={slug}). */
  focusSlug?: string;
}

/** The marker image: a red circle with a white S (ringed in gold for premium), drawn once on a canvas. */
function markerImage(ring = '#ffffff'): ImageData {
  const size = 64;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const context = canvas.getContext('2d')!;
  context.beginPath();
  context.arc(size / 2, size / 2, size / 2 - 4, 0, Math.PI * 2);
  context.fillStyle = SPA_RED;
  context.fill();
  context.lineWidth = ring === '#ffffff' ? 5 : 7;
  context.strokeStyle = ring;
  context.stroke();
  context.fillStyle = '#ffffff';
  context.font = `bold ${size * 0.5}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText('S', size / 2, size / 2 + 2);
  return context.getImageData(0, 0, size, size);
}

function useMemberLocation() {
  const utils = trpc.useUtils();
  return useQuery({ queryKey: ['member-location'], queryFn: () => locateMember(utils), staleTime: 5 * 60_000, retry: false });
}

/** The spa layers: clusters with their count, and single spas. */
function SpaLayers({ spas }: { spas: SpaListingEntry[] }) {
  const { kit, basemap } = useMapKit();
  const { Source, Layer } = kit.components;
  const data = useMemo<GeoJSON.FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: spas.map((spa) => ({
        type: 'Feature',
        id: spa.id,
        properties: { id: spa.id, premium: spa.isPremium },
        geometry: { type: 'Point', coordinates: [spa.longitude, spa.latitude] },
      })),
    }),
    [spas],
  );
  return (
    <Source id={SOURCE_ID} type="geojson" data={data} cluster clusterMaxZoom={13} clusterRadius={44}>
      <Layer
        id={CLUSTER_LAYER}
        type="circle"
        filter={['has', 'point_count']}
        paint={{
          'circle-color': SPA_RED,
          'circle-opacity': 0.88,
          'circle-stroke-color': '#ffffff',
          'circle-stroke-width': 2,
          'circle-radius': ['step', ['get', 'point_count'], 17, 10, 21, 50, 26, 500, 32],
        }}
      />
      <Layer
        id="spa-cluster-count"
        type="symbol"
        filter={['has', 'point_count']}
        layout={{ 'text-field': ['get', 'point_count_abbreviated'], 'text-font': basemap.fonts, 'text-size': 13, 'text-allow-overlap': true }}
        paint={{ 'text-color': '#ffffff' }}
      />
      <Layer
        id={POINT_LAYER}
        type="symbol"
        filter={['!', ['has', 'point_count']]}
        layout={{
          'icon-image': ['case', ['get', 'premium'], PREMIUM_MARKER_IMAGE, MARKER_IMAGE],
          'symbol-sort-key': ['case', ['get', 'premium'], 0, 1],
          'icon-size': 0.9,
          'icon-allow-overlap': true,
          'icon-ignore-placement': false,
        }}
      />
    </Source>
  );
}

function RouteLine({ route }: { route: RouteSummary }) {
  const { kit } = useMapKit();
  const { Source, Layer } = kit.components;
  const data = useMemo<GeoJSON.Feature>(
    () => ({ type: 'Feature', properties: {}, geometry: { type: 'LineString', coordinates: route.geometry } }),
    [route],
  );
  return (
    <Source id="route" type="geojson" data={data}>
      <Layer
        id="route-line"
        type="line"
        layout={{ 'line-cap': 'round', 'line-join': 'round' }}
        paint={{
          'line-color': '#1d4ed8',
          'line-width': 5,
          'line-opacity': 0.85,
          ...(route.isEstimate ? { 'line-dasharray': [1.5, 1.5] } : {}),
        }}
      />
    </Source>
  );
}

function UserDot({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { kit } = useMapKit();
  const { Marker } = kit.components;
  return (
    <Marker latitude={latitude} longitude={longitude} anchor="center">
      <span title={MAP_MESSAGES.yourLocation} role="img" aria-label={MAP_MESSAGES.yourLocation} className="relative flex size-5 items-center justify-center">
        <span className="absolute inline-flex size-full animate-ping rounded-full bg-blue-400 opacity-60" aria-hidden="true" />
        <span className="relative inline-flex size-4 rounded-full border-2 border-white bg-blue-600 shadow" aria-hidden="true" />
      </span>
    </Marker>
  );
}

function SpaPopup({ spa, featured, onClose, onNavigate, navigating }: { spa: SpaListingEntry; featured: boolean; onClose: () => void; onNavigate: () => void; navigating: boolean }) {
  const { kit } = useMapKit();
  const { Popup } = kit.components;
  return (
    <Popup
      latitude={spa.latitude}
      longitude={spa.longitude}
      anchor="bottom"
      offset={18}
      maxWidth="17rem"
      closeOnClick={false}
      onClose={onClose}
      focusAfterOpen={false}
      className="spa-popup"
    >
      <SpaPopupContent spa={spa} featured={featured} onNavigate={onNavigate} navigating={navigating} />
    </Popup>
  );
}

/**
 * The map's ref, which prepares it as soon as its style is loaded (before its first full render, which waits for
 * the basemap's tiles and labels): adds the marker image (the spa layers wait for it), so the spas are laid out
 * beside the basemap rather than after it. Then counts the spas drawn (single markers plus those inside
 * clusters) into `onDrawn`: on the first frame that shows any (the basemap may still be loading), and after every
 * render that settles.
 */
function useMapReady(mapRef: React.RefObject<MapRef | null>, onDrawn: (count: number) => void) {
  const [imageReady, setImageReady] = useState(false);
  const attach = useCallback(
    (ref: MapRef | null) => {
      mapRef.current = ref;
      const map = ref?.getMap();
      if (!map) return;
      const prepare = () => {
        try {
          if (!map.hasImage(MARKER_IMAGE)) map.addImage(MARKER_IMAGE, markerImage(), { pixelRatio: 2 });
          if (!map.hasImage(PREMIUM_MARKER_IMAGE)) map.addImage(PREMIUM_MARKER_IMAGE, markerImage(PREMIUM_GOLD), { pixelRatio: 2 });
        } catch {
          return; // no style yet: the next 'styledata' tries again
        }
        map.off('styledata', prepare);
        setImageReady(true);
      };
      map.on('styledata', prepare);
      prepare();
      const count = () => {
        const layers = [POINT_LAYER, CLUSTER_LAYER].filter((layer) => map.getLayer(layer));
        const features = layers.length ? map.queryRenderedFeatures(undefined, { layers }) : [];
        const ids = new Set<string>();
        let drawn = 0;
        for (const feature of features) {
          const key = `${feature.layer.id}:${feature.properties?.cluster_id ?? feature.properties?.id}`;
          if (ids.has(key)) continue; // a feature can be returned once per tile it touches
          ids.add(key);
          drawn += feature.layer.id === CLUSTER_LAYER ? Number(feature.properties?.point_count ?? 0) : 1;
        }
        // The first markers on screen, as a user timing that benchmarks read (bench/web.ts).
        if (drawn > 0 && performance.getEntriesByName('spa-markers').length === 0) performance.mark('spa-markers');
        onDrawn(drawn);
        return drawn;
      };
      const untilDrawn = () => {
        if (count() > 0) map.off('render', untilDrawn);
      };
      map.on('render', untilDrawn);
      map.on('idle', count);
    },
    [mapRef, onDrawn],
  );
  return { imageReady, attach };
}

export default function SpaMap({ focusSlug }: SpaMapProps) {
  const spasQuery = trpc.map.users.useQuery({ role: 'spa_management' });
  const location = useMemberLocation();
  const utils = trpc.useUtils();
  const mapRef = useRef<MapRef>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [view, setView] = useState<'map' | 'list'>('map');
  const [navigation, setNavigation] = useState<{ spa: SpaListingEntry; route: RouteSummary } | null>(null);
  const [routing, setRouting] = useState(false);
  const movedByMember = useRef(false);
  const [drawn, setDrawn] = useState(0);
  const { imageReady, attach } = useMapReady(mapRef, setDrawn);

  const spas = spasQuery.data ?? [];
  const focused = focusSlug ? spas.find((spa) => spa.slug === focusSlug) : undefined;
  const shown = focused ? [focused] : spas;
  const selected = shown.find((spa) => spa.id === selectedId) ?? null;
  const origin = location.data ?? { latitude: MAP_FALLBACK_CENTER.latitude, longitude: MAP_FALLBACK_CENTER.longitude };

  // Focus mode opens the focused spa's popup.
  useEffect(() => {
    if (focused) setSelectedId(focused.id);
  }, [focused]);

  // Once the member's location is known, the map centres on it (unless focused, or the member already moved it).
  useEffect(() => {
    if (!location.data || focusSlug || movedByMember.current) return;
    mapRef.current?.jumpTo({ center: [location.data.longitude, location.data.latitude], zoom: MAP_ZOOM.default });
  }, [location.data, focusSlug]);

  const openSpa = useCallback((spa: SpaListingEntry) => {
    movedByMember.current = true;
    setView('map');
    setSelectedId(spa.id);
    // The list covered the map; let it render before moving.
    requestAnimationFrame(() => mapRef.current?.flyTo({ center: [spa.longitude, spa.latitude], zoom: MAP_ZOOM.focused }));
  }, []);

  const onMapClick = useCallback(
    async (event: MapLayerMouseEvent) => {
      const map = mapRef.current?.getMap();
      if (!map) return;
      const { x, y } = event.point;
      const box: [[number, number], [number, number]] = [
        [x - TAP_TOLERANCE_PX, y - TAP_TOLERANCE_PX],
        [x + TAP_TOLERANCE_PX, y + TAP_TOLERANCE_PX],
      ];
      const layers = [POINT_LAYER, CLUSTER_LAYER].filter((layer) => map.getLayer(layer));
      const features = layers.length ? map.queryRenderedFeatures(box, { layers }) : [];
      const point = features.find((feature) => feature.layer.id === POINT_LAYER);
      if (point) {
        setSelectedId(Number(point.properties?.id));
        return;
      }
      const cluster = features.find((feature) => feature.layer.id === CLUSTER_LAYER);
      if (cluster) {
        movedByMember.current = true;
        const source = map.getSource(SOURCE_ID) as unknown as {
          getClusterExpansionZoom(id: number, callback?: (error: unknown, zoom: number) => void): Promise<number> | void;
        };
        const clusterId = Number(cluster.properties?.cluster_id);
        // maplibre-gl answers with a promise, mapbox-gl through a callback.
        const zoom = await new Promise<number>((resolve) => {
          const answer = source.getClusterExpansionZoom(clusterId, (error, value) => resolve(error ? map.getZoom() + 2 : value));
          if (answer && typeof answer.then === 'function') answer.then(resolve, () => resolve(map.getZoom() + 2));
        });
        const [lng, lat] = (cluster.geometry as GeoJSON.Point).coordinates as [number, number];
        map.easeTo({ center: [lng, lat], zoom });
        return;
      }
      setSelectedId(null);
    },
    [],
  );

  const navigate = useCallback(
    async (spa: SpaListingEntry) => {
      setRouting(true);
      try {
        const route = await utils.map.directions.fetch(
          { from: { latitude: origin.latitude, longitude: origin.longitude }, to: { latitude: spa.latitude, longitude: spa.longitude }, destinationName: spa.name },
          { staleTime: 0 },
        );
        setNavigation({ spa, route });
        setSelectedId(null);
        const lngs = route.geometry.map(([lng]) => lng);
        const lats = route.geometry.map(([, lat]) => lat);
        mapRef.current?.fitBounds(
          [
            [Math.min(...lngs), Math.min(...lats)],
            [Math.max(...lngs), Math.max(...lats)],
          ],
          { padding: { top: 90, bottom: 320, left: 50, right: 50 }, maxZoom: 16 },
        );
      } catch (error) {
        console.error('Route calculation failed:', error); // spec part 1 section 8: only logged
      } finally {
        setRouting(false);
      }
    },
    [origin.latitude, origin.longitude, utils],
  );

  const recenter = () => {
    movedByMember.current = true;
    mapRef.current?.flyTo({ center: [origin.longitude, origin.latitude], zoom: MAP_ZOOM.recenter });
  };

  // Focus mode waits for the listing, so the map opens on the spa rather than flying there.
  if (focusSlug && spasQuery.isPending) {
    return <MapStatus text={MAP_MESSAGES.loading} />;
  }

  const initialView = focused
    ? { latitude: focused.latitude, longitude: focused.longitude, zoom: MAP_ZOOM.focused }
    : location.data
      ? { latitude: location.data.latitude, longitude: location.data.longitude, zoom: MAP_ZOOM.default }
      : { ...MAP_FALLBACK_CENTER, zoom: MAP_ZOOM.default };

  return (
    <div
      className="relative h-full w-full"
      style={{ background: BASEMAP_COLORS.sea }}
      data-spas-shown={shown.length}
      data-spas-drawn={drawn}
      data-location-source={location.data?.source ?? 'pending'}
      data-navigating={navigation ? 'true' : 'false'}
    >
      <MapView label="Spa map" initialView={initialView} mapRef={attach} onClick={onMapClick}>
        {imageReady ? <SpaLayers spas={shown} /> : null}
        {navigation ? <RouteLine route={navigation.route} /> : null}
        {location.data && location.data.source !== 'fallback' ? <UserDot latitude={location.data.latitude} longitude={location.data.longitude} /> : null}
        {selected ? (
          <SpaPopup
            spa={selected}
            featured={focused?.id === selected.id}
            onClose={() => setSelectedId(null)}
            onNavigate={() => void navigate(selected)}
            navigating={routing}
          />
        ) : null}
      </MapView>

      {spasQuery.isError ? (
        <p role="alert" className="absolute inset-x-3 top-16 z-10 rounded-xl bg-red-50 px-3 py-2 text-center text-sm font-medium text-red-800 shadow">
          {MAP_MESSAGES.listFailed}
        </p>
      ) : null}
      {focusSlug && spasQuery.isSuccess && !focused ? (
        <p role="status" className="absolute inset-x-3 top-16 z-10 rounded-xl bg-white px-3 py-2 text-center text-sm text-ink-800 shadow">
          That spa is not on the map.
        </p>
      ) : null}

      {view === 'list' ? <SpaList spas={spas} from={origin} onOpen={openSpa} /> : null}

      {!focusSlug ? (
        <button
          type="button"
          onClick={() => setView(view === 'map' ? 'list' : 'map')}
          className="absolute top-3 left-3 z-30 flex min-h-11 items-center gap-2 rounded-full border border-sand-200 bg-white px-4 text-sm font-semibold text-ink-900 shadow-md hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {view === 'map' ? 'List view' : 'Map view'}
        </button>
      ) : null}

      {!navigation && view === 'map' ? (
        <button
          type="button"
          onClick={recenter}
          aria-label="Recenter on your location"
          title="Recenter"
          className="absolute right-3 bottom-8 z-10 flex size-12 items-center justify-center rounded-full border border-sand-200 bg-white text-blue-700 shadow-md hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <svg viewBox="0 0 24 24" width={22} height={22} fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v3M12 19v3M2 12h3M19 12h3" />
          </svg>
        </button>
      ) : null}

      {navigation ? <NavigationPanel spaName={navigation.spa.name} route={navigation.route} onClose={() => setNavigation(null)} /> : null}
    </div>
  );
}
