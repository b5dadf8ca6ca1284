// GET /ws/chat: the chat socket. The Worker checks the Origin (403) and the session (401), reads the member's
// blocks, and forwards the upgrade to the ChatHub with the verified member in a header only it can set.
import { Hono } from 'hono';
import { MESSAGES } from '../common/account.ts';
import { CHAT_MEMBER_HEADER, type ChatConnection } from '../durable-objects/chat-hub.ts';
import type { HonoEnv } from './rest/adapter.ts';
import { CROSS_SITE_REFUSED, isAllowedOrigin } from './security.ts';
import { chatHub, hiddenMemberIds } from './services/chat.ts';
import { isPremiumMember } from './services/users.ts';
import { createContext } from './trpc.ts';

export const chatSocketRoutes = new Hono<HonoEnv>();

chatSocketRoutes.get('/chat', async (c) => {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket')
    return c.json({ message: 'This address takes WebSocket connections only.', code: 'UPGRADE_REQUIRED' }, 426);
  if (!isAllowedOrigin(c)) return c.json(CROSS_SITE_REFUSED, 403);

  const context = createContext(c.req.raw, c.env, new Headers());
  const validated = await context.session();
  if (!validated) return c.json({ message: MESSAGES.notSignedIn, code: 'UNAUTHORIZED' }, 401);
  const { user } = validated;

  const connection: ChatConnection = {
    member: { id: user.id, name: user.name, role: user.role, memberNumber: user.memberNumber, isPremium: isPremiumMember(user) },
    hiddenIds: await hiddenMemberIds(context.db, user.id),
  };
  const headers = new Headers(c.req.raw.headers);
  headers.set(CHAT_MEMBER_HEADER, JSON.stringify(connection));
  return chatHub(c.env).fetch(new Request(c.req.url, { headers }));
});
