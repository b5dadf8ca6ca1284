// Build-time prerender (run by the `prerender` plugin in vite.config.ts, never shipped): the pages a visitor
// may open first, rendered to HTML with nobody signed in, so that they paint from the HTML before any script
// runs. The Worker sends them (worker/index.ts): the landing page at / to a browser without a session cookie (in
// its returning variant, Get Started to sign-in, to one that has signed in before), the auth form at /auth. React
// then renders the same markup from scratch (main.tsx waits for the route's code, so its first frame is the same
// page). Also the signed-in home for a stand-in member of each role (common/screen-chrome.ts): its header and
// bottom bar go around the markers the Worker draws into a member's page.
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import type { CurrentUser } from '../common/account.ts';
import { CONTACT_HANDLES } from '../common/profile.ts';
import { ROLES } from '../common/roles.ts';
import { CHROME_STAND_IN, type ScreenChrome } from '../common/screen-chrome.ts';
import { App, createAppState } from './app.tsx';
import { ReturningVisitorContext } from './lib/session.ts';

/**
 * Renders the app at `url` for a visitor who is not signed in; `returning` when the browser has signed in before
 * (the landing page's Get Started then offers sign-in).
 */
export async function renderPage(url: string, returning: boolean): Promise<string> {
  return render(url, null, returning);
}

/** The signed-in home of a stand-in member of each role, without a picture and with one (common/screen-chrome.ts). */
export async function renderHomeChrome(): Promise<ScreenChrome> {
  const chrome: Partial<ScreenChrome> = {};
  for (const role of ROLES) {
    const member = (profilePic: string | null): CurrentUser => ({
      ...(Object.fromEntries(CONTACT_HANDLES.map(({ key }) => [key, null])) as Pick<CurrentUser, (typeof CONTACT_HANDLES)[number]['key']>),
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
    });
    chrome[role] = { initial: await render('/', member(null), false), picture: await render('/', member(CHROME_STAND_IN.picture), false) };
  }
  return chrome as ScreenChrome;
}

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
    // The cache's garbage-collection timers (10 minutes) would keep the build's process alive.
    state.queryClient.clear();
  }
}
