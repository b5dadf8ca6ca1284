// Entry point: start-up chores, then the React app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app.tsx';
import { registerServiceWorker, trackViewportHeight } from './lib/startup.ts';
import './styles.css';

trackViewportHeight();
registerServiceWorker();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
