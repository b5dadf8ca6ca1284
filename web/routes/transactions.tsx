// /transactions/{userSlug}/{type} (spec part 2 section 2): type is stars, medals, flowers or red-flags.
import { getRouteApi } from '@tanstack/react-router';
import { ClockIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';

const routeApi = getRouteApi('/signed-in/transactions/$userSlug/$type');

const TITLES: Record<string, string> = {
  stars: 'Star History',
  medals: 'Medal History',
  flowers: 'Flower History',
  'red-flags': 'Red Flag History',
};

export function TransactionsPage() {
  const { type } = routeApi.useParams();
  const title = Object.hasOwn(TITLES, type) ? TITLES[type] : undefined;
  return (
    <PageShell title={title ?? 'Transactions'} back="history">
      <ComingSoon icon={<ClockIcon size={28} />}>
        {title ? 'Transaction history is coming soon.' : 'There is no history of that kind.'}
      </ComingSoon>
    </PageShell>
  );
}
