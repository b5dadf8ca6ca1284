// /stars and /stars/{userSlug} (spec part 2 section 2).
import { StarIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';

export function StarsPage() {
  return (
    <PageShell title="Stars" back="history">
      <ComingSoon icon={<StarIcon size={28} />}>Star history and giving stars to spas are coming soon.</ComingSoon>
    </PageShell>
  );
}
