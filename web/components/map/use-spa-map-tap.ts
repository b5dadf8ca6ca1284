// A tap on the live map: on a spa's marker (within a finger's width of it) it opens that spa's card, on a cluster it
// zooms in until the cluster falls apart, and anywhere else it closes the card.
import { useCallback, type RefObject } from 'react';
import type { MapLayerMouseEvent, MapRef } from 'react-map-gl/maplibre';
import { clusterExpansionZoom, spaLayerHitIn } from '../../lib/map/spa-layers.ts';

/** Taps within this many pixels of a marker count as on it (fingers are wider than the marker). */
const TAP_TOLERANCE_PX = 14;

export function useSpaMapTap(
  mapRef: RefObject<MapRef | null>,
  selectSpa: (spaId: number | null) => void,
  noteMovedByMember: () => void,
) {
  return useCallback(
    async (event: MapLayerMouseEvent) => {
      const map = mapRef.current?.getMap();
      if (!map) return;
      const { x, y } = event.point;
      const hit = spaLayerHitIn(map, [
        [x - TAP_TOLERANCE_PX, y - TAP_TOLERANCE_PX],
        [x + TAP_TOLERANCE_PX, y + TAP_TOLERANCE_PX],
      ]);
      if (hit?.kind === 'spa') {
        selectSpa(hit.spaId);
        return;
      }
      if (hit?.kind === 'cluster') {
        noteMovedByMember();
        const zoom = await clusterExpansionZoom(map, hit.clusterId);
        map.easeTo({ center: hit.centre, zoom });
        return;
      }
      selectSpa(null);
    },
    [mapRef, selectSpa, noteMovedByMember],
  );
}
