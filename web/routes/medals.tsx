// /medals and /medals/{userSlug} (spec part 2 section 2): medals given and received in separate lists, titled by
// the owner and their role (My Medals, Medals I've Given, or the other member's equivalents). Only the lists the
// member's role can fill show (historySides): a client's page has no Medals Given.
import { useParams } from '@tanstack/react-router';
import { historySides, RECOGNITION_RULES } from '../../common/recognition.ts';
import { HistoryList, historyOwner, HistoryProblem } from '../components/recognition/history-list.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { PageShell } from '../components/page-shell.tsx';
import { useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';

export function MedalsPage() {
  const { userSlug } = useParams({ strict: false });
  const { data: me } = useSessionUser();
  const history = trpc.recognition.medalHistory.useQuery(userSlug ? { slug: userSlug } : {});
  const member = history.data?.user;
  const owner = historyOwner(userSlug, member, me);
  const role = member?.role ?? (owner === 'own' ? me?.role : undefined);
  const givesMedals = role === RECOGNITION_RULES.medal.giver;
  const title =
    owner === 'unknown' || !role ? 'Medals' : owner === 'own' ? (givesMedals ? "Medals I've Given" : 'My Medals') : givesMedals ? `Medals ${member!.name} Has Given` : `${member!.name}'s Medals`;
  return (
    <PageShell title={title} back="history">
      {history.isPending ? (
        <LoadingView />
      ) : history.isError ? (
        <HistoryProblem error={history.error} />
      ) : (
        <div className="grid gap-6">
          {historySides('medal', history.data.user.role, { given: history.data.given.length, received: history.data.received.length }).map((side) => (
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
