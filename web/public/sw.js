// The service worker: keeps the app shell available offline.
// - install: caches the shell and takes over at once. The shell is index.html as any address the app routes
//   on the client gets it (/app-shell); not /, which the server sends prerendered as the landing page to
//   visitors, so an offline page never flashes the landing page;
// - navigations: network first, falling back to the cached shell when offline (the app routes on the client);
//   the first successful navigation after the worker starts refreshes the cached shell in the background;
// - /assets/*: cache first (file names carry a content hash, so a cached file never goes stale);
// - API, tRPC, WebSocket, media and developer paths are never cached or intercepted;
// - activate: deletes caches of older versions and claims open pages.
const VERSION = 'v2';
const SHELL_CACHE = `shell-${VERSION}`;
const ASSET_CACHE = `assets-${VERSION}`;
const CURRENT_CACHES = new Set([SHELL_CACHE, ASSET_CACHE]);
const SHELL_URL = '/app-shell';
const BYPASS_PREFIXES = ['/api/', '/trpc/', '/ws/', '/media/', '/dev/'];
/** Hashed assets pile up over deploys; the oldest are dropped beyond this many. */
const MAX_ASSETS = 120;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.add(new Request(SHELL_URL, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(names.filter((name) => !CURRENT_CACHES.has(name)).map((name) => caches.delete(name))),
      )
      .then(() => self.clients.claim()),
  );
});

function isHtml(response) {
  return (response.headers.get('Content-Type') || '').includes('text/html');
}

let shellRefreshed = false;

function refreshShell() {
  if (shellRefreshed) return Promise.resolve();
  shellRefreshed = true;
  return caches.open(SHELL_CACHE).then((cache) =>
    fetch(SHELL_URL, { cache: 'no-cache' }).then((response) => {
      if (response.ok && isHtml(response)) return cache.put(SHELL_URL, response);
    }),
  );
}

async function networkFirstNavigation(request, event) {
  try {
    const response = await fetch(request);
    if (response.ok) event.waitUntil(refreshShell().catch(() => undefined));
    return response;
  } catch (error) {
    const cached = await caches.match(SHELL_URL, { cacheName: SHELL_CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function trimAssets(cache) {
  const keys = await cache.keys();
  const excess = keys.length - MAX_ASSETS;
  for (let i = 0; i < excess; i += 1) await cache.delete(keys[i]);
}

async function cacheFirstAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    trimAssets(cache);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (BYPASS_PREFIXES.some((prefix) => url.pathname.startsWith(prefix)) || url.pathname === '/sw.js') return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request, event));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirstAsset(request));
  }
});
