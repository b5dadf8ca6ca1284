// The spas the map shows: the whole listing, or in focus mode (/map?focus={slug}) only the focused spa. The
// listing is the one the warm-up (lib/map/warm-up.ts) and the /map header ask for, so it is fetched once.
import { useMemo } from 'react';
import { trpc } from '../../trpc.ts';

export function useSpaListing(focusSlug: string | undefined) {
  const spasQuery = trpc.map.users.useQuery({ role: 'spa_management' });
  const spas = useMemo(() => spasQuery.data ?? [], [spasQuery.data]);
  const focused = focusSlug ? spas.find((spa) => spa.slug === focusSlug) : undefined;
  const shown = useMemo(() => (focused ? [focused] : spas), [focused, spas]);
  return { spasQuery, spas, focused, shown };
}
