// /transactions/{userSlug}/{type} (spec, "Transactions: /transactions/:userId/:type"): type is stars, medals, flowers
// or red-flags; given and received entries in the last 3 months (a year for red flags), fresh for 2 minutes; a
// user-not-found view.
import { getRouteApi } from '@tanstack/react-router';
import { TRANSACTIONS_FRESH_MS } from '../../common/limits.ts';
import { TRANSACTION_TYPES, type TransactionType } from '../../common/recognition.ts';
import { HistoryList, HistoryProblem } from '../components/recognition/history-list.tsx';
import { ClockIcon } from '../components/icons.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { NoticePanel, PageShell } from '../components/page-shell.tsx';
import { trpc } from '../trpc.ts';

const routeApi = getRouteApi('/signed-in/transactions/$userSlug/$type');

const TITLES: Record<TransactionType, string> = {
  stars: 'Star History',
  medals: 'Medal History',
  flowers: 'Flower History',
  'red-flags': 'Red Flag History',
};

export function TransactionsPage() {
  const { userSlug, type } = routeApi.useParams();
  const known = (TRANSACTION_TYPES as readonly string[]).includes(type);
  const transactions = trpc.recognition.transactions.useQuery(
    {
      member: /^\d+$/.test(userSlug) ? { userId: Number(userSlug) } : { slug: userSlug },
      type: type as TransactionType,
    },
    { enabled: known, staleTime: TRANSACTIONS_FRESH_MS, retry: false },
  );
  if (!known)
    return (
      <PageShell title="Transactions" back="history">
        <NoticePanel icon={<ClockIcon size={28} />}>There is no history of that kind.</NoticePanel>
      </PageShell>
    );
  const data = transactions.data;
  return (
    <PageShell title={TITLES[type as TransactionType]} back="history">
      {transactions.isPending ? (
        <LoadingView />
      ) : transactions.isError ? (
        <HistoryProblem error={transactions.error} />
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-ink-700 [overflow-wrap:anywhere]">
            {data!.user.name} · {data!.timeframe === 'year' ? 'last 12 months' : 'last 3 months'}
          </p>
          <HistoryList
            title="Transactions"
            empty="No transactions in this period."
            items={data!.entries.map((entry) => ({
              id: entry.id * 2 + (entry.direction === 'given' ? 0 : 1),
              member: {
                name: entry.otherUserName,
                slug: entry.otherUserSlug,
                role: 'client',
                picture: entry.otherUserProfilePic,
              },
              createdAt: entry.createdAt,
              reason: entry.reason,
              verifiedVisit: entry.verifiedVisit,
              badge: (
                <span
                  className={
                    entry.direction === 'given'
                      ? 'rounded-full bg-brand-50 px-2 py-0.5 text-brand-800'
                      : 'rounded-full bg-sand-100 px-2 py-0.5'
                  }
                >
                  {entry.direction === 'given' ? 'Given' : 'Received'}
                </span>
              ),
            }))}
          />
        </div>
      )}
    </PageShell>
  );
}
