// The map's setup: which basemap it draws and the library that draws it (docs/architecture.md, "Providers"). One
// query, kept for the page's life, shared by the map view (which asks once its screen has painted, the spas drawn
// from the listing meanwhile) and by the warm-up (warm-up.ts), which starts it as the signed-in home mounts, or while
// the session loads in a browser that has signed in before. A kept map (MapView's `reuse`) is mounted again without
// reloading only with the same style object.
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
