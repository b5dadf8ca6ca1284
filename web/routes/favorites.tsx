// Favourites lists.
import { HeartIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';

export function FavoritesPage() {
  return (
    <PageShell title="Favorites">
      <ComingSoon icon={<HeartIcon size={28} />}>Favourites lists are coming soon.</ComingSoon>
    </PageShell>
  );
}
