// Places on the map, shared by the Worker and the web app: the Philippines bounding check, the location result
// (spec, "Entities and their fields") and its fallback, great-circle distances, the address payload and the
// geocoding and directions shapes. Numbers come from the spec's "Business constants and limits".
import type { LocationResult } from './geo-output.ts';
import { MANILA_CENTER, PHILIPPINES_BOUNDS } from './limits.ts';

export interface LatLng {
  latitude: number;
  longitude: number;
}

export function isInPhilippines(latitude: number, longitude: number): boolean {
  return (
    latitude >= PHILIPPINES_BOUNDS.minLat &&
    latitude <= PHILIPPINES_BOUNDS.maxLat &&
    longitude >= PHILIPPINES_BOUNDS.minLng &&
    longitude <= PHILIPPINES_BOUNDS.maxLng
  );
}

/** Decimals of a person's position that other members see: 3 is about 110 m, a neighbourhood, not a door. */
export const PERSON_POSITION_DECIMALS = 3;

/**
 * A coordinate as one member is shown another's: a spa listing (a business) and one's own position exactly, a
 * person's (a therapist's home base) rounded to about 100 m, except for admins.
 */
export function coordinateShown(value: number, precise: boolean): string {
  if (precise) return String(value);
  const scale = 10 ** PERSON_POSITION_DECIMALS;
  return String(Math.round(value * scale) / scale);
}

const EARTH_RADIUS_M = 6_371_008.8;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in metres. */
export function distanceMeters(from: LatLng, to: LatLng): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLng = radians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Initial compass bearing from one point to another, in degrees (0 = north). */
export function bearingDegrees(from: LatLng, to: LatLng): number {
  const φ1 = radians(from.latitude);
  const φ2 = radians(to.latitude);
  const Δλ = radians(to.longitude - from.longitude);
  const y = Math.sin(Δλ) * Math.cos(φ2);
  const x = Math.cos(φ1) * Math.sin(φ2) - Math.sin(φ1) * Math.cos(φ2) * Math.cos(Δλ);
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

const COMPASS = ['north', 'northeast', 'east', 'southeast', 'south', 'southwest', 'west', 'northwest'] as const;
export function compassDirection(degrees: number): (typeof COMPASS)[number] {
  return COMPASS[Math.round(degrees / 45) % 8]!;
}

/** "4 m", "850 m", "4.2 km", "12 km". */
export function formatDistance(meters: number): string {
  if (meters < 10) return `${Math.max(1, Math.round(meters))} m`;
  if (meters < 1000) return `${Math.round(meters / 10) * 10} m`;
  const km = meters / 1000;
  return `${km < 10 ? km.toFixed(1) : Math.round(km)} km`;
}

/** "1 min", "25 mins", "1 hour 5 mins". */
export function formatDuration(seconds: number): string {
  const totalMinutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  const minuteText = `${minutes} ${minutes === 1 ? 'min' : 'mins'}`;
  if (hours === 0) return minuteText;
  const hourText = `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return minutes === 0 ? hourText : `${hourText} ${minuteText}`;
}

// Location result ----------------------------------------------------------------------------------------

/** Which lookup answered: the spec's four, plus Cloudflare's own IP lookup (request.cf) on the server. */
export const LOCATION_SOURCES = [
  'device',
  'google_geolocation',
  'maxmind_geoip',
  'cloudflare_geoip',
  'fallback',
] as const;

// Answers: their schemas and the types inferred from them are in geo-output.ts.
export type { AddressSuggestion, LocationResult } from './geo-output.ts';

/** Accuracy of the Manila fallback (spec, "Business constants and limits"). */
export const FALLBACK_ACCURACY_M = 10_000;

export function fallbackLocation(error: string): LocationResult {
  return {
    latitude: MANILA_CENTER.latitude,
    longitude: MANILA_CENTER.longitude,
    accuracy: FALLBACK_ACCURACY_M,
    source: 'fallback',
    country: 'PH',
    city: 'Manila',
    region: 'Metro Manila',
    postalCode: null,
    timezone: 'Asia/Manila',
    isp: null,
    error,
  };
}

export const LOCATION_MESSAGES = {
  noIpLocation: 'No IP location is available for this request (local development or a private address).',
  maxmindNotConfigured:
    'MaxMind GeoIP2 is not configured (set MAXMIND_ACCOUNT_ID and MAXMIND_LICENSE_KEY); showing the default location.',
  maxmindFailed: 'The MaxMind GeoIP2 lookup failed; showing the default location.',
  maxmindNoLocation: 'MaxMind has no location for this address; showing the default location.',
  invalidIp: 'A valid IPv4 or IPv6 address is required.',
  deviceUnavailable: 'Location unavailable; showing the default location (Manila).',
} as const;

// Addresses ----------------------------------------------------------------------------------------------

export const ADDRESS_MAX_LENGTH = 200;

export const ADDRESS_MESSAGES = {
  addressRequired: 'Address is required',
  addressTooLong: `Address must be at most ${ADDRESS_MAX_LENGTH} characters.`,
  latitude: `Latitude must be a number inside the Philippines (${PHILIPPINES_BOUNDS.minLat} to ${PHILIPPINES_BOUNDS.maxLat}).`,
  longitude: `Longitude must be a number inside the Philippines (${PHILIPPINES_BOUNDS.minLng} to ${PHILIPPINES_BOUNDS.maxLng}).`,
  locationRequiredTitle: 'Location Required',
  locationRequired: 'Please select a location on the map by searching for an address.',
  updateFailed: 'Update failed',
} as const;

// Geocoding ----------------------------------------------------------------------------------------------

/** Suggestions start at 3 characters and at most 5 are shown (spec, "Business constants and limits"). */
export const ADDRESS_SEARCH_MIN_LENGTH = 3;
export const ADDRESS_SUGGESTIONS_MAX = 5;

/** Who found an address: the gazetteer (towns and cities), the platform's saved spa addresses, or Mapbox. */
export const GEOCODE_SOURCES = ['gazetteer', 'platform', 'mapbox'] as const;

/** A gazetteer row as built by scripts/geodata.ts: [name, latitude, longitude, population, region index, seat]. */
export type GazetteerRow = [
  name: string,
  latitude: number,
  longitude: number,
  population: number,
  region: number,
  seat: 0 | 1,
];
export interface GazetteerFile {
  source: string;
  regions: string[];
  /** Most populous first. */
  places: GazetteerRow[];
}

// Directions ---------------------------------------------------------------------------------------------

/**
 * The route summary (spec, "Entities and their fields") with the line to draw and what produced it: the
 * map.directions answer, whose type is inferred from its schema in map-output.ts (a type only: no zod here).
 */
export type { RouteSummary } from './map-output.ts';

/** Average door-to-door driving speed assumed for the straight-line estimate (Metro Manila traffic). */
export const ESTIMATE_CITY_SPEED_KMH = 20;

/** Removes HTML tags and collapses whitespace in a provider's instruction text. */
export function stripMarkup(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
