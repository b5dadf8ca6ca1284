// Start-up chores (spec, "Start-up"): the viewport-height CSS variable and the service worker; and the pause between
// start-up steps.
import { BOTTOM_NAV_HEIGHT_PX } from '../../common/limits.ts';

/** Sets --vh to 1% of the window's inner height (in px), now and on every resize. */
export function trackViewportHeight(): void {
  const root = document.documentElement;
  const update = () => root.style.setProperty('--vh', `${window.innerHeight * 0.01}px`);
  update();
  root.style.setProperty('--bottom-nav-height', `${BOTTOM_NAV_HEIGHT_PX}px`);
  window.addEventListener('resize', update);
  window.addEventListener('orientationchange', update);
}

/** Registers /sw.js (the offline app shell); a failure is only logged. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.error('Service worker registration failed:', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Resolves in a later task: the browser paints and handles input in between (a long start-up cut in pieces). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve));
}
