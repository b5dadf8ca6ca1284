// How spas look on the map, and how they cluster: one rule for the live map's layers (components/map/spa-map.tsx)
// and for the preview drawn from the listing before the map library has loaded (components/map/marker-preview.tsx),
// so that the preview's markers sit exactly where the live map then draws its own and nothing jumps at handover.
// The clustering is the map library's own code (@maplibre/geojson-vt, the version maplibre-gl depends on), given
// the options maplibre-gl gives it for a clustered GeoJSON source.
import { Supercluster } from '@maplibre/geojson-vt';
import type { SpaListingEntry } from '../../../common/map.ts';

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
export const CLUSTER_RADIUS_EXPRESSION = ['step', ['get', 'point_count'], ...CLUSTER_RADII.flatMap(([from, size], index) => (index === 0 ? [size] : [from, size]))];

export const CLUSTER_OPACITY = 0.88;
export const CLUSTER_STROKE_PX = 2;
export const CLUSTER_TEXT_PX = 13;

/**
 * A single spa's marker: a red circle with a white S (ringed in gold for premium), drawn on a canvas of `canvasPx`
 * at `pixelRatio` canvas pixels per screen pixel and shown at `iconSize` (the live map's icon size).
 */
export const MARKER = { canvasPx: 64, radius: 28, ring: 5, premiumRing: 7, iconSize: 0.9, pixelRatio: 2 } as const;

/** Screen pixels per canvas pixel of the marker image. */
export const MARKER_SCALE = MARKER.iconSize / MARKER.pixelRatio;

export function markerImage(premium: boolean): ImageData {
  const size = MARKER.canvasPx;
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = size;
  const context = canvas.getContext('2d')!;
  context.beginPath();
  context.arc(size / 2, size / 2, MARKER.radius, 0, Math.PI * 2);
  context.fillStyle = SPA_RED;
  context.fill();
  context.lineWidth = premium ? MARKER.premiumRing : MARKER.ring;
  context.strokeStyle = premium ? PREMIUM_GOLD : '#ffffff';
  context.stroke();
  context.fillStyle = '#ffffff';
  context.font = `bold ${size * 0.5}px system-ui, sans-serif`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText('S', size / 2, size / 2 + 2);
  return context.getImageData(0, 0, size, size);
}

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

/** Where a place sits on a map of `width` by `height` pixels with this camera, in pixels from its top left. */
export function mapPosition(longitude: number, latitude: number, camera: Camera, width: number, height: number): { x: number; y: number } {
  const [x, y] = worldPixel(longitude, latitude, camera.zoom);
  const [cx, cy] = worldPixel(camera.longitude, camera.latitude, camera.zoom);
  return { x: x - cx + width / 2, y: y - cy + height / 2 };
}

export type PlacedMarker =
  | { kind: 'spa'; x: number; y: number; spaId: number; premium: boolean }
  | { kind: 'cluster'; x: number; y: number; count: number; label: string; clusterId: number };

/**
 * The markers the live map draws for this camera on a map of `width` by `height` pixels, with their positions in
 * it: the clusters of the zoom level the map's source tiles use (the whole zoom below the camera's), placed at the
 * camera's zoom. In the live map's drawing order: the cluster layer under the spas' layer, whose sort key draws
 * premium spas first.
 */
export function placeMarkers(index: Supercluster, camera: Camera, width: number, height: number): PlacedMarker[] {
  const [cx, cy] = worldPixel(camera.longitude, camera.latitude, camera.zoom);
  const margin = clusterRadius(Infinity);
  const [west, north] = worldToLngLat(cx - width / 2 - margin, cy - height / 2 - margin, camera.zoom);
  const [east, south] = worldToLngLat(cx + width / 2 + margin, cy + height / 2 + margin, camera.zoom);
  const placed = index.getClusters([west, south, east, north], Math.floor(camera.zoom)).map((feature): PlacedMarker => {
    const [longitude, latitude] = feature.geometry.coordinates as [number, number];
    const position = mapPosition(longitude, latitude, camera, width, height);
    const properties = feature.properties as Record<string, unknown>;
    if (properties.cluster) {
      return {
        kind: 'cluster',
        ...position,
        count: Number(properties.point_count),
        label: String(properties.point_count_abbreviated),
        clusterId: Number(properties.cluster_id),
      };
    }
    return { kind: 'spa', ...position, spaId: Number(properties.id), premium: Boolean(properties.premium) };
  });
  const order = (marker: PlacedMarker) => (marker.kind === 'cluster' ? 0 : marker.premium ? 1 : 2);
  return placed.sort((a, b) => order(a) - order(b));
}
