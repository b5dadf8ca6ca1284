// /map (spec, "Map (home for logged-in users, and /map)" and "Map: /map"): the title Spa Locations, or
// "{spa name} Location" when focused on a spa (?focus= holds its slug) with "Showing location for:" its name and
// address; a back button; the map (Loading map... while it loads) and the bottom navigation.
import { getRouteApi } from '@tanstack/react-router';
import { Suspense } from 'react';
import { BOTTOM_NAV_HEIGHT_PX } from '../../common/limits.ts';
import { BottomNav } from '../components/bottom-nav.tsx';
import { MapStatus } from '../components/map/map-status.tsx';
import { BackButton } from '../components/page-shell.tsx';
import { SpaMap } from '../lib/map/warm-up.ts';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

const route = getRouteApi('/signed-in/map');

export function MapPage() {
  const { focus } = route.useSearch();
  const { data: user } = useSessionUser();
  const spas = trpc.map.users.useQuery({ role: 'spa_management' }, { enabled: Boolean(focus) });
  const focused = focus ? spas.data?.find((spa) => spa.slug === focus) : undefined;
  const title = focused ? `${focused.name} Location` : 'Spa Locations';

  return (
    <div className="flex h-app flex-col overflow-hidden bg-sand-50" style={{ paddingBottom: BOTTOM_NAV_HEIGHT_PX }}>
      <header className="z-30 border-b border-sand-200 bg-sand-50/95">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3">
          <BackButton target="history" />
          <h1 className="min-w-0 flex-1 truncate font-display text-xl font-semibold text-ink-900" title={title}>
            {title}
          </h1>
        </div>
        {focused ? (
          <div className="mx-auto max-w-5xl px-4 pb-2 text-sm text-ink-700">
            <p>
              Showing location for:{' '}
              <span className="font-semibold break-words text-ink-900" style={{ overflowWrap: 'anywhere' }}>
                {focused.name}
              </span>
            </p>
            {focused.address ? (
              <p className="truncate" title={focused.address}>
                {focused.address}
              </p>
            ) : null}
          </div>
        ) : null}
      </header>
      <main className="relative min-h-0 flex-1">
        <Suspense fallback={<MapStatus text="Loading map..." />}>
          <SpaMap focusSlug={focus} />
        </Suspense>
      </main>
      {user ? <BottomNav role={user.role} /> : null}
    </div>
  );
}
