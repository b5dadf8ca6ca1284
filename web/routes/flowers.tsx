// /flowers and /flowers/{userSlug} (spec part 2 section 2).
import { LeafIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';

export function FlowersPage() {
  return (
    <PageShell title="Flowers" back="history">
      <ComingSoon icon={<LeafIcon size={28} />}>
        Flower history and giving flowers to therapists are coming soon.
      </ComingSoon>
    </PageShell>
  );
}
