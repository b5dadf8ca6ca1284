// / : the landing page for visitors, the map home for members, Loading... while the session loads.
import { SessionErrorView } from '../components/error-views.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { useSessionUser } from '../lib/session.ts';
import { HomeScreen } from './home.tsx';
import { LandingPage } from './landing.tsx';

export function IndexPage() {
  const session = useSessionUser();
  if (session.isPending) return <LoadingView />;
  if (session.isError && session.data === undefined) {
    return <SessionErrorView onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  }
  return session.data ? <HomeScreen user={session.data} /> : <LandingPage />;
}
