// /medals and /medals/{userSlug} (spec part 2 section 2): medals given and received.
import { useParams } from '@tanstack/react-router';
import { TrophyIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';
import { useSessionUser } from '../lib/session.ts';

export function MedalsPage() {
  const { userSlug } = useParams({ strict: false });
  const { data: user } = useSessionUser();
  const own = !userSlug || userSlug === user?.slug;
  const title = !own ? 'Medals' : user?.role === 'spa_management' ? "Medals I've Given" : 'My Medals';
  return (
    <PageShell title={title} back="history">
      <ComingSoon icon={<TrophyIcon size={28} />}>Medal history is coming soon.</ComingSoon>
    </PageShell>
  );
}
