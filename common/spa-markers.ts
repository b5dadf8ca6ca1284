// How spas look on the map, and how they cluster: one rule for the live map's layers (web/components/map/spa-map.tsx)
// and for the preview drawn from the listing before the map library has loaded, so that the preview's markers sit
// exactly where the live map then draws its own and nothing jumps at handover. The preview is markup
// (`markerPreviewMarkup`), placed from the map's centre so that it needs no measuring: the web app draws it
// (web/components/map/marker-preview.tsx), and the Worker draws the same into the signed-in home's page
// (`mapHomeFirstFrame`, worker/page-data.ts), so the spas show with the page's first paint, before any script.
// The clustering is the map library's own code (@maplibre/geojson-vt, the version maplibre-gl depends on), given
// the options maplibre-gl gives it for a clustered GeoJSON source.
import { Supercluster } from '@maplibre/geojson-vt';
import { formatCount } from './count.ts';
import { escapeHtml } from './html.ts';
import { HOME_HEADER_HEIGHT_PX, HOME_MAP_AREA_HEIGHT } from './limits.ts';
import { BASEMAP_COLORS, MAP_FALLBACK_CENTER, MAP_ZOOM, type SpaListingEntry } from './map.ts';

export const SPA_RED = '#dc2626';
/** A premium spa's marker has a gold ring (priority listings). */
export const PREMIUM_GOLD = '#d97706';

/** The clustered source's options: spas closer than `clusterRadius` screen pixels merge, up to zoom 13. */
export const SPA_CLUSTERING = { clusterMaxZoom: 13, clusterRadius: 44 } as const;

/** A cluster's circle radius in pixels by its spa count: [from count, radius]. */
const CLUSTER_RADII: [number, number][] = [
  [0, 17],
  [10, 21],
  [50, 26],
  [500, 32],
];

export function clusterRadius(count: number): number {
  return CLUSTER_RADII.reduce((radius, [from, size]) => (count >= from ? size : radius), CLUSTER_RADII[0]![1]);
}

/** The same steps as a style expression for the live map's cluster layer. */
export const CLUSTER_RADIUS_EXPRESSION = [
  'step',
  ['get', 'point_count'],
  ...CLUSTER_RADII.flatMap(([from, size], index) => (index === 0 ? [size] : [from, size])),
];

export const CLUSTER_OPACITY = 0.88;
export const CLUSTER_STROKE_PX = 2;
export const CLUSTER_TEXT_PX = 13;

/**
 * A single spa's marker: a red circle with a white S (ringed in gold for premium), drawn on a canvas of `canvasPx`
 * at `pixelRatio` canvas pixels per screen pixel and shown at `iconSize` (the live map's icon size).
 */
export const MARKER = { canvasPx: 64, radius: 28, ring: 5, premiumRing: 7, iconSize: 0.9, pixelRatio: 2 } as const;

/** Screen pixels per canvas pixel of the marker image. */
const MARKER_SCALE = MARKER.iconSize / MARKER.pixelRatio;

/** The listing as the clustered source's features, in the listing's order (clustering depends on it). */
export function spaFeatures(spas: SpaListingEntry[]): GeoJSON.FeatureCollection<GeoJSON.Point> {
  return {
    type: 'FeatureCollection',
    features: spas.map((spa) => ({
      type: 'Feature',
      id: spa.id,
      properties: { id: spa.id, premium: spa.isPremium },
      geometry: { type: 'Point', coordinates: [spa.longitude, spa.latitude] },
    })),
  };
}

/** maplibre-gl's vector tiles have this many units per tile edge, and a GeoJSON source's tiles are this many pixels. */
const TILE_EXTENT = 8192;
const TILE_SIZE_PX = 512;

/** The clusters a clustered source of these spas holds: maplibre-gl's own index with maplibre-gl's options. */
export function clusterIndex(spas: SpaListingEntry[]): Supercluster {
  const index = new Supercluster({
    maxZoom: SPA_CLUSTERING.clusterMaxZoom,
    minPoints: 2,
    extent: TILE_EXTENT,
    radius: SPA_CLUSTERING.clusterRadius * (TILE_EXTENT / TILE_SIZE_PX),
    log: false,
    generateId: false,
  });
  index.load(spaFeatures(spas).features);
  return index;
}

/** Web Mercator as the map draws it: 512 pixels per world at zoom 0. */
export function worldPixel(longitude: number, latitude: number, zoom: number): [number, number] {
  const world = TILE_SIZE_PX * 2 ** zoom;
  const sin = Math.sin((Math.max(-85.051129, Math.min(85.051129, latitude)) * Math.PI) / 180);
  return [((longitude + 180) / 360) * world, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world];
}

function worldToLngLat(x: number, y: number, zoom: number): [number, number] {
  const world = TILE_SIZE_PX * 2 ** zoom;
  const longitude = (x / world) * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / world))) * 180) / Math.PI;
  return [longitude, latitude];
}

export interface Camera {
  latitude: number;
  longitude: number;
  zoom: number;
}

/** How far a place sits from the map's centre with this camera, in screen pixels (right and down). */
export function offsetFromCentre(longitude: number, latitude: number, camera: Camera): { dx: number; dy: number } {
  const [x, y] = worldPixel(longitude, latitude, camera.zoom);
  const [cx, cy] = worldPixel(camera.longitude, camera.latitude, camera.zoom);
  return { dx: x - cx, dy: y - cy };
}

/**
 * The spas inside a map of this size (CSS pixels) with this camera, nearest its centre first: the same projection
 * as the markers, so the list names exactly the spas whose markers are on screen, with or without the live map.
 */
export function spasInView<T extends { longitude: number; latitude: number }>(
  spas: readonly T[],
  camera: Camera,
  size: { width: number; height: number },
): T[] {
  return spas
    .map((spa) => ({ spa, ...offsetFromCentre(spa.longitude, spa.latitude, camera) }))
    .filter(({ dx, dy }) => Math.abs(dx) <= size.width / 2 && Math.abs(dy) <= size.height / 2)
    .sort((a, b) => a.dx ** 2 + a.dy ** 2 - (b.dx ** 2 + b.dy ** 2))
    .map(({ spa }) => spa);
}

type PlacedMarker =
  | { kind: 'spa'; dx: number; dy: number; spaId: number; premium: boolean }
  | { kind: 'cluster'; dx: number; dy: number; count: number; label: string };

/**
 * How far from the map's centre the preview draws markers, across and down: half of a 2560 by 1600 screen (the map
 * clips what lies beyond its own edges), so the markup is the same on every screen and needs no measuring.
 */
export const PREVIEW_REACH_PX = { x: 1280, y: 800 } as const;

/**
 * The markers the live map draws for this camera within the preview's reach of the map's centre, placed
 * from the centre: the clusters of the zoom level the map's source tiles use (the whole zoom below the camera's),
 * placed at the camera's zoom. In the live map's drawing order: the cluster layer under the spas' layer, whose sort
 * key draws premium spas first.
 */
export function placeMarkers(index: Supercluster, camera: Camera): PlacedMarker[] {
  const reach = PREVIEW_REACH_PX;
  const [cx, cy] = worldPixel(camera.longitude, camera.latitude, camera.zoom);
  const margin = clusterRadius(Infinity);
  const [west, north] = worldToLngLat(cx - reach.x - margin, cy - reach.y - margin, camera.zoom);
  const [east, south] = worldToLngLat(cx + reach.x + margin, cy + reach.y + margin, camera.zoom);
  const placed = index.getClusters([west, south, east, north], Math.floor(camera.zoom)).map((feature): PlacedMarker => {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const offset = offsetFromCentre(longitude, latitude, camera);
    const properties = feature.properties as Record<string, unknown>;
    if (properties.cluster) {
      return {
        kind: 'cluster',
        ...offset,
        count: Number(properties.point_count),
        label: String(properties.point_count_abbreviated),
      };
    }
    return { kind: 'spa', ...offset, spaId: Number(properties.id), premium: Boolean(properties.premium) };
  });
  const order = (marker: PlacedMarker) => (marker.kind === 'cluster' ? 0 : marker.premium ? 1 : 2);
  return placed.sort((a, b) => order(a) - order(b));
}

/** A CSS position `dx`, `dy` pixels from the middle of the positioned parent. */
export function fromCentre(dx: number, dy: number): { left: string; top: string } {
  return { left: `calc(50% + ${+dx.toFixed(2)}px)`, top: `calc(50% + ${+dy.toFixed(2)}px)` };
}

const style = (declarations: Record<string, string | number>) =>
  Object.entries(declarations)
    .map(([property, value]) => `${property}:${typeof value === 'number' ? `${+value.toFixed(2)}px` : value}`)
    .join(';');

const rgba = (hex: string, alpha: number) =>
  `rgba(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)}, ${alpha})`;

/** A spa marker's tap target, around its circle (fingers are wider than the marker; 44 px as the app's controls). */
const SPA_TARGET_PX = 44;

/**
 * The element-timing name of the preview's markers: the web app records, from the browser's own paint times, when
 * they were first painted (the `spa-markers` user timing), whether they came with the page or were drawn by the app.
 */
export const PREVIEW_PAINT_TIMING = 'spa-markers';

/** The attribute on a spa's marker in the preview holding the spa's id (a tap opens its card). */
export const PREVIEW_SPA_ATTRIBUTE = 'data-spa-id';

function clusterMarkup(marker: Extract<PlacedMarker, { kind: 'cluster' }>): string {
  const outer = clusterRadius(marker.count) + CLUSTER_STROKE_PX;
  const label = escapeHtml(`${formatCount(marker.count)} spas`);
  const position = fromCentre(marker.dx - outer, marker.dy - outer);
  const look = style({
    ...position,
    width: outer * 2,
    height: outer * 2,
    background: rgba(SPA_RED, CLUSTER_OPACITY),
    border: `${CLUSTER_STROKE_PX}px solid #ffffff`,
    'font-size': CLUSTER_TEXT_PX,
  });
  return `<span role="img" aria-label="${label}" title="${label}" elementtiming="${PREVIEW_PAINT_TIMING}" style="${look}" class="absolute flex items-center justify-center rounded-full font-bold text-white">${escapeHtml(marker.label)}</span>`;
}

function spaMarkup(marker: Extract<PlacedMarker, { kind: 'spa' }>, spa: SpaListingEntry): string {
  const ring = marker.premium ? MARKER.premiumRing : MARKER.ring;
  const outer = (MARKER.radius + ring / 2) * MARKER_SCALE;
  const name = escapeHtml(spa.name);
  const target = style({
    ...fromCentre(marker.dx - SPA_TARGET_PX / 2, marker.dy - SPA_TARGET_PX / 2),
    width: SPA_TARGET_PX,
    height: SPA_TARGET_PX,
  });
  const circle = style({
    width: outer * 2,
    height: outer * 2,
    background: SPA_RED,
    border: `${ring * MARKER_SCALE}px solid ${marker.premium ? PREMIUM_GOLD : '#ffffff'}`,
    'font-size': (MARKER.canvasPx / 2) * MARKER_SCALE,
  });
  return (
    `<button type="button" ${PREVIEW_SPA_ATTRIBUTE}="${spa.id}" aria-label="${name}" title="${name}" style="${target}" class="pointer-events-auto absolute flex items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600">` +
    `<span aria-hidden="true" style="${circle}" class="flex items-center justify-center rounded-full leading-none font-bold text-white">` +
    `<span elementtiming="${PREVIEW_PAINT_TIMING}" style="transform:translateY(${MARKER_SCALE}px)">S</span></span></button>`
  );
}

/**
 * The preview's markers for this camera as markup (the spas' names escaped), and how many there are: spas'
 * markers are buttons carrying the spa's id, clusters are labelled images of their count.
 */
export function markerPreviewMarkup(
  index: Supercluster,
  spas: ReadonlyMap<number, SpaListingEntry>,
  camera: Camera,
): { html: string; count: number } {
  const parts = placeMarkers(index, camera).flatMap((marker) => {
    if (marker.kind === 'cluster') return [clusterMarkup(marker)];
    const spa = spas.get(marker.spaId);
    return spa ? [spaMarkup(marker, spa)] : [];
  });
  return { html: parts.join(''), count: parts.length };
}

/**
 * The preview's layer over the map: the basemap's land, clipped to the map (clipped, not hidden: a focused marker
 * beyond the edge must not scroll the layer off the map under it); only the spas' markers take taps.
 */
export const PREVIEW_LAYER_CLASS = 'pointer-events-none absolute inset-0 z-[5] overflow-clip';

/** Where the map opens when nothing else says: Manila at the default zoom (the member's location comes later). */
export const OPENING_CAMERA: Camera = { ...MAP_FALLBACK_CENTER, zoom: MAP_ZOOM.default };

/**
 * The signed-in home's first frame, for the Worker to put in the page's root after the home's chrome
 * (common/screen-chrome.ts): over the map's area (below the header, above the bottom bar, as the home screen lays it
 * out), the preview of these spas at the opening camera. The app's first render draws the same markers in the same
 * places and replaces it.
 */
export function mapHomeFirstFrame(spas: SpaListingEntry[]): string {
  const { html, count } = markerPreviewMarkup(
    clusterIndex(spas),
    new Map(spas.map((spa) => [spa.id, spa])),
    OPENING_CAMERA,
  );
  const area = style({ top: HOME_HEADER_HEIGHT_PX, height: HOME_MAP_AREA_HEIGHT });
  return (
    `<div class="fixed inset-x-0" style="${area}"><div class="${PREVIEW_LAYER_CLASS}" style="background:${BASEMAP_COLORS.land}" data-marker-preview="${count}">` +
    `<div class="absolute inset-0">${html}</div></div></div>`
  );
}
