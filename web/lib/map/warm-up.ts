// Starting the map before its screen needs it (the aim: markers within 2 s of a cold start): the map's
// code, its configuration and the spa listing, then its library and basemap, all at once rather than one after
// the other. The signed-in home starts it as it mounts; the first screen starts it while the session is still
// loading when this browser has signed in before (a member most likely lands on the map). Everything it loads
// stays cached, so the map's own queries find it done or on its way.
import type { QueryClient } from '@tanstack/react-query';
import type { trpc } from '../../trpc.ts';
import { lazyComponent } from '../lazy-component.ts';

/** The map screens' map, loaded lazily (at once when its code is already in: web/main.tsx preloads it). */
export const SpaMap = lazyComponent(() => import('../../components/map/spa-map.tsx').then((module) => module.default));

export function warmUpMap(utils: ReturnType<typeof trpc.useUtils>, queryClient: QueryClient): void {
  void SpaMap.preload().catch(() => undefined); // a failed load shows on the screen, which loads it again
  void utils.map.users.prefetch({ role: 'spa_management' });
  void utils.map.config
    .fetch(undefined, { staleTime: Infinity })
    .then(async (config) => {
      const { mapSetupQuery } = await import('./setup.ts');
      await queryClient.prefetchQuery(mapSetupQuery(config));
    })
    .catch(() => undefined); // the map view asks again and shows the error
}
