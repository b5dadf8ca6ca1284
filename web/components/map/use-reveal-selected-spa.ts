// The spa whose card opens stays in sight: a spa opened from the list (or the location-off notice) flies there and
// lands in the middle of the map, or of the part the card leaves uncovered; one tapped on the map moves only when
// the card, the chat pill or the top controls would cover it, and then just enough.
import { useCallback, useEffect, useRef, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import { MAP_ZOOM, type SpaListingEntry } from '../../../common/map.ts';
import type { MapInstance } from '../../lib/map/library.ts';
import { uncoveredArea } from './map-layout.ts';

/** How far inside the uncovered part of the map a spa must be to count as in view. */
const MARKER_MARGIN_PX = 28;

interface RevealSelectedSpaOptions {
  mapRef: RefObject<MapRef | null>;
  container: RefObject<HTMLElement | null>;
  selected: SpaListingEntry | null;
  /** The card, once it is laid out. */
  panel: HTMLElement | null;
  /** The live map, once its style is in. */
  map: MapInstance | null;
}

/** Moves the map to show the selected spa; returns the request that the next selection of a spa flies to it. */
export function useRevealSelectedSpa({ mapRef, container, selected, panel, map: liveMap }: RevealSelectedSpaOptions) {
  const flyRequest = useRef<{ spaId: number; zoom: number } | null>(null);
  const revealedId = useRef<number | null>(null);
  useEffect(() => {
    const map = mapRef.current;
    const area = container.current;
    if (!selected) {
      revealedId.current = null;
      return;
    }
    if (!map || !area || !panel || !liveMap || revealedId.current === selected.id) return;
    revealedId.current = selected.id;
    const fly = flyRequest.current?.spaId === selected.id ? flyRequest.current : null;
    flyRequest.current = null;
    const uncovered = uncoveredArea(area, panel);
    const inner = {
      left: uncovered.left + MARKER_MARGIN_PX,
      top: uncovered.top + MARKER_MARGIN_PX,
      right: uncovered.right - MARKER_MARGIN_PX,
      bottom: uncovered.bottom - MARKER_MARGIN_PX,
    };
    const centre: [number, number] = [selected.longitude, selected.latitude];
    if (fly) {
      // The spa lands in the middle of the map, or of its uncovered part when the card covers the middle.
      const [cx, cy] = [uncovered.width / 2, uncovered.height / 2];
      const middleFree = cx >= inner.left && cx <= inner.right && cy >= inner.top && cy <= inner.bottom;
      const offset: [number, number] = middleFree
        ? [0, 0]
        : [(uncovered.left + uncovered.right) / 2 - cx, (uncovered.top + uncovered.bottom) / 2 - cy];
      map.flyTo({ center: centre, zoom: fly.zoom, offset });
      return;
    }
    if (inner.right <= inner.left || inner.bottom <= inner.top) return; // no room left to show it: leave the map be
    const point = map.project(centre);
    const dx = point.x < inner.left ? inner.left - point.x : point.x > inner.right ? inner.right - point.x : 0;
    const dy = point.y < inner.top ? inner.top - point.y : point.y > inner.bottom ? inner.bottom - point.y : 0;
    if (dx !== 0 || dy !== 0) map.panBy([-dx, -dy]);
  }, [selected, panel, liveMap, mapRef, container]);

  return useCallback((spa: SpaListingEntry) => {
    flyRequest.current = { spaId: spa.id, zoom: MAP_ZOOM.focused };
    revealedId.current = null;
  }, []);
}
