// The REST paths under /api, mounted from their declarations (one module per domain, worker/rest/route.ts), the
// OpenAPI document generated from the same declarations (GET /api/openapi.json) and its viewer (GET /api/docs).
import { Hono } from 'hono';
import type { HonoEnv } from './adapter.ts';
import { accountRoutes } from './account.ts';
import { adminRoutes } from './admin.ts';
import { analyticsRoutes } from './analytics.ts';
import { favoritesRoutes } from './favorites.ts';
import { licenceRoutes } from './licences.ts';
import { lineupRoutes } from './lineup.ts';
import { mapRoutes } from './map.ts';
import { openApiDocument, type RestDomain } from './openapi.ts';
import { passwordResetRoutes } from './password-reset.ts';
import { premiumRoutes } from './premium.ts';
import { privacyRoutes } from './privacy.ts';
import { profileRoutes } from './profiles.ts';
import { recognitionRoutes } from './recognition.ts';
import { honoPath } from './route.ts';
import { visitRoutes } from './visits.ts';

/** The contract's version: it follows the SDK's semver (sdk/package.json), whose procedures these paths call. */
export const REST_API_VERSION = '1.1.0';

export const REST_DOMAINS: readonly RestDomain[] = [
  accountRoutes,
  mapRoutes,
  profileRoutes,
  recognitionRoutes,
  favoritesRoutes,
  lineupRoutes,
  licenceRoutes,
  passwordResetRoutes,
  premiumRoutes,
  privacyRoutes,
  visitRoutes,
  analyticsRoutes,
  adminRoutes,
];

/** Built on the first request an isolate serves, then kept: the declarations do not change while it runs. */
let document: ReturnType<typeof openApiDocument> | undefined;

export const restApi = new Hono<HonoEnv>();
for (const { routes } of REST_DOMAINS)
  for (const route of routes) restApi.on(route.method.toUpperCase(), honoPath(route.path), route.handler);

restApi.get('/openapi.json', (c) => {
  document ??= openApiDocument(REST_DOMAINS, REST_API_VERSION);
  c.header('Cache-Control', 'no-cache');
  return c.json(document);
});

/** The viewer is a page of the web app's build (web/api-docs.html), which reads /api/openapi.json. */
restApi.get('/docs', async (c) => {
  const page = await c.env.ASSETS.fetch(new Request(new URL('/api-docs', c.req.url)));
  const headers = new Headers(page.headers);
  headers.set('Cache-Control', 'no-cache');
  return new Response(page.body, { status: page.status, headers });
});
