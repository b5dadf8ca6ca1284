// Entry point: start-up chores, then the React app. A page the server sent prerendered (web/prerender.tsx:
// the landing page for a visitor, the auth form) already shows its content; React takes over only once the
// route's code is loaded, so its first paint is the same page: no flash, no layout shift. Other screens a member
// opens first come with their first queries' answers (worker/page-data.ts), put in the cache before React renders.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppState } from './app.tsx';
import type { MapClientConfig } from '../common/map.ts';
import { mapSetupQuery } from './lib/map/setup.ts';
import { seedPageData } from './lib/page-data.ts';
import { registerServiceWorker, trackViewportHeight } from './lib/startup.ts';
import './styles.css';

trackViewportHeight();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');
const state = createAppState();
// The screen's first answers came with the page (lib/page-data.ts); a map screen's configuration among them starts
// the map's code and library now, beside the screen's shell rather than after it has rendered.
const answers = seedPageData(state.utils);
const mapConfig = answers.find((answer) => answer.path === 'map.config')?.data as MapClientConfig | undefined;
if (mapConfig) {
  void import('./components/map/spa-map.tsx');
  void state.queryClient.prefetchQuery(mapSetupQuery(mapConfig));
}
const prerendered = container.dataset.prerendered;
// The server sends the landing page only to a browser without a session cookie: nobody is signed in. The session
// is still checked at once (the answer is stale from the start), without first showing Loading...
if (prerendered === 'landing') state.utils.account.me.setData(undefined, null);
const app = (
  <StrictMode>
    <App state={state} />
  </StrictMode>
);
// The first render is a transition: React renders in slices and yields to the browser between them, so the page
// stays responsive while it takes over (no long task for Total Blocking Time).
const render = () => startTransition(() => createRoot(container).render(app));
// A prerendered page, or a screen whose data came with the page, renders once its code is here: its first frame is
// the screen itself (the code was preloaded beside the app's own). Not a top-level await: the screens' chunks import
// this one's modules, which would wait for each other.
if (prerendered || answers.length > 0) void state.router.load().then(render);
else render();
