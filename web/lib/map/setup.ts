// The map's setup as one query (the basemap that answers and its library): MapView reads it, and the start-up
// (web/main.tsx) starts it as soon as the page says a map is coming (the configuration sent with it), so the
// library loads beside the screen's shell instead of after it. The library for the configuration starts loading
// at once, while the basemap is being chosen; it is the one used unless the basemap fell back to another.
import type { MapClientConfig } from '../../../common/map.ts';
import { chooseBasemap } from './basemap.ts';
import { loadMapKit } from './library.ts';

export function mapSetupQuery(config: MapClientConfig | undefined) {
  return {
    queryKey: ['map-setup', config] as const,
    enabled: Boolean(config),
    staleTime: Infinity,
    retry: false,
    queryFn: async () => {
      const early = loadMapKit(config!.library);
      // A failed early load is retried by the one below when it is the library the basemap needs.
      early.catch(() => undefined);
      const basemap = await chooseBasemap(config!);
      const kit = await loadMapKit(basemap.library);
      return { basemap, kit };
    },
  };
}
