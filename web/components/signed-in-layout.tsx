// The guard for every signed-in route: Loading... while the session loads, /auth when nobody is signed in,
// and the screen itself otherwise. It also reacts when a later session check finds the user gone.
import { Navigate, Outlet } from '@tanstack/react-router';
import { useSessionUser } from '../lib/session.ts';
import { SessionErrorView } from './error-views.tsx';
import { LoadingView } from './loading-view.tsx';

export function SignedInLayout() {
  const session = useSessionUser();
  if (session.isPending) return <LoadingView />;
  if (session.isError && session.data === undefined) {
    return <SessionErrorView onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  }
  if (!session.data) return <Navigate to="/auth" replace />;
  return <Outlet />;
}
