// Navigate on a spa's card: the route from the member (or Manila's centre) comes from the server's directions
// (an estimate when no provider answers, drawn dashed), the card gives way to the navigation panel, and the map fits
// the route between its top controls and the panel. A failed route is only logged (spec, "Error catalogue").
import { useCallback, useState, type RefObject } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import type { LatLng, RouteSummary } from '../../../common/geo.ts';
import type { SpaListingEntry } from '../../../common/map.ts';
import { trpc } from '../../trpc.ts';
import { chatPillHeight, TOP_CONTROLS_PX } from './map-layout.ts';

interface SpaNavigationOptions {
  mapRef: RefObject<MapRef | null>;
  container: RefObject<HTMLElement | null>;
  /** Where the route starts. */
  origin: LatLng;
  /** Opens a spa's card, or with null closes it (the route's panel takes its place). */
  selectSpa: (spaId: number | null) => void;
}

export function useSpaNavigation({ mapRef, container, origin, selectSpa }: SpaNavigationOptions) {
  const utils = trpc.useUtils();
  const [navigation, setNavigation] = useState<{ spa: SpaListingEntry; route: RouteSummary } | null>(null);
  const [routing, setRouting] = useState(false);

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
        selectSpa(null);
        const lngs = route.geometry.map(([lng]) => lng);
        const lats = route.geometry.map(([, lat]) => lat);
        // The route fits between the top controls and the panel (about half the map) above the chat pill.
        const area = container.current;
        const height = area?.clientHeight ?? 600;
        const pill = area ? chatPillHeight(area) : 0;
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
    [origin.latitude, origin.longitude, utils, selectSpa, mapRef, container],
  );

  const endNavigation = () => setNavigation(null);

  return { navigation, routing, navigate, endNavigation };
}
