// The spas on the live map, as the map library draws them: one GeoJSON source with clusters in it, a circle layer
// for the clusters with their count above it, and a symbol layer for single spas in the markers' look
// (common/spa-markers.ts). What the map screen asks of them lives here too: how many spas are drawn, and what a tap
// landed on.
import type { ExpressionSpecification, GeoJSONSource, PointLike } from 'maplibre-gl';
import type { SpaListingEntry } from '../../../common/map.ts';
import {
  CLUSTER_OPACITY,
  CLUSTER_RADIUS_EXPRESSION,
  CLUSTER_STROKE_PX,
  CLUSTER_TEXT_PX,
  MARKER,
  SPA_CLUSTERING,
  SPA_RED,
  spaFeatures,
} from '../../../common/spa-markers.ts';
import type { MapInstance } from './library.ts';
import { markerImage } from './marker-image.ts';

const SOURCE_ID = 'spas';
const CLUSTER_LAYER = 'spa-clusters';
const CLUSTER_COUNT_LAYER = 'spa-cluster-count';
const POINT_LAYER = 'spa-points';
const MARKER_IMAGE = 'spa-marker';
const PREMIUM_MARKER_IMAGE = 'spa-marker-premium';

/** What each map's spa source holds (ids, places, premium), so the same spas are never set again. */
const spasOnMap = new WeakMap<MapInstance, string>();

/**
 * The spa layers: clusters with their count, and single spas. They are added to the map once, as soon as its style
 * is in (before the basemap has loaded), and stay with it, so a kept map (MapView's `reuse`) comes back with its
 * spas already drawn; a new listing only sets the source's data.
 */
export function syncSpaLayers(map: MapInstance, spas: SpaListingEntry[], fonts: string[]) {
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

/** The single spas and clusters drawn within `area` (a box in map pixels; the whole map when absent). */
function renderedSpaFeatures(map: MapInstance, area?: [PointLike, PointLike]) {
  const layers = [POINT_LAYER, CLUSTER_LAYER].filter((layer) => map.getLayer(layer));
  return layers.length ? map.queryRenderedFeatures(area, { layers }) : [];
}

/** The spas drawn on the map: single markers plus those inside clusters. */
export function countDrawnSpas(map: MapInstance): number {
  const ids = new Set<string>();
  let drawn = 0;
  for (const feature of renderedSpaFeatures(map)) {
    const key = `${feature.layer.id}:${feature.properties?.cluster_id ?? feature.properties?.id}`;
    if (ids.has(key)) continue; // a feature can be returned once per tile it touches
    ids.add(key);
    drawn += feature.layer.id === CLUSTER_LAYER ? Number(feature.properties?.point_count ?? 0) : 1;
  }
  return drawn;
}

/** What a tap landed on: a single spa (which comes first), else a cluster, else nothing of the spas. */
export type SpaLayerHit =
  { kind: 'spa'; spaId: number } | { kind: 'cluster'; clusterId: number; centre: [number, number] } | null;

/** The spa or cluster drawn within `area` (the tap's box, in map pixels). */
export function spaLayerHitIn(map: MapInstance, area: [PointLike, PointLike]): SpaLayerHit {
  const features = renderedSpaFeatures(map, area);
  const point = features.find((feature) => feature.layer.id === POINT_LAYER);
  if (point) return { kind: 'spa', spaId: Number(point.properties?.id) };
  const cluster = features.find((feature) => feature.layer.id === CLUSTER_LAYER);
  if (!cluster) return null;
  const [lng, lat] = (cluster.geometry as GeoJSON.Point).coordinates as [number, number];
  return { kind: 'cluster', clusterId: Number(cluster.properties?.cluster_id), centre: [lng, lat] };
}

/** The zoom at which a cluster falls apart; two levels closer when the source cannot say. */
export function clusterExpansionZoom(map: MapInstance, clusterId: number): Promise<number> {
  const source = map.getSource(SOURCE_ID) as unknown as {
    getClusterExpansionZoom(id: number, callback?: (error: unknown, zoom: number) => void): Promise<number> | void;
  };
  // maplibre-gl answers with a promise, mapbox-gl through a callback.
  return new Promise<number>((resolve) => {
    const answer = source.getClusterExpansionZoom(clusterId, (error, value) =>
      resolve(error ? map.getZoom() + 2 : value),
    );
    if (answer && typeof answer.then === 'function') answer.then(resolve, () => resolve(map.getZoom() + 2));
  });
}
