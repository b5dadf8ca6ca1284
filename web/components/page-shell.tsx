// The frame of a signed-in screen: a sticky header (optional back button, title, actions), the content, and
// the bottom navigation when someone is signed in. Screens reachable signed out (leaderboards, password
// reset) use it too; they simply get no navigation bar.
import { Link, useCanGoBack, useLocation, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BOTTOM_NAV_HEIGHT_PX } from '../../common/limits.ts';
import { useSessionUser } from '../lib/session.ts';
import { BottomNav } from './bottom-nav.tsx';
import { ArrowLeftIcon } from './icons.tsx';
import { buttonClasses } from './ui/button.tsx';

type BackTarget = 'history' | '/' | '/profile' | '/edit-profile' | '/auth' | '/privacy';

export interface PageShellProps {
  title: ReactNode;
  /** Where the back button leads: a fixed route, or the previous page ('history', falling back to /). */
  back?: BackTarget;
  actions?: ReactNode;
  /** A wider column for screens with tables and side-by-side cards (the admin dashboard). */
  wide?: boolean;
  children: ReactNode;
}

const backClasses =
  'flex size-11 shrink-0 items-center justify-center rounded-full text-ink-800 hover:bg-sand-100 focus-visible:outline-2 focus-visible:outline-brand-600';

export function BackButton({ target }: { target: BackTarget }) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  if (target === 'history') {
    return (
      <button
        type="button"
        aria-label="Back"
        className={backClasses}
        onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: '/' }))}
      >
        <ArrowLeftIcon size={22} />
      </button>
    );
  }
  return (
    <Link to={target} aria-label="Back" className={backClasses}>
      <ArrowLeftIcon size={22} />
    </Link>
  );
}

export function PageShell({ title, back, actions, wide, children }: PageShellProps) {
  const column = wide ? 'max-w-5xl' : 'max-w-xl';
  const { data: user } = useSessionUser();
  return (
    <div className="min-h-app bg-sand-50" style={user ? { paddingBottom: BOTTOM_NAV_HEIGHT_PX } : undefined}>
      <header className="sticky top-0 z-30 border-b border-sand-200 bg-sand-50/95 backdrop-blur">
        <div className={`mx-auto flex h-14 ${column} items-center gap-2 px-3`}>
          {back ? <BackButton target={back} /> : <span className="w-1" aria-hidden="true" />}
          <h1 className="min-w-0 flex-1 truncate font-display text-xl font-semibold text-ink-900">{title}</h1>
          {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
        </div>
      </header>
      <main className={`mx-auto ${column} px-4 py-6`}>{children}</main>
      {user ? <BottomNav role={user.role} /> : null}
    </div>
  );
}

/** A centred card with an icon, a short text and an optional action (a placeholder, a signed-out screen). */
export function NoticePanel({ icon, children, action }: { icon?: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <section className="flex flex-col items-center gap-4 rounded-3xl border border-sand-200 bg-white px-6 py-10 text-center shadow-sm">
      {icon ? (
        <span
          className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700"
          aria-hidden="true"
        >
          {icon}
        </span>
      ) : null}
      <p className="max-w-sm text-base leading-relaxed text-ink-700">{children}</p>
      {action}
    </section>
  );
}

/**
 * A screen that needs a session, seen signed out: its notice with Sign in and Create account, which come back to this
 * address once done (the auth form's `redirect`).
 */
export function SignInNotice({ title, children }: { title: string; children: ReactNode }) {
  const here = useLocation({ select: (location) => location.href });
  return (
    <PageShell title={title}>
      <NoticePanel
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Link to="/auth" search={{ redirect: here }} className={buttonClasses('primary')}>
              Sign in
            </Link>
            <Link to="/auth" search={{ mode: 'register', redirect: here }} className={buttonClasses('outline')}>
              Create account
            </Link>
          </div>
        }
      >
        {children}
      </NoticePanel>
    </PageShell>
  );
}
