// The spas before the map (issue 21 item 6): on a phone over mobile data the map library (about 300 kB compressed)
// and its software-drawn first frame take seconds, while the listing comes with the page. Until the live map draws
// its own markers, this layer draws the same markers from the listing: the same clusters (the map library's own
// clustering code with the live source's options, lib/map/spa-markers.ts), at the places the live map puts them for
// the same camera, in the same look, on the basemap's land colour, with the member's blue dot. A spa's marker opens
// its card at once, as it does on the live map; a cluster only shows its count (zooming into it needs the live
// map). The live map replaces the layer when its first markers show.
import { useEffect, useLayoutEffect, useMemo, useState, type CSSProperties } from 'react';
import type { LatLng } from '../../../common/geo.ts';
import { MAP_MESSAGES, type SpaListingEntry } from '../../../common/map.ts';
import { formatCount } from '../../../common/count.ts';
import { BASEMAP_COLORS } from '../../lib/map/basemap.ts';
import {
  CLUSTER_OPACITY,
  CLUSTER_STROKE_PX,
  CLUSTER_TEXT_PX,
  clusterIndex,
  clusterRadius,
  MARKER,
  MARKER_SCALE,
  placeMarkers,
  PREMIUM_GOLD,
  SPA_RED,
  mapPosition,
  type Camera,
} from '../../lib/map/spa-markers.ts';

/**
 * A user timing that benchmarks read (bench/web.ts, bench/map.ts), set the first time only: `spa-markers` when the
 * first markers show (preview or live map), `spa-map-drawn` when the live map's own do.
 */
export function markOnce(name: 'spa-markers' | 'spa-map-drawn'): void {
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
}

/** The member's blue dot, on the live map (as its marker) and on the preview. */
export function LocationDot() {
  return (
    <span title={MAP_MESSAGES.yourLocation} role="img" aria-label={MAP_MESSAGES.yourLocation} className="relative flex size-5 items-center justify-center">
      <span className="absolute inline-flex size-full animate-ping rounded-full bg-blue-400 opacity-60" aria-hidden="true" />
      <span className="relative inline-flex size-4 rounded-full border-2 border-white bg-blue-600 shadow" aria-hidden="true" />
    </span>
  );
}

function useSize(element: HTMLElement | null) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = () => setSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return size;
}

const rgba = (hex: string, alpha: number) =>
  `rgba(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)}, ${alpha})`;

/** A spa marker's tap target, around its circle (fingers are wider than the marker; 44 px as the app's controls). */
const SPA_TARGET_PX = 44;

function spaMarkerStyle(premium: boolean): CSSProperties {
  const ring = premium ? MARKER.premiumRing : MARKER.ring;
  const outer = (MARKER.radius + ring / 2) * MARKER_SCALE;
  return {
    width: outer * 2,
    height: outer * 2,
    background: SPA_RED,
    border: `${ring * MARKER_SCALE}px solid ${premium ? PREMIUM_GOLD : '#ffffff'}`,
    fontSize: (MARKER.canvasPx / 2) * MARKER_SCALE,
  };
}

function clusterStyle(x: number, y: number, count: number): CSSProperties {
  const outer = clusterRadius(count) + CLUSTER_STROKE_PX;
  return {
    left: x - outer,
    top: y - outer,
    width: outer * 2,
    height: outer * 2,
    background: rgba(SPA_RED, CLUSTER_OPACITY),
    border: `${CLUSTER_STROKE_PX}px solid #ffffff`,
    fontSize: CLUSTER_TEXT_PX,
  };
}

interface MarkerPreviewProps {
  spas: SpaListingEntry[];
  camera: Camera;
  /** Where the member is, when the device or the network says (the blue dot). */
  member?: LatLng | undefined;
  onOpen: (spa: SpaListingEntry) => void;
}

function dotPosition(member: LatLng, camera: Camera, size: { width: number; height: number }): CSSProperties {
  const { x, y } = mapPosition(member.longitude, member.latitude, camera, size.width, size.height);
  return { left: x, top: y };
}

export function MarkerPreview({ spas, camera, member, onOpen }: MarkerPreviewProps) {
  const [layer, setLayer] = useState<HTMLDivElement | null>(null);
  const size = useSize(layer);
  const index = useMemo(() => clusterIndex(spas), [spas]);
  const byId = useMemo(() => new Map(spas.map((spa) => [spa.id, spa])), [spas]);
  const markers = useMemo(() => (size ? placeMarkers(index, camera, size.width, size.height) : []), [index, camera, size]);
  useEffect(() => {
    if (markers.length > 0) markOnce('spa-markers');
  }, [markers]);

  return (
    <div
      ref={setLayer}
      className="pointer-events-none absolute inset-0 z-[5] overflow-hidden"
      style={{ background: BASEMAP_COLORS.land }}
      data-marker-preview={markers.length}
    >
      {member && size ? (
        <span className="absolute -translate-x-1/2 -translate-y-1/2" style={dotPosition(member, camera, size)}>
          <LocationDot />
        </span>
      ) : null}
      {markers.map((marker) => {
        if (marker.kind === 'cluster') {
          const label = `${formatCount(marker.count)} spas`;
          return (
            <span
              key={`cluster-${marker.clusterId}`}
              role="img"
              aria-label={label}
              title={label}
              style={clusterStyle(marker.x, marker.y, marker.count)}
              className="absolute flex items-center justify-center rounded-full font-bold text-white"
            >
              {marker.label}
            </span>
          );
        }
        const spa = byId.get(marker.spaId);
        if (!spa) return null;
        return (
          <button
            key={`spa-${marker.spaId}`}
            type="button"
            aria-label={spa.name}
            title={spa.name}
            onClick={() => onOpen(spa)}
            style={{ left: marker.x - SPA_TARGET_PX / 2, top: marker.y - SPA_TARGET_PX / 2, width: SPA_TARGET_PX, height: SPA_TARGET_PX }}
            className="pointer-events-auto absolute flex items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span
              aria-hidden="true"
              style={spaMarkerStyle(marker.premium)}
              className="flex items-center justify-center rounded-full leading-none font-bold text-white"
            >
              <span style={{ transform: `translateY(${MARKER_SCALE}px)` }}>S</span>
            </span>
          </button>
        );
      })}
    </div>
  );
}
