// The chat's sockets (ADR 005). GET /ws/chat goes to the one ChatHub; GET /ws/chat/session/{id} to that chat
// session's own object, which carries its messages and typing. For both the Worker checks the Origin (403), how
// often this session opens such sockets (429) and the session (401), and forwards the upgrade with the verified
// member and their session in a header only it can set; the hub also gets the member's blocks (read in the session
// lookup's round trip) and setting. The objects themselves cap the sockets open at once, and a session's object
// lets in only its two members (404 to anyone else, as for a session that ended).
import { sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { MESSAGES } from '../common/account.ts';
import { CHAT_ERRORS } from '../common/chat-protocol.ts';
import { CHAT_MEMBER_HEADER, type ChatConnection, type MemberConnection } from '../durable-objects/chat-hub.ts';
import { builtOnce } from './db.ts';
import type { HonoEnv } from './rest/adapter.ts';
import { CROSS_SITE_REFUSED, isAllowedOrigin } from './security.ts';
import { blocksOfQuery, chatHub, chatSession, hiddenMemberIds } from './services/chat.ts';
import { requestSessionId, sessionExpiresAt, sessionMemberId, type ValidatedSession } from './services/sessions.ts';
import { premiumEndsAt } from './services/users.ts';
import { createContext, enforceRateLimit, RATE_LIMIT_RETRY_AFTER_SECONDS, rateLimitRefusal, type Context as TrpcContext } from './trpc.ts';
import { describeError } from './errors.ts';

export const chatSocketRoutes = new Hono<HonoEnv>();

/** The blocks of the member signed in with the session `{ sessionId }`, read in the session lookup's batch. */
const blocksOfSession = builtOnce((db) => blocksOfQuery(db, sessionMemberId(sql.placeholder('sessionId'))));

/** Session ids are the hub's random UUIDs; anything else names no session. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The refusal of an upgrade before any session is read: not a WebSocket (426), or from another site (403). */
function refuseUpgrade(c: Context<HonoEnv>): Response | null {
  if (c.req.header('Upgrade')?.toLowerCase() !== 'websocket')
    return c.json({ message: 'This address takes WebSocket connections only.', code: 'UPGRADE_REQUIRED' }, 426);
  if (!isAllowedOrigin(c)) return c.json(CROSS_SITE_REFUSED, 403);
  return null;
}

type ConnectLimiter = 'CHAT_CONNECT_LIMITER' | 'CHAT_SESSION_CONNECT_LIMITER';

/**
 * Sessions a connect limiter refused, until the end of the Retry-After they were told (`limiter:session id`). A
 * client that keeps reconnecting meanwhile gets the same answer from this isolate's memory, counting down, without
 * another call to the limiter: an abusive account's reconnection loop costs a lookup a try. Expired entries go
 * when the map is full; past that, the oldest.
 */
const refusedUntil = new Map<string, number>();
const REFUSED_KEPT = 10_000;

function rememberRefusal(key: string, until: number) {
  if (refusedUntil.size >= REFUSED_KEPT) {
    const now = Date.now();
    for (const [known, end] of refusedUntil) if (end <= now) refusedUntil.delete(known);
    if (refusedUntil.size >= REFUSED_KEPT) refusedUntil.delete(refusedUntil.keys().next().value!);
  }
  refusedUntil.set(key, until);
}

/**
 * The refusal (429) of a session that opens such sockets too often. It is counted by the token's session id before
 * the session is looked up, so an account that keeps trying costs no database read once it is over the limit, and
 * no limiter call either until the wait it was told has passed; a request without a token is not counted (401
 * follows).
 */
async function refuseTooOften(c: Context<HonoEnv>, context: TrpcContext, limiterName: ConnectLimiter): Promise<Response | null> {
  const sessionId = requestSessionId(c.req.raw);
  if (!sessionId) return null;
  const key = `${limiterName}:${sessionId}`;
  const now = Date.now();
  const until = refusedUntil.get(key) ?? 0;
  if (until > now) return tooOften(c, Math.ceil((until - now) / 1000));
  refusedUntil.delete(key);
  try {
    await enforceRateLimit(context, c.env[limiterName], sessionId);
    return null;
  } catch (error) {
    const { status, body } = describeError(error);
    if (status === 429) rememberRefusal(key, now + RATE_LIMIT_RETRY_AFTER_SECONDS * 1000);
    return c.json(body, status as 429, Object.fromEntries(context.resHeaders));
  }
}

/** The limiter's refusal, told again with the seconds left of its wait. */
function tooOften(c: Context<HonoEnv>, seconds: number): Response {
  const { status, body } = describeError(rateLimitRefusal());
  return c.json(body, status as 429, { 'Retry-After': String(seconds) });
}

/** The request's context, unless the upgrade is refused before any session is read (426, 403 or 429). */
async function openingSocket(c: Context<HonoEnv>, limiterName: ConnectLimiter): Promise<TrpcContext | Response> {
  const context = createContext(c.req.raw, c.env, new Headers());
  return refuseUpgrade(c) ?? (await refuseTooOften(c, context, limiterName)) ?? context;
}

/** The member opening a socket and what the object is told of them, or 401 when nobody is signed in. */
function admitMember(c: Context<HonoEnv>, validated: ValidatedSession | null) {
  if (!validated) return c.json({ message: MESSAGES.notSignedIn, code: 'UNAUTHORIZED' }, 401);
  const { user, session } = validated;
  const connection: MemberConnection = {
    member: { id: user.id, name: user.name, role: user.role, memberNumber: user.memberNumber, premiumUntil: premiumEndsAt(user) },
    sessionId: session.id,
    sessionExpiresAt: sessionExpiresAt(session),
  };
  return { user, connection };
}

/** Forwards the upgrade to an object with the member's header; a refusal is copied so security headers can be set. */
async function forward(c: Context<HonoEnv>, object: { fetch(request: Request): Promise<Response> }, connection: MemberConnection) {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CHAT_MEMBER_HEADER, JSON.stringify(connection));
  const answer = await object.fetch(new Request(c.req.url, { headers }));
  return answer.status === 101 ? answer : new Response(answer.body, answer);
}

chatSocketRoutes.get('/chat', async (c) => {
  const context = await openingSocket(c, 'CHAT_CONNECT_LIMITER');
  if (context instanceof Response) return context;
  // The member's blocks are read in the session lookup's round trip.
  const read = await context.readWithSession((sessionId) => [blocksOfSession(context.db, { sessionId })] as const);
  const admitted = admitMember(c, read?.viewer ?? null);
  if (admitted instanceof Response) return admitted;
  const { user, connection } = admitted;
  const hubConnection: ChatConnection = {
    ...connection,
    hiddenIds: hiddenMemberIds(user.id, read!.results[0]),
    invisible: user.chatInvisible,
  };
  return forward(c, chatHub(c.env), hubConnection);
});

chatSocketRoutes.get('/chat/session/:sessionId', async (c) => {
  const sessionId = c.req.param('sessionId');
  const context = await openingSocket(c, 'CHAT_SESSION_CONNECT_LIMITER');
  if (context instanceof Response) return context;
  const admitted = admitMember(c, await context.session());
  if (admitted instanceof Response) return admitted;
  if (!SESSION_ID.test(sessionId)) return c.json({ message: CHAT_ERRORS.session_not_found, code: 'NOT_FOUND' }, 404);
  return forward(c, chatSession(c.env, sessionId), admitted.connection);
});
