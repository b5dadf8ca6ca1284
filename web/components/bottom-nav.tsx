// The bottom navigation bar (spec, "Bottom navigation tabs by role"): 60 px high, fixed at the foot, tabs by role.
// Members of every role but admin get Map, Chat, Search, Top 10 and Premium; admins get Map, Chat, Admin, Top 10,
// Favorites and Premium. No user id is treated specially (docs/architecture.md, "Beyond the spec").
import { Link, useRouterState } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { BOTTOM_NAV_HEIGHT_PX } from '../../common/limits.ts';
import type { Role } from '../../common/roles.ts';
import { cn } from '../lib/cn.ts';
import { ChatIcon, CrownIcon, HeartIcon, MapIcon, SearchIcon, ShieldIcon, TrophyIcon } from './icons.tsx';

type TabPath = '/' | '/chat' | '/search' | '/leaderboards' | '/favorites' | '/premium' | '/admin';

interface NavTab {
  key: string;
  label: string;
  to: TabPath;
  /** Paths (besides `to`) on which the tab counts as the current page. */
  alsoActiveOn?: string[];
  Icon: ComponentType<{ size?: number }>;
}

const MAP: NavTab = { key: 'map', label: 'Map', to: '/', alsoActiveOn: ['/map'], Icon: MapIcon };
const CHAT: NavTab = { key: 'chat', label: 'Chat', to: '/chat', Icon: ChatIcon };
const SEARCH: NavTab = { key: 'search', label: 'Search', to: '/search', Icon: SearchIcon };
const TOP10: NavTab = { key: 'leaderboards', label: 'Top 10', to: '/leaderboards', Icon: TrophyIcon };
const FAVORITES: NavTab = { key: 'favorites', label: 'Favorites', to: '/favorites', Icon: HeartIcon };
const PREMIUM: NavTab = { key: 'premium', label: 'Premium', to: '/premium', Icon: CrownIcon };
const ADMIN: NavTab = { key: 'admin', label: 'Admin', to: '/admin', Icon: ShieldIcon };

export function navTabsFor(role: Role): NavTab[] {
  return role === 'admin' ? [MAP, CHAT, ADMIN, TOP10, FAVORITES, PREMIUM] : [MAP, CHAT, SEARCH, TOP10, PREMIUM];
}

function isActive(tab: NavTab, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return path === tab.to || (tab.alsoActiveOn ?? []).includes(path);
}

export function BottomNav({ role }: { role: Role }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const tabs = navTabsFor(role);
  return (
    <nav
      aria-label="Main"
      style={{ height: BOTTOM_NAV_HEIGHT_PX }}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-sand-200 bg-white/95 shadow-[0_-4px_16px_rgba(31,28,25,0.06)] backdrop-blur"
    >
      <ul className="mx-auto flex h-full max-w-xl items-stretch">
        {tabs.map((tab) => {
          const active = isActive(tab, pathname);
          return (
            <li key={tab.key} className="flex-1">
              <Link
                to={tab.to}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-full flex-col items-center justify-center gap-0.5 text-[11px] font-semibold transition-colors',
                  'focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-brand-600',
                  active ? 'text-brand-700' : 'text-ink-600 hover:text-ink-900',
                )}
              >
                <span
                  className={cn(
                    'flex h-7 w-12 items-center justify-center rounded-full transition-colors',
                    active && 'bg-brand-100',
                  )}
                >
                  <tab.Icon size={21} />
                </span>
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The bottom bar's place while the user loads ("Loading navigation...", spec, "Map: /map"), as high as the bar. */
export function BottomNavLoading() {
  return (
    <div
      role="status"
      style={{ height: BOTTOM_NAV_HEIGHT_PX }}
      className="fixed inset-x-0 bottom-0 z-40 flex items-center justify-center border-t border-sand-200 bg-white/95 text-sm font-medium text-ink-600"
    >
      Loading navigation...
    </div>
  );
}
