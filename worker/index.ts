// The Worker: one Hono app. tRPC at /trpc, the documented REST paths at /api, the chat socket at /ws/chat
// (served by the ChatHub Durable Object exported here), and the web app's static
// build for everything else (hashed assets cached for a year, index.html and the service worker revalidated).
// The landing page and the auth form are sent prerendered (web/prerender.tsx), so they paint before any script;
// the screens a member opens first come with their first queries' answers and their code (worker/page-data.ts).
import { withSentry } from '@sentry/cloudflare';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import packageJson from '../package.json' with { type: 'json' };
import { RETURNING_VISITOR_COOKIE } from '../common/account.ts';
import { TRPC_MAX_BATCH_SIZE } from '../common/limits.ts';
import { Hono } from 'hono';
import type { Bindings } from './env.ts';
import { describeError } from './errors.ts';
import { chatSocketRoutes } from './chat-socket.ts';
import { mediaRoutes } from './media-routes.ts';
import { restApi } from './rest/index.ts';
import { executionContextOf, type HonoEnv } from './rest/adapter.ts';
import { withPageData } from './page-data.ts';
import { runScheduledWork } from './scheduled.ts';
import { readConfig } from './env.ts';
import { localMailboxAvailable } from './providers/mail.ts';
import { appRouter } from './routers/index.ts';
import { originCheck, requestBodyRules, securityHeaders, trpcBatchRules } from './security.ts';
import { readCookie, readSessionToken } from './services/sessions.ts';
import { createContext, type Context } from './trpc.ts';
import { REQUEST_ID_HEADER, requestIdOf, withRequestId } from './log.ts';

const app = new Hono<HonoEnv>();

// Every request has an id (Cloudflare's Ray ID, else a random one) on its log lines and in X-Request-Id.
app.use('*', async (c, next) => {
  const requestId = requestIdOf(c.req.raw);
  await withRequestId(requestId, next);
  // A WebSocket handshake's headers belong to the socket and cannot be changed.
  if (c.res.status !== 101) c.res.headers.set(REQUEST_ID_HEADER, requestId);
});
app.use('*', securityHeaders);
app.use('/api/*', originCheck, requestBodyRules);
app.use('/trpc/*', originCheck, requestBodyRules, trpcBatchRules);

app.all('/trpc/*', async (c) => {
  let context: Context | undefined;
  const response = await fetchRequestHandler({
    endpoint: '/trpc',
    req: c.req.raw,
    router: appRouter,
    maxBatchSize: TRPC_MAX_BATCH_SIZE,
    createContext: ({ req, resHeaders }) => (context = createContext(req, c.env, resHeaders, executionContextOf(c))),
  });
  return context ? context.responseCache.apply(response) : response;
});

app.route('/ws', chatSocketRoutes);
app.route('/api', restApi);
app.route('/media', mediaRoutes);
app.all('/api/*', (c) => c.json({ message: 'Not found', code: 'NOT_FOUND' }, 404));

// The local mailbox's page exists only where its API does (development without a mail provider).
app.get('/dev/mail', (c, next) => (localMailboxAvailable(readConfig(c.env)) ? next() : c.text('Not found', 404)));
/**
 * The prerendered page (under dist/web/prerendered/) for a page load: the landing page at / for a browser
 * without a session cookie (a member gets the plain app shell, never a flash of the landing page), in its returning
 * variant for a browser that has signed in before, and the auth form at /auth, in register mode when the address
 * asks for it. Null for everything else.
 */
function prerenderedPage(request: Request): string | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.pathname === '/') {
    if (readSessionToken(request)) return null;
    return readCookie(request, RETURNING_VISITOR_COOKIE) === '1'
      ? '/prerendered/landing-returning'
      : '/prerendered/landing';
  }
  if (url.pathname === '/auth')
    return url.searchParams.has('role') || url.searchParams.get('mode') === 'register'
      ? '/prerendered/auth-register'
      : '/prerendered/auth';
  return null;
}

app.all('*', async (c) => {
  const page = prerenderedPage(c.req.raw);
  const response = await c.env.ASSETS.fetch(page ? new Request(new URL(page, c.req.url), c.req.raw) : c.req.raw);
  const path = new URL(c.req.url).pathname;
  const cacheControl = path.startsWith('/assets/')
    ? 'public, max-age=31536000, immutable'
    : path.startsWith('/geo/')
      ? 'public, max-age=86400, stale-while-revalidate=604800' // the embedded basemap, rebuilt only by a deploy
      : 'no-cache';
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', cacheControl);
  // What / sends depends on the session and returning-visitor cookies.
  if (path === '/') headers.append('Vary', 'Cookie');
  const answer = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  // A screen's first answers and code go with the app shell (worker/page-data.ts, ADR 023).
  return page ? answer : withPageData(c.req.raw, c.env, answer, executionContextOf(c));
});

app.onError((error) => {
  const { status, body } = describeError(error);
  return Response.json(body, { status });
});

/** Every route the app serves (method, path with its :params), for tests that walk them all (worker/test/odd-input.test.ts). */
export const appRoutes: readonly { method: string; path: string }[] = app.routes.map(({ method, path }) => ({
  method,
  path,
}));

const handler = {
  fetch: app.fetch,
  // The Cron Trigger: mail delivery and its retries, and tidying up (worker/scheduled.ts).
  scheduled: async (controller, env, ctx) =>
    ctx.waitUntil(
      withRequestId(`scheduled-${controller.scheduledTime}`, () => runScheduledWork(env, controller.scheduledTime)),
    ),
} satisfies ExportedHandler<Bindings>;

/**
 * With SENTRY_DSN set, the handler runs inside Sentry's, so that the unexpected errors `describeError` reports are
 * sent (and flushed after the answer); without it, as it is, at no cost (docs/operations.md).
 */
const reported = withSentry(
  (env: Bindings) => ({
    dsn: readConfig(env).SENTRY_DSN,
    environment: readConfig(env).ENVIRONMENT,
    release: packageJson.version,
  }),
  // A copy: Sentry instruments the methods of the handler it is given, in place.
  { ...handler },
);

export default {
  fetch(request: Request, env: Bindings, ctx: ExecutionContext) {
    return env.SENTRY_DSN
      ? reported.fetch(request as Request<unknown, IncomingRequestCfProperties>, env, ctx)
      : handler.fetch(request, env, ctx);
  },
  scheduled(controller: ScheduledController, env: Bindings, ctx: ExecutionContext) {
    return env.SENTRY_DSN ? reported.scheduled(controller, env, ctx) : handler.scheduled(controller, env, ctx);
  },
} satisfies ExportedHandler<Bindings>;
export { ChatHub } from '../durable-objects/chat-hub.ts';
export { ChatSession } from '../durable-objects/chat-session.ts';
