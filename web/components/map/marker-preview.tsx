// The spas before the map: on a phone over mobile data the map library (about 300 kB compressed)
// and its software-drawn first frame take seconds, while the listing comes with the page. Until the live map draws
// its own markers, this layer draws the same markers from the listing: the same clusters, at the places the live map
// puts them for the same camera, in the same look, on the basemap's land colour, with the member's blue dot. The
// markers are the shared markup of common/spa-markers.ts, which the Worker also puts into the signed-in home's page,
// so that on a page load they show before any script and this layer's first render draws the same pixels. A spa's
// marker opens its card at once, as it does on the live map; a cluster only shows its count (zooming into it needs
// the live map). The live map replaces the layer when its first markers show.
import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import type { LatLng } from '../../../common/geo.ts';
import { BASEMAP_COLORS, MAP_MESSAGES, type SpaListingEntry } from '../../../common/map.ts';
import {
  clusterIndex,
  fromCentre,
  markerPreviewMarkup,
  offsetFromCentre,
  PREVIEW_LAYER_CLASS,
  PREVIEW_PAINT_TIMING,
  PREVIEW_SPA_ATTRIBUTE,
  type Camera,
} from '../../../common/spa-markers.ts';

/**
 * A user timing that benchmarks read (bench/web.ts, bench/map.ts), set the first time only: `spa-markers` when the
 * first markers show (preview or live map), `spa-map-drawn` when the live map's own do.
 */
export function markOnce(name: 'spa-markers' | 'spa-map-drawn', startTime?: number): void {
  if (performance.getEntriesByName(name).length === 0)
    performance.mark(name, startTime === undefined ? undefined : { startTime });
}

/** An element-timing entry (not yet in TypeScript's DOM types). */
interface ElementTiming extends PerformanceEntry {
  identifier: string;
  renderTime: number;
}

/**
 * Sets `spa-markers` at the time the browser first painted the preview's markers, which may be long before this
 * code ran: with the page, before any script (element timing, buffered). Where the browser has no element timing,
 * now.
 */
function markPaintedMarkers(): () => void {
  if (!PerformanceObserver.supportedEntryTypes?.includes('element')) {
    markOnce(PREVIEW_PAINT_TIMING);
    return () => undefined;
  }
  const observer = new PerformanceObserver((list) => {
    const painted = (list.getEntries() as ElementTiming[]).filter((entry) => entry.identifier === PREVIEW_PAINT_TIMING);
    if (painted.length === 0) return;
    observer.disconnect();
    markOnce(PREVIEW_PAINT_TIMING, Math.min(...painted.map((entry) => entry.renderTime || entry.startTime)));
  });
  observer.observe({ type: 'element', buffered: true });
  return () => observer.disconnect();
}

/** The member's blue dot, on the live map (as its marker) and on the preview. */
export function LocationDot() {
  return (
    <span
      title={MAP_MESSAGES.yourLocation}
      role="img"
      aria-label={MAP_MESSAGES.yourLocation}
      className="relative flex size-5 items-center justify-center"
    >
      <span
        className="absolute inline-flex size-full animate-ping rounded-full bg-blue-400 opacity-60"
        aria-hidden="true"
      />
      <span
        className="relative inline-flex size-4 rounded-full border-2 border-white bg-blue-600 shadow"
        aria-hidden="true"
      />
    </span>
  );
}

interface MarkerPreviewProps {
  spas: SpaListingEntry[];
  camera: Camera;
  /** Where the member is, when the device or the network says (the blue dot). */
  member?: LatLng | undefined;
  onOpen: (spa: SpaListingEntry) => void;
}

export function MarkerPreview({ spas, camera, member, onOpen }: MarkerPreviewProps) {
  const index = useMemo(() => clusterIndex(spas), [spas]);
  const byId = useMemo(() => new Map(spas.map((spa) => [spa.id, spa])), [spas]);
  const markers = useMemo(() => markerPreviewMarkup(index, byId, camera), [index, byId, camera]);
  const drawn = markers.count > 0;
  useEffect(() => (drawn ? markPaintedMarkers() : undefined), [drawn]);
  const layer = useRef<HTMLDivElement>(null);
  // The markup reaches beyond the map's edges: the markers there are left out of the keyboard's way (after the paint).
  useEffect(() => {
    const area = layer.current?.getBoundingClientRect();
    if (!area) return;
    for (const marker of layer.current!.querySelectorAll<HTMLElement>(`[${PREVIEW_SPA_ATTRIBUTE}]`)) {
      const box = marker.getBoundingClientRect();
      const inside = box.right > area.left && box.left < area.right && box.bottom > area.top && box.top < area.bottom;
      marker.tabIndex = inside ? 0 : -1;
    }
  }, [markers.html]);
  const dot = member ? offsetFromCentre(member.longitude, member.latitude, camera) : null;

  // The markers are markup: a tap on a spa's marker reaches the layer, which opens the spa it carries.
  const open = (event: MouseEvent<HTMLDivElement>) => {
    const marker = (event.target as Element).closest(`[${PREVIEW_SPA_ATTRIBUTE}]`);
    const spa = marker ? byId.get(Number(marker.getAttribute(PREVIEW_SPA_ATTRIBUTE))) : undefined;
    if (spa) onOpen(spa);
  };

  return (
    <div
      ref={layer}
      className={PREVIEW_LAYER_CLASS}
      style={{ background: BASEMAP_COLORS.land }}
      data-marker-preview={markers.count}
      onClick={open}
    >
      {dot ? (
        <span className="absolute -translate-x-1/2 -translate-y-1/2" style={fromCentre(dot.dx, dot.dy)}>
          <LocationDot />
        </span>
      ) : null}
      <div className="absolute inset-0" dangerouslySetInnerHTML={{ __html: markers.html }} />
    </div>
  );
}
