// The /stars and /flowers screens (spec, "Stars and flowers: /stars/:userSlug? and /flowers/:userSlug?"): a list with
// a summary (Given for a client, Received otherwise) and the Daily Limit for every viewer; what is left today and the
// Give dialog for a client on their own page; Please log in to view stars (or flowers) for signed-out visitors.
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { dailyLimitLine, RECOGNITION_MESSAGES } from '../../../common/recognition.ts';
import { useSessionUser } from '../../lib/session.ts';
import { trpc } from '../../trpc.ts';
import { LoadingView } from '../loading-view.tsx';
import { NoticePanel, PageShell } from '../page-shell.tsx';
import { Button, buttonClasses } from '../ui/button.tsx';
import { GiveDialog } from './give-dialog.tsx';
import { HistoryList, HistoryProblem } from './history-list.tsx';

export function GiftHistoryPage({ kind }: { kind: 'star' | 'flower' }) {
  const session = useSessionUser();
  const plural = kind === 'star' ? 'stars' : 'flowers';
  const title = kind === 'star' ? 'Stars' : 'Flowers';
  if (session.isPending) return <LoadingView />;
  if (!session.data)
    return (
      <PageShell title={title} back="history">
        <NoticePanel
          action={
            <Link to="/auth" className={buttonClasses('primary', 'md', 'min-h-11')}>
              Log In
            </Link>
          }
        >
          {RECOGNITION_MESSAGES.loginToView[plural]}
        </NoticePanel>
      </PageShell>
    );
  return <GiftHistory kind={kind} viewerId={session.data.id} />;
}

function GiftHistory({ kind, viewerId }: { kind: 'star' | 'flower'; viewerId: number }) {
  const { userSlug } = useParams({ strict: false });
  const input = userSlug ? { slug: userSlug } : {};
  const history = (kind === 'star' ? trpc.recognition.stars : trpc.recognition.flowers).useQuery(input);
  const [giving, setGiving] = useState(false);
  const noun = kind === 'star' ? 'Star' : 'Flower';
  const nouns = kind === 'star' ? 'Stars' : 'Flowers';
  const data = history.data;
  const own = data ? data.user.id === viewerId : !userSlug;
  const title = !data ? nouns : own ? `My ${nouns}` : `${data.user.name}'s ${nouns}`;
  // What is left today comes only to the client whose page it is: they alone give from it.
  const remaining = data?.dailyLimit.remaining ?? null;
  const giver = data && remaining !== null ? { limit: data.dailyLimit.limit, remaining } : null;
  return (
    <PageShell title={title} back="history">
      {history.isPending ? (
        <LoadingView />
      ) : history.isError ? (
        <HistoryProblem error={history.error} />
      ) : (
        <div className="grid gap-5">
          <section
            className="grid gap-2 rounded-3xl border border-sand-200 bg-white p-4 shadow-sm"
            aria-label="Summary"
          >
            <p className="text-base text-ink-900">
              <span className="font-semibold">{data!.direction === 'given' ? 'Given' : 'Received'}:</span> {data!.total}
            </p>
            <p className="text-sm text-ink-700">{dailyLimitLine(data!.dailyLimit.limit, data!.dailyLimit.remaining)}</p>
            {giver ? (
              <Button className="w-fit" onClick={() => setGiving(true)}>
                Give {noun}
              </Button>
            ) : null}
          </section>
          <HistoryList
            title={data!.direction === 'given' ? `${nouns} Given` : `${nouns} Received`}
            empty={kind === 'star' ? 'No star transactions yet.' : 'No flower transactions yet.'}
            items={data!.entries.map((entry) => {
              const other = data!.direction === 'given' ? entry.recipient : entry.giver;
              return {
                id: entry.id,
                member: {
                  name: other.name,
                  slug: other.slug,
                  role: data!.direction === 'given' ? (kind === 'star' ? 'spa_management' : 'therapist') : 'client',
                  picture: null,
                },
                createdAt: entry.createdAt,
                reason: entry.reason,
                verifiedVisit: entry.verifiedVisit,
                extra: entry.spa ? <p className="text-xs text-ink-600">at {entry.spa.name}</p> : null,
              };
            })}
          />
          {giver ? <GiveDialog kind={kind} open={giving} onOpenChange={setGiving} dailyLimit={giver} /> : null}
        </div>
      )}
    </PageShell>
  );
}
