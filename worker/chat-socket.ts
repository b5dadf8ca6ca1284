// GET /ws/chat: the chat socket. The Worker checks the Origin (403), the session (401) and how often this
// member opens sockets (429), reads the member's blocks, and forwards the upgrade to the ChatHub with the
// verified member and their session in a header only it can set. The hub caps the sockets open at once.
import { Hono } from 'hono';
import { MESSAGES } from '../common/account.ts';
import { CHAT_MEMBER_HEADER, type ChatConnection } from '../durable-objects/chat-hub.ts';
import type { HonoEnv } from './rest/adapter.ts';
import { CROSS_SITE_REFUSED, isAllowedOrigin } from './security.ts';
import { chatHub, hiddenMemberIds } from './services/chat.ts';
import { sessionExpiresAt } from './services/sessions.ts';
import { premiumEndsAt } from './services/users.ts';
import { createContext, enforceRateLimit } from './trpc.ts';
import { describeError } from './errors.ts';

export const chatSocketRoutes = new Hono<HonoEnv>();

chatSocketRoutes.get('/chat', async (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket')
    return c.json({ message: 'This address takes WebSocket connections only.', code: 'UPGRADE_REQUIRED' }, 426);
  if (!isAllowedOrigin(c)) return c.json(CROSS_SITE_REFUSED, 403);

  const context = createContext(c.req.raw, c.env, new Headers());
  const validated = await context.session();
  if (!validated) return c.json({ message: MESSAGES.notSignedIn, code: 'UNAUTHORIZED' }, 401);
  const { user, session } = validated;
  try {
    await enforceRateLimit(context, c.env.CHAT_CONNECT_LIMITER, String(user.id));
  } catch (error) {
    const { status, body } = describeError(error);
    return c.json(body, status as 429, Object.fromEntries(context.resHeaders));
  }

  const connection: ChatConnection = {
    member: { id: user.id, name: user.name, role: user.role, memberNumber: user.memberNumber, premiumUntil: premiumEndsAt(user) },
    hiddenIds: await hiddenMemberIds(context.db, user.id),
    sessionId: session.id,
    sessionExpiresAt: sessionExpiresAt(session),
    invisible: user.chatInvisible,
  };
  const headers = new Headers(c.req.raw.headers);
  headers.set(CHAT_MEMBER_HEADER, JSON.stringify(connection));
  const answer = await chatHub(c.env).fetch(new Request(c.req.url, { headers }));
  // A refusal (too many sockets) comes back with immutable headers; copy it so the security headers can be set.
  return answer.status === 101 ? answer : new Response(answer.body, answer);
});
