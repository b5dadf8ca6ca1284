// The Worker: one Hono app. tRPC at /trpc, the documented REST paths at /api, the chat socket at /ws/chat
// (served by the ChatHub Durable Object exported here), and the web app's static
// build for everything else (hashed assets cached for a year, index.html and the service worker revalidated).
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Hono } from 'hono';
import type { Bindings } from './env.ts';
import { describeError } from './errors.ts';
import { chatSocketRoutes } from './chat-socket.ts';
import { accountRoutes } from './rest/account.ts';
import type { HonoEnv } from './rest/adapter.ts';
import { appRouter } from './routers/index.ts';
import { originCheck, securityHeaders } from './security.ts';
import { createContext } from './trpc.ts';

const app = new Hono<HonoEnv>();

app.use('*', securityHeaders);
app.use('/api/*', originCheck);
app.use('/trpc/*', originCheck);

app.all('/trpc/*', (c) =>
  fetchRequestHandler({
    endpoint: '/trpc',
    req: c.req.raw,
    router: appRouter,
    createContext: ({ req, resHeaders }) => createContext(req, c.env, resHeaders),
  }),
);

app.route('/ws', chatSocketRoutes);
app.route('/api', accountRoutes);
app.all('/api/*', (c) => c.json({ message: 'Not found', code: 'NOT_FOUND' }, 404));

app.all('*', async (c) => {
  const response = await c.env.ASSETS.fetch(c.req.raw);
  const path = new URL(c.req.url).pathname;
  const cacheControl = path.startsWith('/assets/')
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', cacheControl);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
});

app.onError((error) => {
  const { status, body } = describeError(error);
  return Response.json(body, { status });
});

export default app satisfies ExportedHandler<Bindings>;
export { ChatHub } from '../durable-objects/chat-hub.ts';
