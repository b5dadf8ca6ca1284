// Where the member is (spec, "States and transitions"): the device (5 s timeout, 5 min maximum age, high accuracy),
// then the maps provider's own geolocation where one exists (neither Mapbox nor MapLibre offers one, so that step is
// skipped), then the server's IP lookup, then Manila (accuracy 10,000 m, source fallback, with the error text). Every
// answer outside the Philippines is passed over. Failures fall back silently; the answer keeps why the device's own
// location was not used, for the map to say so.
import { fallbackLocation, isInPhilippines, LOCATION_MESSAGES, type LocationResult } from '../../../common/geo.ts';
import { DEVICE_GEOLOCATION, type LocationOffReason } from '../../../common/map.ts';
import type { TrpcUtils } from '../../trpc.ts';

/** The member's location, and why it is not the device's own (null when it is). */
export type MemberLocation = LocationResult & { off: LocationOffReason | null };

function devicePosition(): Promise<GeolocationPosition | LocationOffReason> {
  if (!('geolocation' in navigator)) return Promise.resolve('unavailable');
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      resolve,
      (error) => resolve(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      DEVICE_GEOLOCATION,
    );
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

export async function locateMember(utils: TrpcUtils): Promise<MemberLocation> {
  const position = await devicePosition();
  if (typeof position !== 'string' && isInPhilippines(position.coords.latitude, position.coords.longitude)) {
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
      off: null,
    };
  }
  const off = typeof position === 'string' ? position : 'abroad';
  const server = await serverLookup(utils);
  if (server && server.source !== 'fallback' && isInPhilippines(server.latitude, server.longitude))
    return { ...server, off };
  return { ...fallbackLocation(server?.error ?? LOCATION_MESSAGES.deviceUnavailable), off };
}
