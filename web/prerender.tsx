// Build-time prerender (run by the `prerender` plugin in vite.config.ts, never shipped): the pages a visitor
// may open first, rendered to HTML with nobody signed in, so that they paint from the HTML before any script
// runs. The Worker sends them (worker/index.ts): the landing page at / to a browser without a session cookie (in
// its returning variant, Get Started to sign-in, to one that has signed in before), the auth form at /auth. React
// then renders the same markup from scratch (main.tsx waits for the route's code, so its first frame is the same
// page).
import { createMemoryHistory } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { App, createAppState } from './app.tsx';
import { ReturningVisitorContext } from './lib/session.ts';

/**
 * Renders the app at `url` for a visitor who is not signed in; `returning` when the browser has signed in before
 * (the landing page's Get Started then offers sign-in).
 */
export async function renderPage(url: string, returning: boolean): Promise<string> {
  const state = createAppState(createMemoryHistory({ initialEntries: [url] }));
  state.utils.account.me.setData(undefined, null);
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
