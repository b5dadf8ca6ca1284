// /profile, /profile/{slug} and /spa/{slug} (spec part 1 section 2). The viewer's own profile shows their card
// (picture, name, premium crown, member number, role) with Edit and Logout; the profile tabs and other members'
// profiles arrive with the profile update.
import { Link, useParams } from '@tanstack/react-router';
import { Avatar } from '../components/avatar.tsx';
import { CrownIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';
import { RoleBadge } from '../components/role-badge.tsx';
import { Button, buttonClasses } from '../components/ui/button.tsx';
import { cn } from '../lib/cn.ts';
import { ROLE_THEME } from '../lib/role-theme.ts';
import { useLogout, useSessionUser } from '../lib/session.ts';

export function ProfilePage() {
  const { userSlug } = useParams({ strict: false });
  const { data: user } = useSessionUser();
  const { logout, isPending } = useLogout();

  if (!user) {
    return (
      <PageShell title="Profile">
        <ComingSoon>Please log in to view your profile.</ComingSoon>
      </PageShell>
    );
  }

  const own = !userSlug || userSlug === user.slug;
  if (!own) {
    return (
      <PageShell title="Profile" back="history">
        <ComingSoon>Other members' profiles arrive with the next profile update.</ComingSoon>
      </PageShell>
    );
  }

  return (
    <PageShell
      title="My Profile"
      back="/"
      actions={
        <>
          <Link to="/edit-profile" className={buttonClasses('outline', 'sm')}>
            Edit
          </Link>
          <Button variant="secondary" size="sm" onClick={logout} disabled={isPending}>
            {isPending ? 'Logging out...' : 'Logout'}
          </Button>
        </>
      }
    >
      <section aria-label="Profile card" className="overflow-hidden rounded-3xl border border-sand-200 bg-white shadow-sm">
        <div className={cn('h-24', ROLE_THEME[user.role].band)} aria-hidden="true" />
        <div className="-mt-12 flex flex-col items-center gap-3 px-6 pb-6 text-center">
          <Avatar name={user.name} picture={user.profilePic} role={user.role} size={96} className="ring-4 ring-white" />
          <div className="grid gap-1">
            <h2 className="font-display text-2xl font-semibold text-ink-900">{user.name}</h2>
            {user.isPremium ? (
              <p className="inline-flex items-center justify-center gap-1.5 text-sm font-semibold text-amber-800">
                <CrownIcon size={18} className="text-amber-600" />
                Premium Member
              </p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center justify-center gap-2">
            <span className="inline-flex items-center rounded-full bg-sand-100 px-2.5 py-0.5 text-xs font-semibold text-ink-800 ring-1 ring-sand-300 ring-inset">
              Member #{user.memberNumber}
            </span>
            <RoleBadge role={user.role} />
          </div>
        </div>
      </section>
      <div className="mt-4">
        <ComingSoon>Your reviews, recognition and contact details will appear here with the profile update.</ComingSoon>
      </div>
    </PageShell>
  );
}
