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
import { floodCoolDownRefusal } from '../durable-objects/socket-policy.ts';
import { builtOnce } from './db.ts';
import type { HonoEnv } from './rest/adapter.ts';
import { CROSS_SITE_REFUSED, isAllowedOrigin } from './security.ts';
import { blocksOfQuery, chatHub, chatSession, hiddenMemberIds } from './services/chat.ts';
import { requestSessionId, sessionExpiresAt, sessionMemberId, type ValidatedSession } from './services/sessions.ts';
import { premiumEndsAt } from './services/users.ts';
import { createContext, type Context as TrpcContext } from './trpc.ts';
import { enforceRateLimit, RATE_LIMIT_RETRY_AFTER_SECONDS, rateLimitRefusal } from './rate-limit.ts';
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
 * Timed refusals (429 with Retry-After) this isolate repeats until their wait ends, by what refused and the token's
 * session id: a connect limiter (`limiter:session id`), or the object at the socket's path cooling the member down
 * after a flood (`path:session id`). A client that keeps reconnecting meanwhile gets the same answer, counting
 * down, without another limiter call, session lookup or wake of the object. The limiter and the objects stay the
 * authority. Expired entries go when the map is full; past that, the oldest.
 */
const refusals = new Map<string, RememberedRefusal>();
const REFUSALS_KEPT = 10_000;

interface RememberedRefusal {
  until: number;
  /** Tries that came back before the wait ended. */
  repeats: number;
  refusal: (seconds: number) => Response;
}

/**
 * A repeated refusal is answered after a pause that grows with each try that did not wait: none the first time,
 * then 1, 2 and 4 s, then 5 s, always ending a second before the wait does. Even answered from memory, each try is a
 * request through the Worker; a reconnection loop that retries a second after each answer made about six a second,
 * and now makes one every few seconds. A client that keeps to Retry-After never meets a pause. At most
 * PAUSED_AT_ONCE answers wait in an isolate; past that they go at once.
 */
const PAUSE_MAX_MS = 5_000;
const PAUSED_AT_ONCE = 1_000;
let paused = 0;

function rememberRefusal(key: string, seconds: number, refusal: (seconds: number) => Response) {
  if (refusals.size >= REFUSALS_KEPT) {
    const now = Date.now();
    for (const [known, { until }] of refusals) if (until <= now) refusals.delete(known);
    if (refusals.size >= REFUSALS_KEPT) refusals.delete(refusals.keys().next().value!);
  }
  refusals.set(key, { until: Date.now() + seconds * 1000, repeats: 0, refusal });
}

/** The remembered refusal under `key`, told after its pause with the seconds left of its wait; null when there is none. */
async function repeatRefusal(key: string): Promise<Response | null> {
  const remembered = refusals.get(key);
  if (!remembered) return null;
  if (remembered.until <= Date.now()) {
    refusals.delete(key);
    return null;
  }
  remembered.repeats += 1;
  const pauseMs = Math.min(
    PAUSE_MAX_MS,
    remembered.repeats < 2 ? 0 : 1000 * 2 ** (remembered.repeats - 2),
    remembered.until - Date.now() - 1000,
  );
  if (pauseMs > 0 && paused < PAUSED_AT_ONCE) {
    paused += 1;
    await new Promise((resolve) => setTimeout(resolve, pauseMs)).finally(() => (paused -= 1));
  }
  return remembered.refusal(Math.ceil((remembered.until - Date.now()) / 1000));
}

/** The limiter's refusal, `seconds` before the session may try again. */
function tooOften(seconds: number): Response {
  const { status, body } = describeError(rateLimitRefusal());
  return Response.json(body, { status, headers: { 'Retry-After': String(seconds) } });
}

/**
 * The refusal (429) of a session that opens such sockets too often. It is counted by the token's session id before
 * the session is looked up, so an account that keeps trying costs no database read once it is over the limit; a
 * request without a token is not counted (401 follows).
 */
async function refuseTooOften(
  c: Context<HonoEnv>,
  context: TrpcContext,
  limiterName: ConnectLimiter,
  sessionId: string,
): Promise<Response | null> {
  try {
    await enforceRateLimit(context, c.env[limiterName], sessionId);
    return null;
  } catch (error) {
    const { status, body } = describeError(error);
    if (status !== 429) return c.json(body, status as 503, Object.fromEntries(context.resHeaders));
    rememberRefusal(`${limiterName}:${sessionId}`, RATE_LIMIT_RETRY_AFTER_SECONDS, tooOften);
    return tooOften(RATE_LIMIT_RETRY_AFTER_SECONDS);
  }
}

/**
 * The request's context, unless the upgrade is refused before any session is read (426, 403 or 429). A remembered
 * refusal is answered before the context is made: it is the path an abusive client's loop takes.
 */
async function openingSocket(c: Context<HonoEnv>, limiterName: ConnectLimiter): Promise<TrpcContext | Response> {
  const refused = refuseUpgrade(c);
  if (refused) return refused;
  const sessionId = requestSessionId(c.req.raw);
  const repeated = sessionId
    ? ((await repeatRefusal(`${limiterName}:${sessionId}`)) ?? (await repeatRefusal(`${c.req.path}:${sessionId}`)))
    : null;
  if (repeated) return repeated;
  const context = createContext(c.req.raw, c.env, new Headers());
  return (sessionId ? await refuseTooOften(c, context, limiterName, sessionId) : null) ?? context;
}

/** The member opening a socket and what the object is told of them, or 401 when nobody is signed in. */
function admitMember(c: Context<HonoEnv>, validated: ValidatedSession | null) {
  if (!validated) return c.json({ message: MESSAGES.notSignedIn, code: 'UNAUTHORIZED' }, 401);
  const { user, session } = validated;
  const connection: MemberConnection = {
    member: {
      id: user.id,
      name: user.name,
      role: user.role,
      memberNumber: user.memberNumber,
      premiumUntil: premiumEndsAt(user),
    },
    sessionId: session.id,
    sessionExpiresAt: sessionExpiresAt(session),
  };
  return { user, connection };
}

/**
 * Forwards the upgrade to an object with the member's header; a refusal is copied so security headers can be set,
 * and a flood's cool-down is remembered for the session's next tries.
 */
async function forward(
  c: Context<HonoEnv>,
  object: { fetch(request: Request): Promise<Response> },
  connection: MemberConnection,
) {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CHAT_MEMBER_HEADER, JSON.stringify(connection));
  const answer = await object.fetch(new Request(c.req.url, { headers }));
  if (answer.status === 101) return answer;
  const coolDownSeconds = Number(answer.headers.get('Retry-After'));
  if (answer.status === 429 && coolDownSeconds > 0)
    rememberRefusal(`${c.req.path}:${connection.sessionId}`, coolDownSeconds, floodCoolDownRefusal);
  return new Response(answer.body, answer);
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
