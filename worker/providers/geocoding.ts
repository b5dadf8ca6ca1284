// Geocoding behind one interface (docs/architecture.md, "Providers"): address search and reverse lookups. The embedded
// default answers offline from the platform's own saved spa addresses (street level, one database round trip)
// and the built-in GeoNames gazetteer (towns and cities; a street it cannot place is kept with the town it is in,
// see partialMatches). With MAPBOX_TOKEN, Mapbox's Geocoding API (country
// PH) answers instead; when it fails, the embedded geocoder does, so a member is never left without suggestions.
// Keys stay on the server: the browser only calls the signed-in, rate-limited procedures in routers/geo.ts.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { ADDRESS_SUGGESTIONS_MAX, type AddressSuggestion, type LatLng } from '../../common/geo.ts';
import { users } from '../../db/schema.ts';
import type { Database } from '../db.ts';
import type { Config } from '../env.ts';
import {
  loadGazetteer,
  nearestPlace,
  normaliseText,
  placeAddress,
  searchPlaces,
  type GazetteerPlace,
} from './gazetteer.ts';
import { notBanned } from '../services/member-sql.ts';
import { log } from '../log.ts';

export interface Geocoder {
  name: 'gazetteer' | 'mapbox';
  search(query: string): Promise<AddressSuggestion[]>;
  reverse(point: LatLng): Promise<AddressSuggestion | null>;
}

/** A saved address this close to the pin names the spot; otherwise the nearest gazetteer place does. */
const SAVED_ADDRESS_RADIUS_M = 80;
const METERS_PER_DEGREE = 111_320;

function embeddedGeocoder(db: Database, assets: Fetcher): Geocoder {
  const savedAddresses = () =>
    and(
      eq(users.role, 'spa_management'),
      notBanned(),
      isNotNull(users.address),
      isNotNull(users.latitude),
      isNotNull(users.longitude),
    );
  return {
    name: 'gazetteer',
    async search(query) {
      const tokens = normaliseText(query).split(' ').filter(Boolean).slice(0, 6);
      const [saved, places] = await Promise.all([
        db
          .selectDistinct({ address: users.address, latitude: users.latitude, longitude: users.longitude })
          .from(users)
          .where(and(savedAddresses(), ...tokens.map((token) => sql`lower(${users.address}) like ${`%${token}%`}`)))
          .limit(ADDRESS_SUGGESTIONS_MAX),
        loadGazetteer(assets),
      ]);
      // A town whose name starts with the query comes first ("Makati" means Makati City), then the platform's
      // street addresses, then other matching places.
      const matches = searchPlaces(places, query, ADDRESS_SUGGESTIONS_MAX).map(({ place, namePrefix }) => ({
        namePrefix,
        suggestion: {
          address: placeAddress(place),
          label: place.name,
          latitude: place.latitude,
          longitude: place.longitude,
          source: 'gazetteer' as const,
        },
      }));
      const suggestions: AddressSuggestion[] = [
        ...matches.filter((match) => match.namePrefix).map((match) => match.suggestion),
        ...saved.map((row) => ({
          address: row.address!,
          label: row.address!.split(',')[0]!.trim(),
          latitude: row.latitude!,
          longitude: row.longitude!,
          source: 'platform' as const,
        })),
        ...matches.filter((match) => !match.namePrefix).map((match) => match.suggestion),
      ];
      const seen = new Set<string>();
      const found = suggestions
        .filter((s) => !seen.has(s.address) && seen.add(s.address))
        .slice(0, ADDRESS_SUGGESTIONS_MAX);
      return found.length > 0 ? found : partialMatches(places, query);
    },
    async reverse(point) {
      const box = SAVED_ADDRESS_RADIUS_M / METERS_PER_DEGREE;
      const lngBox = box / Math.max(0.1, Math.cos((point.latitude * Math.PI) / 180));
      const [saved, places] = await Promise.all([
        db
          .select({ address: users.address, latitude: users.latitude, longitude: users.longitude })
          .from(users)
          .where(
            and(
              savedAddresses(),
              sql`${users.latitude} between ${point.latitude - box} and ${point.latitude + box}`,
              sql`${users.longitude} between ${point.longitude - lngBox} and ${point.longitude + lngBox}`,
            ),
          )
          .limit(20),
        loadGazetteer(assets),
      ]);
      const closest = saved
        .map((row) => ({
          row,
          meters: Math.hypot(
            (row.latitude! - point.latitude) * METERS_PER_DEGREE,
            (row.longitude! - point.longitude) * METERS_PER_DEGREE * Math.cos((point.latitude * Math.PI) / 180),
          ),
        }))
        .filter((candidate) => candidate.meters <= SAVED_ADDRESS_RADIUS_M)
        .sort((a, b) => a.meters - b.meters)[0];
      if (closest) {
        return {
          address: closest.row.address!,
          label: closest.row.address!.split(',')[0]!.trim(),
          ...point,
          source: 'platform',
        };
      }
      const nearest = nearestPlace(places, point);
      if (!nearest) return null;
      return { address: placeAddress(nearest.place), label: nearest.place.name, ...point, source: 'gazetteer' };
    },
  };
}

/**
 * A street and a town ("Ayala Avenue Makati", "Makati, Ayala Ave"): the gazetteer knows towns, not streets, so
 * when the whole query finds nothing, the longest run of its words at the end (or at the start) that names a
 * place does. The suggestion says which words it could not place; its address keeps them before the place's, and
 * its pin is the place's centre, for the member to drag to the door. Nothing is suggested for words alone.
 */
export function partialMatches(places: GazetteerPlace[], query: string): AddressSuggestion[] {
  const words = query.split(/[\s,]+/).filter(Boolean);
  for (let dropped = 1; dropped < words.length; dropped++) {
    for (const [kept, unplaced] of [
      [words.slice(dropped), words.slice(0, dropped)],
      [words.slice(0, words.length - dropped), words.slice(words.length - dropped)],
    ] as const) {
      const rest = kept.join(' ');
      if (normaliseText(rest).length < 3) continue;
      const matches = searchPlaces(places, rest, ADDRESS_SUGGESTIONS_MAX);
      if (matches.length === 0) continue;
      const unmatched = unplaced.join(' ');
      return matches.map(({ place }) => ({
        address: `${unmatched}, ${placeAddress(place)}`,
        label: place.name,
        latitude: place.latitude,
        longitude: place.longitude,
        source: 'gazetteer' as const,
        unmatched,
      }));
    }
  }
  return [];
}

// Mapbox Geocoding v6 ------------------------------------------------------------------------------------

const MAPBOX_GEOCODING = 'https://api.mapbox.com/search/geocode/v6';
const MAPBOX_TIMEOUT_MS = 4000;

interface MapboxFeature {
  properties: {
    name?: string;
    full_address?: string;
    place_formatted?: string;
    coordinates: { latitude: number; longitude: number };
  };
}

function fromMapbox(feature: MapboxFeature): AddressSuggestion {
  const { properties } = feature;
  const address = properties.full_address ?? [properties.name, properties.place_formatted].filter(Boolean).join(', ');
  return {
    address,
    label: properties.name ?? address.split(',')[0]!,
    latitude: properties.coordinates.latitude,
    longitude: properties.coordinates.longitude,
    source: 'mapbox',
  };
}

function mapboxGeocoder(token: string, fallback: Geocoder): Geocoder {
  const request = async (path: string, params: Record<string, string>) => {
    const url = new URL(`${MAPBOX_GEOCODING}/${path}`);
    for (const [key, value] of Object.entries({ ...params, country: 'ph', language: 'en', access_token: token })) {
      url.searchParams.set(key, value);
    }
    const response = await fetch(url, { signal: AbortSignal.timeout(MAPBOX_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`Mapbox geocoding answered HTTP ${response.status}`);
    return ((await response.json()) as { features: MapboxFeature[] }).features;
  };
  return {
    name: 'mapbox',
    async search(query) {
      try {
        const features = await request('forward', {
          q: query,
          autocomplete: 'true',
          limit: String(ADDRESS_SUGGESTIONS_MAX),
        });
        return features.map(fromMapbox).slice(0, ADDRESS_SUGGESTIONS_MAX);
      } catch (error) {
        log.error('Mapbox geocoding failed; the gazetteer answers', { error });
        return fallback.search(query);
      }
    },
    async reverse(point) {
      try {
        const [first] = await request('reverse', {
          latitude: String(point.latitude),
          longitude: String(point.longitude),
          limit: '1',
        });
        return first ? { ...fromMapbox(first), ...point } : fallback.reverse(point);
      } catch (error) {
        log.error('Mapbox reverse geocoding failed; the gazetteer answers', { error });
        return fallback.reverse(point);
      }
    },
  };
}

export function geocoder(config: Config, db: Database, assets: Fetcher): Geocoder {
  const embedded = embeddedGeocoder(db, assets);
  return config.MAPBOX_TOKEN ? mapboxGeocoder(config.MAPBOX_TOKEN, embedded) : embedded;
}
