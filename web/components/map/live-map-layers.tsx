// What the spa map draws on the live map, with the components of whichever library loaded (useMapKit): the spas'
// layers kept on the listing shown, the route of a navigation (dashed when it is an estimate), and the member's
// blue dot.
import { useEffect, useMemo } from 'react';
import type { RouteSummary } from '../../../common/geo.ts';
import type { SpaListingEntry } from '../../../common/map.ts';
import type { MapInstance } from '../../lib/map/library.ts';
import { syncSpaLayers } from '../../lib/map/spa-layers.ts';
import { useMapKit } from './map-view.tsx';
import { LocationDot } from './marker-preview.tsx';

/** Keeps the map's spa layers on the listing shown. */
export function SpaLayers({ map, spas }: { map: MapInstance; spas: SpaListingEntry[] }) {
  const { basemap } = useMapKit();
  const fonts = basemap.fonts;
  useEffect(() => syncSpaLayers(map, spas, fonts), [map, spas, fonts]);
  return null;
}

export function RouteLine({ route }: { route: RouteSummary }) {
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

export function MemberDot({ latitude, longitude }: { latitude: number; longitude: number }) {
  const { kit } = useMapKit();
  const { Marker } = kit.components;
  return (
    <Marker latitude={latitude} longitude={longitude} anchor="center">
      <LocationDot />
    </Marker>
  );
}
