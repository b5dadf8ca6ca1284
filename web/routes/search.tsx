// Find Members (spec part 2 section 2).
import { SearchIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';

export function SearchPage() {
  return (
    <PageShell title="Find Members">
      <ComingSoon icon={<SearchIcon size={28} />}>Searching for members by name is coming soon.</ComingSoon>
    </PageShell>
  );
}
