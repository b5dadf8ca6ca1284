// The signed-in home (spec part 1 section 2): a fixed header with the product name and a profile button, the
// map area below it, and the bottom navigation at the foot. The map itself arrives with its own update; until
// then the area says so plainly.
import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../../common/account.ts';
import { BOTTOM_NAV_HEIGHT_PX } from '../../common/limits.ts';
import { Avatar } from '../components/avatar.tsx';
import { BottomNav } from '../components/bottom-nav.tsx';
import { BrandMark } from '../components/brand-mark.tsx';
import { PinIcon } from '../components/icons.tsx';

const HEADER_HEIGHT_PX = 60;

export function HomeScreen({ user }: { user: CurrentUser }) {
  return (
    <div className="h-app overflow-hidden bg-sand-50">
      <header
        style={{ height: HEADER_HEIGHT_PX }}
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
            <span className="max-w-[8.5rem] truncate text-sm font-semibold text-ink-800">
              <span className="sr-only">Your profile: </span>
              {user.name}
            </span>
          </Link>
        </div>
      </header>

      <main
        style={{
          top: HEADER_HEIGHT_PX,
          height: `calc(var(--vh, 1vh) * 100 - ${HEADER_HEIGHT_PX + BOTTOM_NAV_HEIGHT_PX}px)`,
        }}
        className="fixed inset-x-0 flex items-center justify-center bg-gradient-to-b from-brand-50 via-sand-50 to-sand-100 px-6"
      >
        <section
          aria-labelledby="map-coming-heading"
          className="flex max-w-sm flex-col items-center gap-3 rounded-3xl border border-sand-200 bg-white/90 px-6 py-8 text-center shadow-sm"
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
            <PinIcon size={28} />
          </span>
          <h2 id="map-coming-heading" className="font-display text-xl font-semibold text-ink-900">
            Welcome, {user.name}
          </h2>
          <p className="text-sm leading-relaxed text-ink-700">
            The spa map will appear here in an upcoming update: nearby spas, their details and directions, right from
            this screen.
          </p>
        </section>
      </main>

      <BottomNav role={user.role} />
    </div>
  );
}
