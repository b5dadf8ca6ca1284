// Loads the map library the configuration names, lazily (it never weighs on the landing page): mapbox-gl with a
// Mapbox token, maplibre-gl otherwise. A failed load is retried 3 times with exponential delay (1 s, 2 s, 4 s;
// spec, "States and transitions"). Each library comes with its react-map-gl binding, so one component drives both.
import type { MapEvent } from 'react-map-gl/maplibre';
import { MAP_LOAD_RETRIES, MAP_LOAD_RETRY_BASE_MS, type MapClientConfig } from '../../../common/map.ts';

type MaplibreKit = typeof import('react-map-gl/maplibre');
/** The React components and the library, whichever tier loaded (the two bindings share one API). */
export interface MapKit {
  library: MapClientConfig['library'];
  components: Pick<MaplibreKit, 'Map' | 'Source' | 'Layer' | 'Marker' | 'Popup' | 'NavigationControl'>;
}

/** The live map as the binding hands it over (the two libraries' maps share the API this app uses). */
export type MapInstance = MapEvent['target'];

async function withRetries<T>(load: () => Promise<T>, retries = MAP_LOAD_RETRIES): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      await new Promise((wait) => setTimeout(wait, MAP_LOAD_RETRY_BASE_MS * 2 ** attempt));
    }
  }
}

async function loadMaplibre(): Promise<MapKit> {
  const [binding, library, worker] = await Promise.all([
    import('react-map-gl/maplibre'),
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ]);
  // Under Vite the worker must be a file of its own (docs/architecture.md, "Running on these machines").
  library.setWorkerUrl(worker.default);
  return { library: 'maplibre', components: binding };
}

async function loadMapbox(): Promise<MapKit> {
  const [binding] = await Promise.all([import('react-map-gl/mapbox'), import('mapbox-gl/dist/mapbox-gl.css')]);
  return { library: 'mapbox', components: binding as unknown as MapKit['components'] };
}

const loading = new Map<string, Promise<MapKit>>();

export function loadMapKit(library: MapClientConfig['library']): Promise<MapKit> {
  let kit = loading.get(library);
  if (!kit) {
    kit = withRetries(library === 'mapbox' ? loadMapbox : loadMaplibre);
    kit.catch(() => loading.delete(library));
    loading.set(library, kit);
  }
  return kit;
}
