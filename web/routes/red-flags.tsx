// /red-flags and /red-flags/{userSlug} (spec part 2 section 2): red flags given and received.
import { useParams } from '@tanstack/react-router';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';
import { useSessionUser } from '../lib/session.ts';

export function RedFlagsPage() {
  const { userSlug } = useParams({ strict: false });
  const { data: user } = useSessionUser();
  const own = !userSlug || userSlug === user?.slug;
  const title = !own ? 'Red Flags' : user?.role === 'spa_management' ? "Red Flags I've Given" : 'My Red Flags';
  return (
    <PageShell title={title} back="history">
      <ComingSoon>Red flag history is coming soon.</ComingSoon>
    </PageShell>
  );
}
