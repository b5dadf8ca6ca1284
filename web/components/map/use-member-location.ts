// Where the member is, for the spa map: the device, the network's address or Manila (lib/map/location.ts), asked
// once and fresh for five minutes. The map needs it three ways: as the query (whether it is known, and why the
// device's own location was not used), as the origin of recenter, routes and distances (Manila's centre while
// unknown), and as the place of the blue dot (only when the device or the network said).
import { useQuery } from '@tanstack/react-query';
import { MAP_FALLBACK_CENTER } from '../../../common/map.ts';
import { locateMember } from '../../lib/map/location.ts';
import { trpc } from '../../trpc.ts';

export function useMemberLocation() {
  const utils = trpc.useUtils();
  const location = useQuery({
    queryKey: ['member-location'],
    queryFn: () => locateMember(utils),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const origin = location.data ?? { latitude: MAP_FALLBACK_CENTER.latitude, longitude: MAP_FALLBACK_CENTER.longitude };
  // Where the member is, once known. The fallback (Manila's centre, spec, "Business constants and limits") says
  // nothing about that: the map stays on its own opening camera, where the page's first frame drew the spas, and
  // draws no dot.
  const located = location.data?.source === 'fallback' ? undefined : location.data;
  return { location, origin, located };
}
