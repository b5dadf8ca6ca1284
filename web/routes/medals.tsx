// /medals and /medals/{userSlug} (spec, "Medal history: /medals/:userSlug?"): medals given and received in separate
// lists, titled by the owner and their role (My Medals, Medals I've Given, or the other member's equivalents). Only
// the lists the member's role can fill show (historySides): a client's page has no Medals Given.
import { useParams } from '@tanstack/react-router';
import {
  historyOwner,
  HistoryProblem,
  SidedHistoryLists,
  sidedHistoryTitle,
} from '../components/recognition/history-list.tsx';
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
  return (
    <PageShell title={sidedHistoryTitle('medal', 'Medals', owner, role, member?.name)} back="history">
      {history.isPending ? (
        <LoadingView />
      ) : history.isError ? (
        <HistoryProblem error={history.error} />
      ) : (
        <SidedHistoryLists
          kind="medal"
          noun="Medals"
          empty={{ given: 'No medals awarded yet.', received: 'No medals received yet.' }}
          history={history.data}
        />
      )}
    </PageShell>
  );
}
