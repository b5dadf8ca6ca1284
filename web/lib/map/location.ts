// Where the member is (spec part 1 section 4): the device (5 s timeout, 5 min maximum age, high accuracy), then
// the maps provider's own geolocation where one exists (neither Mapbox nor MapLibre offers one, so that step
// is skipped), then the server's IP lookup, then Manila (accuracy 10,000 m, source fallback, with the error
// text). Every answer outside the Philippines is passed over. Failures fall back silently.
import { fallbackLocation, isInPhilippines, LOCATION_MESSAGES, type LocationResult } from '../../../common/geo.ts';
import { DEVICE_GEOLOCATION } from '../../../common/map.ts';
import type { TrpcUtils } from '../../trpc.ts';

function devicePosition(): Promise<GeolocationPosition | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(resolve, () => resolve(null), DEVICE_GEOLOCATION);
  });
}

/** The server's IP lookup (GET /api/geolocation/maxmind), asked once: the fallback follows at once on a failure. */
async function serverLookup(utils: TrpcUtils): Promise<LocationResult | null> {
  try {
    return await utils.geo.locate.fetch(undefined, { retry: false });
  } catch {
    return null;
  }
}

export async function locateMember(utils: TrpcUtils): Promise<LocationResult> {
  const position = await devicePosition();
  if (position && isInPhilippines(position.coords.latitude, position.coords.longitude)) {
    return {
      latitude: position.coords.latitude,
      longitude: position.coords.longitude,
      accuracy: position.coords.accuracy,
      source: 'device',
      country: null,
      city: null,
      region: null,
      postalCode: null,
      timezone: null,
      isp: null,
    };
  }
  const server = await serverLookup(utils);
  if (server && server.source !== 'fallback' && isInPhilippines(server.latitude, server.longitude)) return server;
  return fallbackLocation(server?.error ?? LOCATION_MESSAGES.deviceUnavailable);
}
