// Which basemap the map draws, tried in order so the map is never blank (docs/architecture.md, "Providers"): Mapbox
// Streets with a token; otherwise the keyless public style (MAP_STYLE_URL); and when that cannot be reached
// (no network: a laptop, CI) the embedded basemap the Worker serves: the Philippines' land and coastline from
// Natural Earth and place names from the GeoNames gazetteer, labelled with the device's own fonts (no glyph
// server needed: maplibre-gl renders local glyphs when a style names none).
import type { StyleSpecification } from 'maplibre-gl';
import type { GazetteerFile } from '../../../common/geo.ts';
import { BASEMAP_COLORS, EMBEDDED_BASEMAP, type MapClientConfig } from '../../../common/map.ts';

export type BasemapTier = 'mapbox' | 'public' | 'embedded';

export interface Basemap {
  tier: BasemapTier;
  library: MapClientConfig['library'];
  style: string | StyleSpecification;
  accessToken?: string;
  /** Font stack for the app's own labels on this basemap. */
  fonts: string[];
}

const PREFLIGHT_TIMEOUT_MS = 5000;

async function reachable(url: string): Promise<unknown | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS), credentials: 'omit' });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

async function embeddedStyle(): Promise<StyleSpecification> {
  const origin = window.location.origin;
  const gazetteer = (await (await fetch(EMBEDDED_BASEMAP.places)).json()) as GazetteerFile;
  const places: GeoJSON.FeatureCollection = {
    type: 'FeatureCollection',
    features: gazetteer.places.map(([name, latitude, longitude, population, , seat]) => ({
      type: 'Feature',
      properties: { name, population, seat },
      geometry: { type: 'Point', coordinates: [longitude, latitude] },
    })),
  };
  const label = (id: string, minzoom: number, filter: unknown, size: number): StyleSpecification['layers'][number] =>
    ({
      id,
      type: 'symbol',
      source: 'places',
      minzoom,
      filter,
      layout: {
        'text-field': ['get', 'name'],
        'text-font': ['Noto Sans Regular'],
        'text-size': size,
        'symbol-sort-key': ['-', ['get', 'population']],
        'text-max-width': 8,
      },
      paint: { 'text-color': BASEMAP_COLORS.label, 'text-halo-color': BASEMAP_COLORS.halo, 'text-halo-width': 1.4 },
    }) as StyleSpecification['layers'][number];
  return {
    version: 8,
    name: 'Embedded Philippines basemap (Natural Earth, GeoNames)',
    sources: {
      land: { type: 'geojson', data: `${origin}${EMBEDDED_BASEMAP.land}`, attribution: 'Natural Earth' },
      places: { type: 'geojson', data: places, attribution: 'GeoNames' },
    },
    layers: [
      { id: 'sea', type: 'background', paint: { 'background-color': BASEMAP_COLORS.sea } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': BASEMAP_COLORS.land } },
      {
        id: 'coastline',
        type: 'line',
        source: 'land',
        paint: { 'line-color': BASEMAP_COLORS.coast, 'line-width': 1.2 },
      },
      label('places-small', 12, ['<', ['get', 'population'], 20000], 11),
      label('places-towns', 9, ['all', ['>=', ['get', 'population'], 20000], ['<', ['get', 'population'], 200000]], 12),
      label('places-cities', 4, ['>=', ['get', 'population'], 200000], 14),
    ],
  };
}

/** The first basemap that answers, in the order above. */
export async function chooseBasemap(config: MapClientConfig): Promise<Basemap> {
  if (config.library === 'mapbox' && config.accessToken && config.styleUrl) {
    const styleId = config.styleUrl.replace('mapbox://styles/', '');
    if (
      await reachable(
        `https://api.mapbox.com/styles/v1/${styleId}?access_token=${encodeURIComponent(config.accessToken)}`,
      )
    ) {
      return {
        tier: 'mapbox',
        library: 'mapbox',
        style: config.styleUrl,
        accessToken: config.accessToken,
        fonts: ['DIN Pro Bold', 'Arial Unicode MS Bold'],
      };
    }
  } else if (config.styleUrl) {
    const style = await reachable(config.styleUrl);
    if (style)
      return { tier: 'public', library: 'maplibre', style: style as StyleSpecification, fonts: ['Noto Sans Bold'] };
  }
  return { tier: 'embedded', library: 'maplibre', style: await embeddedStyle(), fonts: ['Noto Sans Bold'] };
}
