// The map's setup: which basemap it draws and the library that draws it (docs/architecture.md, "Providers"). One
// query, kept for the page's life, shared by the map view, by the start-up (web/main.tsx, when the page says a map is
// coming) and by the warm-up that starts it before the map's screen has loaded (warm-up.ts): the library loads beside
// the screen's shell instead of after it. A kept map (MapView's `reuse`) is mounted again without reloading only with
// the same style object.
import { queryOptions } from '@tanstack/react-query';
import type { MapClientConfig } from '../../../common/map.ts';
import { chooseBasemap } from './basemap.ts';
import { loadMapKit } from './library.ts';

export function mapSetupQuery(config: MapClientConfig | undefined) {
  return queryOptions({
    queryKey: ['map-setup', config],
    enabled: Boolean(config),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    queryFn: async () => {
      // The library the configuration names downloads while the basemap is chosen (the embedded basemap needs
      // maplibre-gl whatever the configuration says).
      const named = loadMapKit(config!.library);
      named.catch(() => undefined);
      const basemap = await chooseBasemap(config!);
      const kit = await (basemap.library === config!.library ? named : loadMapKit(basemap.library));
      return { basemap, kit };
    },
  });
}
