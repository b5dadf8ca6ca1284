// /map (spec part 1 section 2): the spa map, optionally focused on one spa (`?focus=` holds its slug).
import { ComingSoon, PageShell } from '../components/page-shell.tsx';
import { MapIcon } from '../components/icons.tsx';

export function MapPage() {
  return (
    <PageShell title="Spa Locations" back="history">
      <ComingSoon icon={<MapIcon size={28} />}>The spa map arrives in an upcoming update.</ComingSoon>
    </PageShell>
  );
}
