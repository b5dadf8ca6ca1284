// Directions behind one interface (docs/architecture.md, "Providers"). With MAPBOX_TOKEN: Mapbox Directions (driving,
// metric, steps, the route's line). Without: a straight-line estimate (great-circle distance, time at an
// assumed city driving speed), always marked as an estimate so the screen never passes it off as a route.
import {
  bearingDegrees,
  compassDirection,
  distanceMeters,
  ESTIMATE_CITY_SPEED_KMH,
  formatDistance,
  formatDuration,
  stripMarkup,
  type LatLng,
  type RouteSummary,
} from '../../common/geo.ts';
import type { Config } from '../env.ts';

export interface DirectionsProvider {
  name: 'mapbox' | 'estimate';
  /** Null when no route exists between the points. */
  route(from: LatLng, to: LatLng, destinationName?: string): Promise<RouteSummary | null>;
}

/** Points along the great circle, so the estimate's line follows the curve the distance was measured on. */
function greatCirclePoints(from: LatLng, to: LatLng, segments = 16): [number, number][] {
  const points: [number, number][] = [];
  for (let i = 0; i <= segments; i++) {
    const t = i / segments;
    // Over a few hundred kilometres linear interpolation is within metres of the great circle.
    points.push([
      from.longitude + (to.longitude - from.longitude) * t,
      from.latitude + (to.latitude - from.latitude) * t,
    ]);
  }
  return points;
}

export const estimateProvider: DirectionsProvider = {
  name: 'estimate',
  async route(from, to, destinationName = 'the spa') {
    const meters = distanceMeters(from, to);
    const seconds = (meters / 1000 / ESTIMATE_CITY_SPEED_KMH) * 3600;
    const direction = compassDirection(bearingDegrees(from, to));
    return {
      distance: formatDistance(meters),
      duration: formatDuration(seconds),
      distanceMeters: Math.round(meters),
      durationSeconds: Math.round(seconds),
      steps: [
        {
          instruction: `Head ${direction} toward ${destinationName} (straight line; follow local roads)`,
          distance: formatDistance(meters),
          duration: formatDuration(seconds),
        },
      ],
      geometry: greatCirclePoints(from, to),
      provider: 'estimate',
      isEstimate: true,
    };
  },
};

interface MapboxRoute {
  distance: number;
  duration: number;
  geometry: { coordinates: [number, number][] };
  legs: { steps: { distance: number; duration: number; maneuver: { instruction: string } }[] }[];
}

function mapboxProvider(token: string): DirectionsProvider {
  return {
    name: 'mapbox',
    async route(from, to) {
      const path = `${from.longitude},${from.latitude};${to.longitude},${to.latitude}`;
      const url = new URL(`https://api.mapbox.com/directions/v5/mapbox/driving/${path}`);
      url.search = new URLSearchParams({
        steps: 'true',
        geometries: 'geojson',
        overview: 'full',
        language: 'en',
        access_token: token,
      }).toString();
      const response = await fetch(url, { signal: AbortSignal.timeout(6000) });
      const body = (await response.json()) as { code: string; routes?: MapboxRoute[] };
      if (body.code === 'NoRoute' || body.code === 'NoSegment') return null;
      if (!response.ok || body.code !== 'Ok' || !body.routes?.[0])
        throw new Error(`Mapbox Directions answered ${body.code} (HTTP ${response.status})`);
      const route = body.routes[0];
      return {
        distance: formatDistance(route.distance),
        duration: formatDuration(route.duration),
        distanceMeters: Math.round(route.distance),
        durationSeconds: Math.round(route.duration),
        steps: route.legs.flatMap((leg) =>
          leg.steps.map((step) => ({
            instruction: stripMarkup(step.maneuver.instruction),
            distance: formatDistance(step.distance),
            duration: formatDuration(step.duration),
          })),
        ),
        geometry: route.geometry.coordinates,
        provider: 'mapbox',
        isEstimate: false,
      };
    },
  };
}

export function directionsProvider(config: Config): DirectionsProvider {
  return config.MAPBOX_TOKEN ? mapboxProvider(config.MAPBOX_TOKEN) : estimateProvider;
}
