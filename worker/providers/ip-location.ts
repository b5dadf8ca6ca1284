// Where a request comes from, by IP address (the server's step of the location chain, spec, "States and transitions").
// Cloudflare's own lookup (request.cf) costs nothing and answers for the caller; MaxMind's GeoIP2 web service
// (MAXMIND_ACCOUNT_ID, MAXMIND_LICENSE_KEY) answers for any address. Without an answer the result is the Manila
// fallback with `source: "fallback"` and an honest error text.
import { fallbackLocation, LOCATION_MESSAGES, type LocationResult } from '../../common/geo.ts';
import type { Config } from '../env.ts';
import { log } from '../log.ts';

/** Loopback, private, link-local and other addresses no IP database can place. */
export function isNonPublicAddress(ip: string): boolean {
  const v4 = ip.match(/^(\d+)\.(\d+)\.\d+\.\d+$/);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127) ||
      a >= 224
    );
  }
  const v6 = ip.toLowerCase();
  return (
    v6 === '::' ||
    v6 === '::1' ||
    /^f[cd]/.test(v6) ||
    /^fe[89ab]/.test(v6) ||
    v6.startsWith('::ffff:127.') ||
    v6.startsWith('::ffff:10.') ||
    v6.startsWith('::ffff:192.168.')
  );
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/** The caller's location from request.cf; the fallback in local development and for private addresses. */
export function locateFromCloudflare(request: Request, clientIp: string | null): LocationResult {
  const cf = (request as Request & { cf?: IncomingRequestCfProperties }).cf;
  const latitude = Number(cf?.latitude);
  const longitude = Number(cf?.longitude);
  // Local development (wrangler dev) invents a request.cf for a loopback caller: it says nothing about them.
  if (
    !cf ||
    !clientIp ||
    isNonPublicAddress(clientIp) ||
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    cf.latitude === undefined
  ) {
    return fallbackLocation(LOCATION_MESSAGES.noIpLocation);
  }
  return {
    latitude,
    longitude,
    // Cloudflare does not publish an accuracy; city-level IP lookups are good to tens of kilometres.
    accuracy: 25_000,
    source: 'cloudflare_geoip',
    country: text(cf.country),
    city: text(cf.city),
    region: text(cf.region),
    postalCode: text(cf.postalCode),
    timezone: text(cf.timezone),
    isp: text(cf.asOrganization),
  };
}

interface MaxMindCity {
  city?: { names?: { en?: string } };
  country?: { iso_code?: string };
  subdivisions?: { names?: { en?: string } }[];
  postal?: { code?: string };
  location?: { latitude?: number; longitude?: number; accuracy_radius?: number; time_zone?: string };
  traits?: { isp?: string; organization?: string };
}

/** MaxMind GeoIP2 City web service for one address. */
export async function locateWithMaxMind(config: Config, ip: string): Promise<LocationResult> {
  if (!config.MAXMIND_ACCOUNT_ID || !config.MAXMIND_LICENSE_KEY)
    return fallbackLocation(LOCATION_MESSAGES.maxmindNotConfigured);
  if (isNonPublicAddress(ip)) return fallbackLocation(LOCATION_MESSAGES.noIpLocation);
  try {
    const response = await fetch(`https://geoip.maxmind.com/geoip/v2.1/city/${encodeURIComponent(ip)}`, {
      headers: {
        Authorization: `Basic ${btoa(`${config.MAXMIND_ACCOUNT_ID}:${config.MAXMIND_LICENSE_KEY}`)}`,
        Accept: 'application/json',
      },
      signal: AbortSignal.timeout(5000),
    });
    if (response.status === 404) return fallbackLocation(LOCATION_MESSAGES.maxmindNoLocation);
    if (!response.ok) throw new Error(`MaxMind answered HTTP ${response.status}`);
    const body = (await response.json()) as MaxMindCity;
    const location = body.location;
    if (typeof location?.latitude !== 'number' || typeof location.longitude !== 'number') {
      return fallbackLocation(LOCATION_MESSAGES.maxmindNoLocation);
    }
    return {
      latitude: location.latitude,
      longitude: location.longitude,
      accuracy: (location.accuracy_radius ?? 50) * 1000,
      source: 'maxmind_geoip',
      country: text(body.country?.iso_code),
      city: text(body.city?.names?.en),
      region: text(body.subdivisions?.[0]?.names?.en),
      postalCode: text(body.postal?.code),
      timezone: text(location.time_zone),
      isp: text(body.traits?.isp ?? body.traits?.organization),
    };
  } catch (error) {
    log.error('MaxMind GeoIP2 lookup failed', { error });
    return fallbackLocation(LOCATION_MESSAGES.maxmindFailed);
  }
}
