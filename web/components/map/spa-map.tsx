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
import { useQuery } from '@tanstack/react-query';
import {
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type RefObject,
} from 'react';
import type { ExpressionSpecification, GeoJSONSource } from 'maplibre-gl';
import type { MapEvent, MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import type { RouteSummary } from '../../../common/geo.ts';
import {
  BASEMAP_COLORS,
  locationOffLine,
  MAP_FALLBACK_CENTER,
  MAP_MESSAGES,
  MAP_ZOOM,
  type SpaListingEntry,
} from '../../../common/map.ts';
import { lazyComponent } from '../../lib/lazy-component.ts';
import { useAfterFirstPaint } from '../../lib/use-after-paint.ts';
import type { Basemap } from '../../lib/map/basemap.ts';
import { locateMember } from '../../lib/map/location.ts';
import {
  CLUSTER_OPACITY,
  CLUSTER_RADIUS_EXPRESSION,
  CLUSTER_STROKE_PX,
  CLUSTER_TEXT_PX,
  MARKER,
  OPENING_CAMERA,
  SPA_CLUSTERING,
  SPA_RED,
  spaFeatures,
  spasInView,
  type Camera,
} from '../../../common/spa-markers.ts';
import { markerImage } from '../../lib/map/marker-image.ts';
import { trpc } from '../../trpc.ts';
import { aboveChatPill, CHAT_PILL_SPACE } from '../signed-in-layout.tsx';
import { MapStatus } from './map-status.tsx';
import { LocationOffNotice } from './location-off.tsx';
import { LocationDot, MarkerPreview, markOnce } from './marker-preview.tsx';
import { MapView, useMapKit } from './map-view.tsx';
import { NavigationPanel } from './navigation-panel.tsx';

// The card and the list load beside the map, not before it: on a slow connection their code (with Radix's dialog)
// would take the bandwidth of the code that draws the spas.
const SpaSheet = lazyComponent(() => import('./spa-popup.tsx').then((module) => module.SpaSheet));
const SpaList = lazyComponent(() => import('./spa-list.tsx').then((module) => module.SpaList));

const SOURCE_ID = 'spas';
const CLUSTER_LAYER = 'spa-clusters';
const CLUSTER_COUNT_LAYER = 'spa-cluster-count';
const POINT_LAYER = 'spa-points';
const MARKER_IMAGE = 'spa-marker';
const PREMIUM_MARKER_IMAGE = 'spa-marker-premium';
/** Taps within this many pixels of a marker count as on it (fingers are wider than the marker). */
const TAP_TOLERANCE_PX = 14;
/** The band at the top of the map that the List view button takes. */
const TOP_CONTROLS_PX = 64;
/** How far inside the uncovered part of the map a spa must be to count as in view. */
const MARKER_MARGIN_PX = 28;
/** The column at the map's right edge where the recenter button and the map credits sit. */
const CONTROL_COLUMN_PX = 72;
/** The gap between the card (or the navigation panel) and the controls above it. */
const PANEL_GAP_PX = 8;

/** Where the map's camera was when the member left it (not in focus mode): it comes back as they left it. */
let lastCamera: { latitude: number; longitude: number; zoom: number } | null = null;

export interface SpaMapProps {
  /** Focus mode (/map?focus={slug}). */
  focusSlug?: string;
}

function useMemberLocation() {
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: ['member-location'],
    queryFn: () => locateMember(utils),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

type MapInstance = MapEvent['target'];

/** What each map's spa source holds (ids, places, premium), so the same spas are never set again. */
const spasOnMap = new WeakMap<MapInstance, string>();

/**
 * The spa layers: clusters with their count, and single spas. They are added to the map once, as soon as its style
 * is in (before the basemap has loaded), and stay with it, so a kept map (MapView's `reuse`) comes back with its
 * spas already drawn; a new listing only sets the source's data.
 */
function syncSpaLayers(map: MapInstance, spas: SpaListingEntry[], fonts: string[]) {
  const signature = spas.map((spa) => `${spa.id}:${spa.latitude}:${spa.longitude}:${spa.isPremium ? 1 : 0}`).join(';');
  const source = map.getSource(SOURCE_ID) as GeoJSONSource | undefined;
  if (source) {
    if (spasOnMap.get(map) !== signature) source.setData(spaFeatures(spas));
    spasOnMap.set(map, signature);
    return;
  }
  if (!map.hasImage(MARKER_IMAGE)) map.addImage(MARKER_IMAGE, markerImage(false), { pixelRatio: MARKER.pixelRatio });
  if (!map.hasImage(PREMIUM_MARKER_IMAGE))
    map.addImage(PREMIUM_MARKER_IMAGE, markerImage(true), { pixelRatio: MARKER.pixelRatio });
  map.addSource(SOURCE_ID, { type: 'geojson', data: spaFeatures(spas), cluster: true, ...SPA_CLUSTERING });
  map.addLayer({
    id: CLUSTER_LAYER,
    type: 'circle',
    source: SOURCE_ID,
    filter: ['has', 'point_count'],
    paint: {
      'circle-color': SPA_RED,
      'circle-opacity': CLUSTER_OPACITY,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': CLUSTER_STROKE_PX,
      'circle-radius': CLUSTER_RADIUS_EXPRESSION as ExpressionSpecification,
    },
  });
  map.addLayer({
    id: CLUSTER_COUNT_LAYER,
    type: 'symbol',
    source: SOURCE_ID,
    filter: ['has', 'point_count'],
    layout: {
      'text-field': ['get', 'point_count_abbreviated'],
      'text-font': fonts,
      'text-size': CLUSTER_TEXT_PX,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#ffffff' },
  });
  map.addLayer({
    id: POINT_LAYER,
    type: 'symbol',
    source: SOURCE_ID,
    filter: ['!', ['has', 'point_count']],
    layout: {
      'icon-image': ['case', ['get', 'premium'], PREMIUM_MARKER_IMAGE, MARKER_IMAGE],
      'symbol-sort-key': ['case', ['get', 'premium'], 0, 1],
      'icon-size': MARKER.iconSize,
      'icon-allow-overlap': true,
      'icon-ignore-placement': false,
    },
  });
  spasOnMap.set(map, signature);
}

/** Keeps the map's spa layers on the listing shown. */
function SpaLayers({ map, spas }: { map: MapInstance; spas: SpaListingEntry[] }) {
  const { basemap } = useMapKit();
  const fonts = basemap.fonts;
  useEffect(() => syncSpaLayers(map, spas, fonts), [map, spas, fonts]);
  return null;
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
      <LocationDot />
    </Marker>
  );
}

/** The spas drawn on the map: single markers plus those inside clusters. */
function countDrawn(map: MapInstance): number {
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
  return drawn;
}

/**
 * Once the map's style is in (or a kept map is mounted again): adds the spa layers with the spas known by then and
 * hands the map over (the listing keeps them up to date); counts the spas drawn into `onDrawn` from the first frame
 * that shows any until the map first settles, then after every render that settles. `onLeave` sees the map when
 * the screen lets go of it.
 */
function useMapReady(spas: SpaListingEntry[], onDrawn: (count: number) => void, onLeave: (map: MapInstance) => void) {
  const [map, setMap] = useState<MapInstance | null>(null);
  const latestSpas = useRef(spas);
  useLayoutEffect(() => {
    latestSpas.current = spas;
  });
  const detach = useRef<(() => void) | null>(null);
  // A layout effect: it lets go while the screen's elements are removed, before the map would see its container go.
  useLayoutEffect(() => () => detach.current?.(), []);
  const onStyleReady = useCallback(
    (ready: MapInstance, basemap: Basemap) => {
      syncSpaLayers(ready, latestSpas.current, basemap.fonts);
      setMap(ready);
      const onFrame = () => {
        const drawn = countDrawn(ready);
        if (drawn === 0) return;
        ready.off('render', onFrame);
        // The live map's first markers, beside the first markers of all (the preview's, most often).
        markOnce('spa-markers');
        markOnce('spa-map-drawn');
        onDrawn(drawn);
      };
      const onSettled = () => {
        ready.off('render', onFrame);
        onDrawn(countDrawn(ready));
      };
      detach.current?.();
      ready.on('render', onFrame);
      ready.on('idle', onSettled);
      ready.triggerRepaint(); // a kept map draws its spas at once
      detach.current = () => {
        ready.off('render', onFrame);
        ready.off('idle', onSettled);
        // The kept map stops watching its old container, which is about to leave the page: it would shrink the map
        // to a default size while away and redraw it at full size on return. Mounted again, it watches the new one.
        (ready as unknown as { _resizeObserver?: ResizeObserver })._resizeObserver?.disconnect();
        onLeave(ready);
      };
    },
    [onDrawn, onLeave],
  );
  return { map, onStyleReady };
}

/**
 * How much of the map's foot the card or navigation panel takes from the controls at the right edge (0 when it
 * leaves that column free, as the card at the left of a wide screen does), kept up to date as either resizes.
 */
function usePanelInset(panel: HTMLElement | null, container: RefObject<HTMLElement | null>): number {
  const [inset, setInset] = useState(0);
  useLayoutEffect(() => {
    const area = container.current;
    if (!panel || !area) {
      setInset(0);
      return;
    }
    const measure = () => {
      const box = area.getBoundingClientRect();
      const rect = panel.getBoundingClientRect();
      setInset(rect.right > box.right - CONTROL_COLUMN_PX ? Math.ceil(rect.height) + PANEL_GAP_PX : 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(panel);
    observer.observe(area);
    return () => observer.disconnect();
  }, [panel, container]);
  return inset;
}

/** The map area's size in CSS pixels, kept up to date; null before it is laid out. */
function useAreaSize(container: RefObject<HTMLElement | null>): { width: number; height: number } | null {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const area = container.current;
    if (!area) return;
    const measure = () => setSize({ width: area.clientWidth, height: area.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(area);
    return () => observer.disconnect();
  }, [container]);
  return size;
}

/** The live map's camera after each move it makes or the member makes; null until the live map is there. */
function useLiveCamera(map: MapInstance | null): Camera | null {
  const [camera, setCamera] = useState<Camera | null>(null);
  useEffect(() => {
    if (!map) return;
    const read = () => {
      const centre = map.getCenter();
      setCamera({ latitude: centre.lat, longitude: centre.lng, zoom: map.getZoom() });
    };
    read();
    map.on('moveend', read);
    return () => void map.off('moveend', read);
  }, [map]);
  return camera;
}

const sameCamera = (a: Camera, b: Camera) =>
  Math.abs(a.latitude - b.latitude) < 1e-6 &&
  Math.abs(a.longitude - b.longitude) < 1e-6 &&
  Math.abs(a.zoom - b.zoom) < 1e-3;

/** The part of the map that the card, the panel, the chat pill and the top controls leave uncovered, in map pixels. */
function uncoveredArea(container: HTMLElement, panel: HTMLElement | null) {
  const box = container.getBoundingClientRect();
  const pill = parseFloat(getComputedStyle(container).getPropertyValue(CHAT_PILL_SPACE)) || 0;
  const area = {
    left: 0,
    top: TOP_CONTROLS_PX,
    right: box.width,
    bottom: box.height - pill,
    width: box.width,
    height: box.height,
  };
  if (panel) {
    const card = panel.getBoundingClientRect();
    if (card.width > box.width / 2) area.bottom = Math.min(area.bottom, card.top - box.top);
    else if (card.left - box.left < box.width / 2) area.left = Math.max(area.left, card.right - box.left);
    else area.right = Math.min(area.right, card.left - box.left);
  }
  return area;
}

export default function SpaMap({ focusSlug }: SpaMapProps) {
  const spasQuery = trpc.map.users.useQuery({ role: 'spa_management' });
  const location = useMemberLocation();
  const utils = trpc.useUtils();
  const mapRef = useRef<MapRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [view, setView] = useState<'map' | 'list'>('map');
  const [navigation, setNavigation] = useState<{ spa: SpaListingEntry; route: RouteSummary } | null>(null);
  const [routing, setRouting] = useState(false);
  // The camera the member left the map with (not in focus mode): the map opens there, not on their location.
  const [restoredCamera] = useState(() => (focusSlug ? null : lastCamera));
  const movedByMember = useRef(restoredCamera !== null);
  const [drawn, setDrawn] = useState(0);
  // Whether the live map has shown its spas (or settled with none in view): the preview gives way to it.
  const [liveMarkers, setLiveMarkers] = useState(false);
  const onDrawn = useCallback((count: number) => {
    setDrawn(count);
    setLiveMarkers(true);
  }, []);
  const keepCamera = useCallback(
    (map: MapInstance) => {
      if (focusSlug) return;
      const centre = map.getCenter();
      lastCamera = { latitude: centre.lat, longitude: centre.lng, zoom: map.getZoom() };
    },
    [focusSlug],
  );

  const spas = useMemo(() => spasQuery.data ?? [], [spasQuery.data]);
  const focused = focusSlug ? spas.find((spa) => spa.slug === focusSlug) : undefined;
  const shown = useMemo(() => (focused ? [focused] : spas), [focused, spas]);
  const { map: loadedMap, onStyleReady } = useMapReady(shown, onDrawn, keepCamera);
  // The card or the navigation panel, whichever shows: the map's controls sit above it.
  const [panel, setPanel] = useState<HTMLElement | null>(null);
  const panelInset = usePanelInset(panel, containerRef);
  const selected = shown.find((spa) => spa.id === selectedId) ?? null;
  const sheetMayShow = useAfterFirstPaint();
  const origin = location.data ?? { latitude: MAP_FALLBACK_CENTER.latitude, longitude: MAP_FALLBACK_CENTER.longitude };
  // Where the member is, once known. The fallback (Manila's centre, spec, "Business constants and limits") says
  // nothing about that: the map stays on its own opening camera, where the page's first frame drew the spas, and
  // draws no dot.
  const located = location.data?.source === 'fallback' ? undefined : location.data;

  // Where the map opens: where the member left it, else on the focused spa, else on the member, else Manila.
  const camera = useMemo(
    () =>
      restoredCamera ??
      (focused
        ? { latitude: focused.latitude, longitude: focused.longitude, zoom: MAP_ZOOM.focused }
        : located
          ? { latitude: located.latitude, longitude: located.longitude, zoom: MAP_ZOOM.default }
          : OPENING_CAMERA),
    [restoredCamera, focused, located],
  );

  // Without the device's location: where the map is and why, and the spas in its visible part. The line names the
  // place while the map is where it opened (Manila, or the place the network's address points to).
  const off = focusSlug ? null : (location.data?.off ?? null);
  const areaSize = useAreaSize(containerRef);
  const liveCamera = useLiveCamera(off ? loadedMap : null);
  const viewCamera = liveCamera ?? camera;
  const inView = useMemo(
    () => (off && areaSize ? spasInView(shown, viewCamera, areaSize) : []),
    [off, areaSize, shown, viewCamera],
  );
  const openingPlace = restoredCamera ? null : located ? `${located.city ?? 'your area'} (approximate)` : 'Manila';
  const offLine = off ? locationOffLine(off, sameCamera(viewCamera, camera) ? openingPlace : null) : null;

  // Focus mode opens the focused spa's popup.
  useEffect(() => {
    if (focused) setSelectedId(focused.id);
  }, [focused]);

  // Once the member's location is known, the map centres on it (unless focused, or the member already moved it).
  useEffect(() => {
    if (!located || focusSlug || movedByMember.current) return;
    mapRef.current?.jumpTo({ center: [located.longitude, located.latitude], zoom: MAP_ZOOM.default });
  }, [located, focusSlug]);

  // A spa opened from the list flies there; one tapped on the map moves only when the card would cover it.
  const flyRequest = useRef<{ spaId: number; zoom: number } | null>(null);
  const revealedId = useRef<number | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    const container = containerRef.current;
    if (!selected) {
      revealedId.current = null;
      return;
    }
    if (!map || !container || !panel || !loadedMap || revealedId.current === selected.id) return;
    revealedId.current = selected.id;
    const fly = flyRequest.current?.spaId === selected.id ? flyRequest.current : null;
    flyRequest.current = null;
    const area = uncoveredArea(container, panel);
    const inner = {
      left: area.left + MARKER_MARGIN_PX,
      top: area.top + MARKER_MARGIN_PX,
      right: area.right - MARKER_MARGIN_PX,
      bottom: area.bottom - MARKER_MARGIN_PX,
    };
    const centre: [number, number] = [selected.longitude, selected.latitude];
    if (fly) {
      // The spa lands in the middle of the map, or of its uncovered part when the card covers the middle.
      const [cx, cy] = [area.width / 2, area.height / 2];
      const middleFree = cx >= inner.left && cx <= inner.right && cy >= inner.top && cy <= inner.bottom;
      const offset: [number, number] = middleFree
        ? [0, 0]
        : [(area.left + area.right) / 2 - cx, (area.top + area.bottom) / 2 - cy];
      map.flyTo({ center: centre, zoom: fly.zoom, offset });
      return;
    }
    if (inner.right <= inner.left || inner.bottom <= inner.top) return; // no room left to show it: leave the map be
    const point = map.project(centre);
    const dx = point.x < inner.left ? inner.left - point.x : point.x > inner.right ? inner.right - point.x : 0;
    const dy = point.y < inner.top ? inner.top - point.y : point.y > inner.bottom ? inner.bottom - point.y : 0;
    if (dx !== 0 || dy !== 0) map.panBy([-dx, -dy]);
  }, [selected, panel, loadedMap]);

  const openSpa = useCallback((spa: SpaListingEntry) => {
    movedByMember.current = true;
    flyRequest.current = { spaId: spa.id, zoom: MAP_ZOOM.focused };
    revealedId.current = null;
    setView('map');
    setSelectedId(spa.id);
  }, []);

  const onMapClick = useCallback(async (event: MapLayerMouseEvent) => {
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
        const answer = source.getClusterExpansionZoom(clusterId, (error, value) =>
          resolve(error ? map.getZoom() + 2 : value),
        );
        if (answer && typeof answer.then === 'function') answer.then(resolve, () => resolve(map.getZoom() + 2));
      });
      const [lng, lat] = (cluster.geometry as GeoJSON.Point).coordinates as [number, number];
      map.easeTo({ center: [lng, lat], zoom });
      return;
    }
    setSelectedId(null);
  }, []);

  const navigate = useCallback(
    async (spa: SpaListingEntry) => {
      setRouting(true);
      try {
        const route = await utils.map.directions.fetch(
          {
            from: { latitude: origin.latitude, longitude: origin.longitude },
            to: { latitude: spa.latitude, longitude: spa.longitude },
            destinationName: spa.name,
          },
          { staleTime: 0 },
        );
        setNavigation({ spa, route });
        setSelectedId(null);
        const lngs = route.geometry.map(([lng]) => lng);
        const lats = route.geometry.map(([, lat]) => lat);
        // The route fits between the top controls and the panel (about half the map) above the chat pill.
        const container = containerRef.current;
        const height = container?.clientHeight ?? 600;
        const pill = container ? parseFloat(getComputedStyle(container).getPropertyValue(CHAT_PILL_SPACE)) || 0 : 0;
        mapRef.current?.fitBounds(
          [
            [Math.min(...lngs), Math.min(...lats)],
            [Math.max(...lngs), Math.max(...lats)],
          ],
          {
            padding: { top: TOP_CONTROLS_PX + 16, bottom: Math.round(height * 0.5) + pill, left: 40, right: 40 },
            maxZoom: 16,
          },
        );
      } catch (error) {
        console.error('Route calculation failed:', error); // only logged (spec, "Error catalogue")
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
        initialView={camera}
        mapRef={mapRef}
        onClick={onMapClick}
        onStyleReady={onStyleReady}
        reuse
        fadeDuration={0}
        loadingPill={!liveMarkers && view === 'map'}
      >
        {loadedMap ? <SpaLayers map={loadedMap} spas={shown} /> : null}
        {navigation ? <RouteLine route={navigation.route} /> : null}
        {located ? <UserDot latitude={located.latitude} longitude={located.longitude} /> : null}
      </MapView>
      {!liveMarkers && view === 'map' ? (
        <MarkerPreview spas={shown} camera={camera} member={located} onOpen={(spa) => setSelectedId(spa.id)} />
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
              if (view === 'map') setSelectedId(null);
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
            onClose={() => setSelectedId(null)}
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
          onClose={() => setNavigation(null)}
        />
      ) : null}
    </div>
  );
}
