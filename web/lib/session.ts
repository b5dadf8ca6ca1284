// The session (spec, "States and transitions"): the current user comes from `account.me` (null = signed out), is
// always considered stale and stays cached for 2 minutes; a screen that mounts moments after an answer came (the one
// sent with the page) reads that answer rather than asking again at once. Sign-in and registration store the user and
// go to /; sign-out clears every cached query, records a timestamp in session storage and reloads /.
import { useQueryClient } from '@tanstack/react-query';
import { createContext } from 'react';
import { RETURNING_VISITOR_COOKIE, type CurrentUser } from '../../common/account.ts';
import { SESSION_USER_CACHE_MS } from '../../common/limits.ts';
import { trpc } from '../trpc.ts';
import { forgetSessionEnd } from './session-end.ts';

/**
 * An answer this recent serves a screen that mounts now rather than a new fetch: the one the Worker sent with the page
 * (lib/page-data.ts), or a prefetch on hover that the click follows.
 */
export const ANSWER_REUSE_MS = 5000;

export const SESSION_QUERY_OPTIONS = { staleTime: 0, gcTime: SESSION_USER_CACHE_MS } as const;
/** The session user for a screen: always stale, yet not asked for again the moment it arrived. */
const SESSION_SCREEN_QUERY = {
  ...SESSION_QUERY_OPTIONS,
  refetchOnMount: (query: { state: { dataUpdatedAt: number } }) =>
    Date.now() - query.state.dataUpdatedAt > ANSWER_REUSE_MS,
} as const;

/** Session storage key holding the time of the last sign-out (ms since the epoch). */
export const LOGOUT_TIMESTAMP_KEY = 'logoutTimestamp';
/** Browsers keep a cookie at most 400 days; signing in again renews it. */
const RETURNING_VISITOR_MAX_AGE_S = 400 * 24 * 60 * 60;
/** Where earlier versions kept the same fact (local storage); read once and moved to the cookie. */
const LEGACY_SIGNED_IN_BEFORE_KEY = 'signedInBefore';

export function rememberSignedIn(): void {
  // Whoever signs in on this tab no longer needs to hear why the last session ended.
  forgetSessionEnd();
  setReturningVisitorCookie();
}

function setReturningVisitorCookie(): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${RETURNING_VISITOR_COOKIE}=1; Path=/; Max-Age=${RETURNING_VISITOR_MAX_AGE_S}; SameSite=Lax${secure}`;
}

/** Whether this browser has signed in before (a returning visitor rather than a first-time one). */
export function hasSignedInBefore(): boolean {
  return typeof document !== 'undefined' && document.cookie.split('; ').includes(`${RETURNING_VISITOR_COOKIE}=1`);
}

/** Moves the flag of earlier versions from local storage to the cookie, once; at start-up, before any render. */
export function moveSignedInBeforeFlag(): void {
  try {
    if (localStorage.getItem(LEGACY_SIGNED_IN_BEFORE_KEY) === null) return;
    setReturningVisitorCookie();
    // Kept while the cookie cannot be written (cookies blocked), so that nothing is lost.
    if (hasSignedInBefore()) localStorage.removeItem(LEGACY_SIGNED_IN_BEFORE_KEY);
  } catch {
    // Storage can be unavailable; Get Started then offers registration.
  }
}

/**
 * The landing page's answer to "has this browser signed in before": the browser's own in the app; the build's
 * prerender (web/prerender.tsx) gives each of the page's two variants its answer.
 */
export const ReturningVisitorContext = createContext<() => boolean>(hasSignedInBefore);

/** Whether this page has shown a member signed in (signing out reloads the page, so it starts again false). */
let memberSeen = false;

export function useSessionUser() {
  const session = trpc.account.me.useQuery(undefined, SESSION_SCREEN_QUERY);
  if (session.data) memberSeen = true;
  return session;
}

/**
 * Nobody is signed in now, though a member was on this page: the server ended the session under them (it expired,
 * or was ended from another device or by a password reset), so their browser had a session cookie with no member.
 */
export function sessionWasLost(user: CurrentUser | null | undefined): boolean {
  return user === null && memberSeen;
}

/** Stores a freshly signed-in user so every screen sees it without another round trip. */
export function useStoreSessionUser() {
  const utils = trpc.useUtils();
  return (user: CurrentUser) => utils.account.me.setData(undefined, user);
}

export function useLogout() {
  const queryClient = useQueryClient();
  const mutation = trpc.account.logout.useMutation({
    meta: { errorTitle: 'Logout failed' },
    onSuccess: () => {
      queryClient.clear();
      try {
        sessionStorage.setItem(LOGOUT_TIMESTAMP_KEY, String(Date.now()));
      } catch {
        // Storage can be unavailable (private mode, quota); signing out does not depend on it.
      }
      window.location.assign('/');
    },
  });
  return { logout: () => mutation.mutate(), isPending: mutation.isPending || mutation.isSuccess };
}
