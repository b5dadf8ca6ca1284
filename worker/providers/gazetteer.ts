// The built-in Philippine gazetteer: GeoNames places (built into the static assets by `vite build`, see
// scripts/geodata.ts) read once per isolate through the ASSETS binding. It answers place search and
// nearest-place lookups offline, for the embedded geocoder.
import { EMBEDDED_BASEMAP } from '../../common/map.ts';
import { distanceMeters, type GazetteerFile, type LatLng } from '../../common/geo.ts';

export interface GazetteerPlace {
  name: string;
  region: string | null;
  latitude: number;
  longitude: number;
  population: number;
  /** Normalised words of the name, for prefix matching. */
  words: string[];
  normalisedName: string;
}

let loaded: Promise<GazetteerPlace[]> | undefined;

/** Lower case, no diacritics ("Parañaque" → "paranaque"), punctuation as spaces. */
export function normaliseText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function loadGazetteer(assets: Fetcher): Promise<GazetteerPlace[]> {
  loaded ??= (async () => {
    const response = await assets.fetch(new Request(`https://assets.local${EMBEDDED_BASEMAP.places}`));
    if (!response.ok) throw new Error(`gazetteer unavailable (HTTP ${response.status}); run the web build first`);
    const file = (await response.json()) as GazetteerFile;
    return file.places.map(([name, latitude, longitude, population, region]) => {
      const normalisedName = normaliseText(name);
      return {
        name,
        region: file.regions[region] ?? null,
        latitude,
        longitude,
        population,
        words: normalisedName.split(' '),
        normalisedName,
      };
    });
  })().catch((error) => {
    loaded = undefined; // try again on the next request
    throw error;
  });
  return loaded;
}

/** "Makati City, Metro Manila, Philippines". */
export function placeAddress(place: GazetteerPlace): string {
  return [place.name, place.region, 'Philippines'].filter(Boolean).join(', ');
}

/**
 * Places whose words start with every word of the query, best first: a name that starts with the whole query,
 * then the most populous.
 */
export function searchPlaces(
  places: GazetteerPlace[],
  query: string,
  limit: number,
): { place: GazetteerPlace; namePrefix: boolean }[] {
  const normalised = normaliseText(query);
  const tokens = normalised.split(' ').filter(Boolean);
  if (tokens.length === 0) return [];
  const matches: { place: GazetteerPlace; score: number }[] = [];
  for (const place of places) {
    const regionWords = place.region ? normaliseText(place.region).split(' ') : [];
    const words = [...place.words, ...regionWords];
    if (!tokens.every((token) => words.some((word) => word.startsWith(token)))) continue;
    const score = place.normalisedName.startsWith(normalised)
      ? 2
      : tokens.every((t) => place.words.some((w) => w.startsWith(t)))
        ? 1
        : 0;
    matches.push({ place, score });
  }
  // `places` is sorted by population already; a stable sort by score keeps that order within a score.
  return matches
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((match) => ({ place: match.place, namePrefix: match.score === 2 }));
}

/** The nearest place to a point (places with people first: a nearer empty hamlet loses to a town 20% further). */
export function nearestPlace(
  places: GazetteerPlace[],
  point: LatLng,
): { place: GazetteerPlace; meters: number } | null {
  let best: { place: GazetteerPlace; meters: number; weighted: number } | null = null;
  for (const place of places) {
    // A cheap box test first: a degree is at most 111 km.
    if (best && Math.abs(place.latitude - point.latitude) * 111_000 > best.weighted) continue;
    const meters = distanceMeters(point, place);
    const weighted = place.population > 0 ? meters : meters * 1.2;
    if (!best || weighted < best.weighted) best = { place, meters, weighted };
  }
  return best ? { place: best.place, meters: best.meters } : null;
}
