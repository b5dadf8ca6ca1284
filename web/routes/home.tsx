// The signed-in home (spec, "/ (home)"): a fixed header with the product name and a profile button, the
// full-height map below it, and the bottom navigation at the foot. The header and navigation paint at once; the
// map and its library arrive lazily (Loading map... meanwhile), so the first bundle stays small.
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import type { CurrentUser } from '../../common/account.ts';
import { HOME_HEADER_HEIGHT_PX, HOME_MAP_AREA_HEIGHT } from '../../common/limits.ts';
import { Avatar } from '../components/avatar.tsx';
import { BottomNav } from '../components/bottom-nav.tsx';
import { BrandMark } from '../components/brand-mark.tsx';
import { MapStatus } from '../components/map/map-status.tsx';
import { MemberName } from '../components/member-name.tsx';
import { SpaMap, warmUpMap } from '../lib/map/warm-up.ts';
import { trpc } from '../trpc.ts';

export function HomeScreen({ user }: { user: CurrentUser }) {
  // The map's configuration, listing, library and basemap are asked for while the map's code is still on its way
  // (all stay cached, so coming back to the map asks for nothing).
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  useEffect(() => warmUpMap(utils, queryClient), [utils, queryClient]);
  return (
    <div className="h-app overflow-hidden bg-sand-50">
      <header
        style={{ height: HOME_HEADER_HEIGHT_PX }}
        className="fixed inset-x-0 top-0 z-30 border-b border-sand-200 bg-white/95 backdrop-blur"
      >
        <div className="mx-auto flex h-full max-w-5xl items-center justify-between gap-3 px-4">
          <h1 className="shrink-0">
            <BrandMark />
          </h1>
          <Link
            to="/profile"
            className="flex min-w-0 items-center gap-2 rounded-full border border-sand-200 bg-white py-1 pr-3 pl-1 shadow-sm hover:bg-sand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            <Avatar name={user.name} picture={user.profilePic} role={user.role} size={32} />
            <span className="sr-only">Your profile: </span>
            <MemberName name={user.name} className="max-w-[8.5rem] text-sm font-semibold text-ink-800" />
          </Link>
        </div>
      </header>

      <main style={{ top: HOME_HEADER_HEIGHT_PX, height: HOME_MAP_AREA_HEIGHT }} className="fixed inset-x-0">
        <h2 className="sr-only">Spas near you</h2>
        <Suspense fallback={<MapStatus text="Loading map..." />}>
          <SpaMap />
        </Suspense>
      </main>

      <BottomNav role={user.role} />
    </div>
  );
}
