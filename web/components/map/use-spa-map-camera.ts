// Where the spa map looks: it opens where the member left it (the map is kept between visits, MapView's `reuse`),
// else close on the focused spa, else on the member, else on the opening camera the page's first frame drew the
// spas at; it centres on the member once their location is known, unless they already moved the map or a spa is
// focused; and Recenter flies back to them.
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { LatLng } from '../../../common/geo.ts';
import { MAP_ZOOM, type SpaListingEntry } from '../../../common/map.ts';
import { OPENING_CAMERA, type Camera } from '../../../common/spa-markers.ts';
import type { MapInstance } from '../../lib/map/library.ts';

/** Where the map's camera was when the member left it (not in focus mode): it comes back as they left it. */
let lastCamera: Camera | null = null;

interface SpaMapCameraOptions {
  mapRef: RefObject<MapRef | null>;
  focusSlug: string | undefined;
  focused: SpaListingEntry | undefined;
  /** Where the member is, once the device or the network said. */
  located: LatLng | undefined;
  /** Where Recenter flies to. */
  origin: LatLng;
}

export function useSpaMapCamera({ mapRef, focusSlug, focused, located, origin }: SpaMapCameraOptions) {
  // The camera the member left the map with (not in focus mode): the map opens there, not on their location.
  const [restoredCamera] = useState(() => (focusSlug ? null : lastCamera));
  const movedByMember = useRef(restoredCamera !== null);
  const noteMovedByMember = useCallback(() => {
    movedByMember.current = true;
  }, []);
  /** Keeps the camera of the map the screen lets go of, for the next visit. */
  const keepCamera = useCallback(
    (map: MapInstance) => {
      if (focusSlug) return;
      const centre = map.getCenter();
      lastCamera = { latitude: centre.lat, longitude: centre.lng, zoom: map.getZoom() };
    },
    [focusSlug],
  );

  // Where the map opens: where the member left it, else on the focused spa, else on the member, else Manila.
  const openingCamera = useMemo(
    () =>
      restoredCamera ??
      (focused
        ? { latitude: focused.latitude, longitude: focused.longitude, zoom: MAP_ZOOM.focused }
        : located
          ? { latitude: located.latitude, longitude: located.longitude, zoom: MAP_ZOOM.default }
          : OPENING_CAMERA),
    [restoredCamera, focused, located],
  );

  // Once the member's location is known, the map centres on it (unless focused, or the member already moved it).
  useEffect(() => {
    if (!located || focusSlug || movedByMember.current) return;
    mapRef.current?.jumpTo({ center: [located.longitude, located.latitude], zoom: MAP_ZOOM.default });
  }, [located, focusSlug, mapRef]);

  const recenter = () => {
    noteMovedByMember();
    mapRef.current?.flyTo({ center: [origin.longitude, origin.latitude], zoom: MAP_ZOOM.recenter });
  };

  return { openingCamera, restoredCamera, keepCamera, noteMovedByMember, recenter };
}
