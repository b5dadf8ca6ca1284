// Entry point: start-up chores, then the React app. A page the server sent prerendered (web/prerender.tsx:
// the landing page for a visitor, the auth form, a profile in its loading state) already shows its content; React
// takes over only once the route's code is loaded, so its first paint is the same page: no flash, no layout shift.
// Other screens a member opens first come with their first queries' answers (worker/page-data.ts), put in the cache
// before React renders.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FIRST_FRAME } from '../common/page-data.ts';
import { App, createAppState } from './app.tsx';
import { SpaMap } from './lib/map/warm-up.ts';
import { seedPageData } from './lib/page-data.ts';
import { moveSignedInBeforeFlag } from './lib/session.ts';
import { nextTask, registerServiceWorker, trackViewportHeight } from './lib/startup.ts';
import './styles.css';

trackViewportHeight();
registerServiceWorker();
moveSignedInBeforeFlag();
// The rest in tasks of their own: evaluating the app's modules is one task the browser cannot split, and creating the
// app's state, loading the route and creating the root, added to it, made it the page's longest (Total Blocking Time
// on a slow phone). Each step then lets the browser in before the next (`nextTask`).
setTimeout(() => void start());

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html.');
  const state = createAppState();
  await nextTask();
  // The screen's first answers came with the page (lib/page-data.ts); a map screen's configuration among them starts
  // the map's code now, beside the screen's shell. Not the map library (about 300 kB compressed): the screen draws the
  // spas' markers from the listing first (components/map/marker-preview.tsx), and the library, loaded or evaluated
  // before that, would take the bandwidth and the main thread of the code that draws them. The screen starts it
  // once it has rendered (lib/map/warm-up.ts).
  const answers = seedPageData(state.utils);
  const prerendered = container.dataset.prerendered;
  const mapScreen = prerendered === FIRST_FRAME || answers.some((answer) => answer.path === 'map.config');
  const mapCode = mapScreen ? SpaMap.preload().catch(() => undefined) : null;
  // The server sends the landing page only to a browser without a session cookie: nobody is signed in. The session
  // is still checked at once (this answer is dated from before the page, so no screen reuses it), without first
  // showing Loading...
  if (prerendered === 'landing') state.utils.account.me.setData(undefined, null, { updatedAt: 0 });
  const app = (
    <StrictMode>
      <App state={state} />
    </StrictMode>
  );
  // The first render is a transition: React renders in slices and yields to the browser between them, so the page
  // stays responsive while it takes over (no long task for Total Blocking Time).
  const render = () => startTransition(() => createRoot(container).render(app));
  // A prerendered page, or a screen whose data came with the page, renders once its code is here: its first frame is
  // the screen itself (the code was preloaded beside the app's own), and on the map home the same markers as the
  // page's own first frame (common/spa-markers.ts), not Loading map... between. Not a top-level await: the screens'
  // chunks import this one's modules, which would wait for each other.
  if (prerendered || answers.length > 0) {
    await Promise.all([state.router.load(), mapCode]);
    await nextTask();
  }
  render();
}
