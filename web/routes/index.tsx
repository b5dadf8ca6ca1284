// / : the landing page for visitors, the map home for members, Loading... while the session loads. While it loads
// in a browser that has signed in before, the map starts loading too (warm-up.ts): a member most likely lands on it.
// A session cookie with no member behind it goes to /auth (spec, "/ (home)"): the Worker answers a page load with
// one by a redirect (worker/page-data.ts); here, a member whose session ended while the app was open goes there
// too (sessionWasLost).
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SessionErrorView } from '../components/error-views.tsx';
import { LoadingView } from '../components/loading-view.tsx';
import { warmUpMap } from '../lib/map/warm-up.ts';
import { hasSignedInBefore, sessionWasLost, useSessionUser } from '../lib/session.ts';
import { trpc } from '../trpc.ts';
import { HomeScreen } from './home.tsx';
import { LandingPage } from './landing.tsx';

export function IndexPage() {
  const session = useSessionUser();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const loading = session.isPending;
  useEffect(() => {
    if (!loading || !hasSignedInBefore()) return;
    // A task of its own: the session's call is sent first, alone, rather than in one batch that would wait for the
    // spa listing.
    const timer = setTimeout(() => warmUpMap(utils, queryClient));
    return () => clearTimeout(timer);
  }, [loading, utils, queryClient]);
  if (session.isPending) return <LoadingView />;
  if (session.isError && session.data === undefined) {
    return <SessionErrorView onRetry={() => void session.refetch()} retrying={session.isFetching} />;
  }
  if (session.data) return <HomeScreen user={session.data} />;
  return sessionWasLost(session.data) ? <Navigate to="/auth" replace /> : <LandingPage />;
}
