// The map's constants and the spa listing it draws (spec, "Map (home for logged-in users, and /map)",
// "Entities and their fields" and "Business constants and limits"), shared by the Worker
// (GET /api/users?role=spa_management) and the web app.
import type { SpaListingEntry } from './map-output.ts';

export const MAP_ZOOM = { default: 12, focused: 15, recenter: 14, addressDefault: 13, addressSet: 15 } as const;
/** The map's own centre before the member's location is known (spec, "Business constants and limits"). */
export const MAP_FALLBACK_CENTER = { latitude: 14.64425, longitude: 121.037472 } as const;
/** The basemap's colours: the embedded basemap's (web/lib/map/basemap.ts), and the preview's land under the markers. */
export const BASEMAP_COLORS = { sea: '#cfe3ee', land: '#f6f1e7', coast: '#8fb3c6', label: '#4a4237', halo: '#fffdf8' };
/** The popup's star count loads this long after the popup opens. */
export const STAR_COUNT_DELAY_MS = 500;
/** Loading the map library: 3 retries with exponential delay (1 s, 2 s, 4 s). */
export const MAP_LOAD_RETRIES = 3;
export const MAP_LOAD_RETRY_BASE_MS = 1000;
/** Device geolocation (spec, "Business constants and limits"). */
export const DEVICE_GEOLOCATION = { timeout: 5000, maximumAge: 5 * 60_000, enableHighAccuracy: true } as const;
/** Default country prefix of Call (spec, "Map (home for logged-in users, and /map)"). */
export const DEFAULT_COUNTRY_PREFIX = '+63';
/** The one role whose map listing anyone may read: the spa listing, which the edge cache keeps. */
export const PUBLIC_LISTING_ROLE = 'spa_management';
/** Seconds the spa listing stays in the edge cache (ADR 006); writes purge it sooner. */
export const SPA_LISTING_CACHE_SECONDS = 30;

export const MAP_MESSAGES = {
  loading: 'Loading map...',
  errorTitle: 'Map Error',
  error: 'Failed to load the map',
  addressEditorError: 'Maps Error: Failed to load the map. Please refresh the page.',
  listFailed: 'Failed to fetch spa management users',
  featured: 'FEATURED LOCATION',
  yourLocation: 'Your Location',
  estimateLabel: 'Estimate: straight-line distance at an assumed city driving speed, not a road route.',
} as const;

/** Why the map cannot show where the member is: the device's location was refused, not found, or abroad. */
export const LOCATION_OFF_REASONS = {
  denied: 'location is off',
  unavailable: 'location is unavailable',
  abroad: 'you are outside the Philippines',
} as const;
export type LocationOffReason = keyof typeof LOCATION_OFF_REASONS;

/**
 * The map's line without the device's location: where it is centred and why ("Showing Manila: location is off"),
 * or only why once the member has moved the map elsewhere (`place` null).
 */
export function locationOffLine(reason: LocationOffReason, place: string | null): string {
  const why = LOCATION_OFF_REASONS[reason];
  return place ? `Showing ${place}: ${why}` : `${why.charAt(0).toUpperCase()}${why.slice(1)}`;
}

/** The button that lists the spas in the visible part of the map. */
export function spasInViewLabel(count: number): string {
  return count === 1 ? '1 spa in view' : `${count} spas in view`;
}

/**
 * A spa on the map (spec, "Entities and their fields") with its computed rating and opening state: the type is
 * inferred from its schema in map-output.ts (imported as a type only, so the map screen does not load zod).
 */
export type { SpaListingEntry } from './map-output.ts';

/** Distances within the same band of this many metres count as equal for priority listings. */
export const PRIORITY_BAND_METERS = 500;

/**
 * The list view's order (priority listings): nearest first by distance band (PRIORITY_BAND_METERS); within a
 * band, premium spas first; then the nearer, then the lower id. A premium spa never jumps ahead of a spa in a
 * nearer band.
 */
export function listingOrder(
  a: { meters: number; spa: Pick<SpaListingEntry, 'isPremium' | 'id'> },
  b: typeof a,
): number {
  const band = Math.floor(a.meters / PRIORITY_BAND_METERS) - Math.floor(b.meters / PRIORITY_BAND_METERS);
  if (band !== 0) return band;
  if (a.spa.isPremium !== b.spa.isPremium) return a.spa.isPremium ? -1 : 1;
  return a.meters - b.meters || a.spa.id - b.spa.id;
}

/** How the browser draws the map: the type is inferred from its schema in map-output.ts. */
export type { MapClientConfig } from './map-output.ts';

/** The Worker-served basemap files (built from Natural Earth and the GeoNames gazetteer by `vite build`). */
export const EMBEDDED_BASEMAP = { land: '/geo/ph-land.json', places: '/geo/ph-places.json' } as const;

/**
 * Spa management's phone as a dialable international number: "0917 123 4567", "917 123 4567" and
 * "+63 917 123 4567" all become "+639171234567"; null when nothing dialable remains.
 */
export function dialableNumber(phone: string | null | undefined, prefix = DEFAULT_COUNTRY_PREFIX): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[^\d+]/g, '');
  if (/^\+\d{6,15}$/.test(digits)) return digits;
  const bare = digits.replace(/\+/g, '');
  if (bare.length < 6) return null;
  const countryDigits = prefix.replace('+', '');
  if (bare.startsWith('00')) return `+${bare.slice(2)}`;
  if (bare.startsWith(countryDigits) && bare.length > 10) return `+${bare}`;
  return `${prefix}${bare.replace(/^0/, '')}`;
}
