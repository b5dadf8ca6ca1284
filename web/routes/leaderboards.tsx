// Leaderboards, labelled Top 10 in the navigation (spec part 2 section 2). Reachable signed out.
import { TrophyIcon } from '../components/icons.tsx';
import { ComingSoon, PageShell } from '../components/page-shell.tsx';

export function LeaderboardsPage() {
  return (
    <PageShell title="Top 10 Leaderboards" back="history">
      <ComingSoon icon={<TrophyIcon size={28} />}>
        Rankings of top therapists, spas and clients are coming soon.
      </ComingSoon>
    </PageShell>
  );
}
