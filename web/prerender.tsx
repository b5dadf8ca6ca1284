// Build-time prerender (run by the `prerender` plugin, scripts/prerender-pages.ts, never shipped): the pages a visitor
// may open first, rendered to HTML with nobody signed in, so that they paint from the HTML before any script
// runs. The Worker sends them (worker/index.ts): the landing page at / to a browser without a session cookie (in
// its returning variant, Get Started to sign-in, to one that has signed in before), the auth form at /auth. React
// then renders the same markup from scratch (main.tsx waits for the route's code, so its first frame is the same
// page). Also the signed-in home for a stand-in member of each role (common/screen-chrome.ts): its header and
// bottom bar go around the markers the Worker draws into a member's page, and another member's profile in its
// loading state for each role. Nothing here asks a server: the query client is offline, so the screens' queries
// wait unfetched in their loading state, and the cache's timers (minutes long) do not keep the build's process alive.
import { onlineManager, timeoutManager } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { CurrentUser } from '../common/account.ts';
import { CONTACT_HANDLES } from '../common/profile.ts';
import { ROLES } from '../common/roles.ts';
import { CHROME_STAND_IN, type RoleMarkup, type ScreenChrome } from '../common/screen-chrome.ts';
import { App, createAppState } from './app.tsx';
import { ReturningVisitorContext } from './lib/session.ts';

/**
 * Renders the app at `url` for a visitor who is not signed in; `returning` when the browser has signed in before
 * (the landing page's Get Started then offers sign-in).
 */
export async function renderPage(url: string, returning: boolean): Promise<string> {
  return render(url, null, returning);
}

/** A stand-in member of `role`, with or without a picture (common/screen-chrome.ts). */
function standIn(role: CurrentUser['role'], profilePic: string | null): CurrentUser {
  return {
    ...(Object.fromEntries(CONTACT_HANDLES.map(({ key }) => [key, null])) as Pick<
      CurrentUser,
      (typeof CONTACT_HANDLES)[number]['key']
    >),
    id: 0,
    memberNumber: 0,
    name: CHROME_STAND_IN.name,
    slug: '',
    role,
    profilePic,
    profilePicThumbnail: profilePic,
    isPremium: false,
    aboutMe: null,
    phoneNumber: null,
    address: null,
    latitude: null,
    longitude: null,
    openingHours: null,
    email: null,
    pendingEmail: null,
  };
}

/** The signed-in home of a stand-in member of each role, without a picture and with one (common/screen-chrome.ts). */
export async function renderHomeChrome(): Promise<ScreenChrome> {
  const chrome: Partial<ScreenChrome> = {};
  for (const role of ROLES) {
    chrome[role] = {
      initial: await render('/', standIn(role, null), false),
      picture: await render('/', standIn(role, CHROME_STAND_IN.picture), false),
    };
  }
  return chrome as ScreenChrome;
}

/** Another member's profile, still loading, as a stand-in member of each role sees it (its header, skeletons, bottom bar). */
export async function renderProfileLoading(): Promise<RoleMarkup> {
  const markup: Partial<RoleMarkup> = {};
  for (const role of ROLES) markup[role] = await render('/profile/loading', standIn(role, null), false);
  return markup as RoleMarkup;
}

// Offline, and with timers that let the process end (see the top of this module).
onlineManager.setOnline(false);
timeoutManager.setTimeoutProvider({
  setTimeout: (callback, delay) => setTimeout(callback, delay).unref(),
  clearTimeout: (timer) => clearTimeout(timer as NodeJS.Timeout | undefined),
  setInterval: (callback, delay) => setInterval(callback, delay).unref(),
  clearInterval: (timer) => clearInterval(timer as NodeJS.Timeout | undefined),
});

/** The app at `url` with `me` signed in (null: nobody); `returning` when the browser has signed in before. */
async function render(url: string, me: CurrentUser | null, returning: boolean): Promise<string> {
  const state = createAppState(createMemoryHistory({ initialEntries: [url] }));
  state.utils.account.me.setData(undefined, me);
  await state.router.load();
  try {
    // The router's scroll restoration writes an inline script for server rendering; the Content Security Policy
    // refuses inline scripts, and the app restores scroll positions itself once it runs.
    return renderToString(
      <ReturningVisitorContext value={() => returning}>
        <App state={state} toaster={false} />
      </ReturningVisitorContext>,
    ).replace(/<script>[\s\S]*?<\/script>/g, '');
  } finally {
    state.queryClient.clear();
  }
}
