// /medals and /medals/{userSlug} (spec part 2 section 2): medals given and received in separate lists, titled by
// the owner and their role (My Medals, Medals I've Given, or the other member's equivalents).
import { useParams } from '@tanstack/react-router';
import { HistoryList, HistoryProblem } from '../components/recognition/history-list.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

export function MedalsPage() {
  const { userSlug } = useParams({ strict: false });
  const { data: me } = useSessionUser();
  const history = trpc.recognition.medalHistory.useQuery(userSlug ? { slug: userSlug } : {});
  const member = history.data?.user;
  const own = !member || member.id === me?.id;
  const givesMedals = (member?.role ?? me?.role) === 'spa_management';
  const title = own ? (givesMedals ? "Medals I've Given" : 'My Medals') : givesMedals ? `Medals ${member.name} Has Given` : `${member.name}'s Medals`;
  return (
    <PageShell title={title} back="history">
      {history.isPending ? (
        <LoadingView />
      ) : history.isError ? (
        <HistoryProblem error={history.error} />
      ) : (
        <div className="grid gap-6">
          {(givesMedals ? (['given', 'received'] as const) : (['received', 'given'] as const)).map((side) => (
            <HistoryList
              key={side}
              title={side === 'given' ? 'Medals Given' : 'Medals Received'}
              empty={side === 'given' ? 'No medals awarded yet.' : 'No medals received yet.'}
              items={history.data[side].map((entry) => {
                const other = 'recipient' in entry ? entry.recipient! : entry.giver!;
                return {
                  id: entry.id,
                  member: { name: other.name, slug: other.slug, role: other.role, picture: other.profileImageUrl },
                  createdAt: entry.createdAt,
                  reason: entry.reason,
                };
              })}
            />
          ))}
        </div>
      )}
    </PageShell>
  );
}
