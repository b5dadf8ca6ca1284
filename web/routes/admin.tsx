// /admin (spec part 2 section 2): admins only; everyone else sees Access Denied with a way back.
import { Link } from '@tanstack/react-router';
import { ShieldIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';
import { buttonClasses } from '../components/ui/button.tsx';
import { useSessionUser } from '../lib/session.ts';

export function AdminPage() {
  const { data: user } = useSessionUser();
  if (user?.role !== 'admin') {
    return (
      <PageShell title="Admin Dashboard">
        <section className="flex flex-col items-center gap-4 rounded-3xl border border-red-200 bg-white px-6 py-10 text-center shadow-sm">
          <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700" aria-hidden="true">
            <ShieldIcon size={28} />
          </span>
          <h2 className="font-display text-2xl font-semibold text-ink-900">Access Denied</h2>
          <p className="text-ink-700">This area is for administrators only.</p>
          <Link to="/" className={buttonClasses('primary')}>
            Go back
          </Link>
        </section>
      </PageShell>
    );
  }
  return (
    <PageShell title="Admin Dashboard" back="/">
      <ComingSoon icon={<ShieldIcon size={28} />}>
        Spa, user and chatbot management with analytics is coming soon.
      </ComingSoon>
    </PageShell>
  );
}
