// Entry point: start-up chores, then the React app. A page the server sent prerendered (web/prerender.tsx:
// the landing page for a visitor, the auth form) already shows its content; React takes over only once the
// route's code is loaded, so its first paint is the same page: no flash, no layout shift.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createAppState } from './app.tsx';
import { registerServiceWorker, trackViewportHeight } from './lib/startup.ts';
import './styles.css';

trackViewportHeight();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');
const state = createAppState();
const prerendered = container.dataset.prerendered;
if (prerendered) {
  // The server sends the landing page only to a browser without a session cookie: nobody is signed in. The
  // session is still checked at once (the answer is stale from the start), without first showing Loading...
  if (prerendered === 'landing') state.utils.account.me.setData(undefined, null);
  await state.router.load();
}
createRoot(container).render(
  <StrictMode>
    <App state={state} />
  </StrictMode>,
);
