// Sessions after Lucia's guide (the lucia package itself is deprecated): a token is `<id>.<secret>`, each
// half 120 bits of randomness; only SHA-256 of the secret is stored and it is compared in constant time.
// A session ends after 30 days without use (sliding) and 180 days after it began, whichever comes first.
// Browsers carry the token in an HttpOnly cookie; scripts may send it as `Authorization: Bearer <token>`.
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeHex } from '@oslojs/encoding';
import { and, eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import { sessions, users } from '../../db/schema.ts';
import { hashSecret, type SessionRow } from '../../db/session-tokens.ts';
import { builtOnce, jsonRowOf, type Database } from '../db.ts';
import type { Bindings } from '../env.ts';
import { closeChatSockets } from './chat.ts';
import { DAY_MS } from '../../common/time.ts';

export const SESSION_INACTIVITY_TIMEOUT_MS = 30 * DAY_MS;
export const SESSION_ABSOLUTE_LIFETIME_MS = 180 * DAY_MS;
/** A session's last-active time is written at most this often, so most requests stay read-only. */
const ACTIVITY_WRITE_INTERVAL_MS = DAY_MS;

export type UserRow = typeof users.$inferSelect;
export { newSession, type SessionRow } from '../../db/session-tokens.ts';

export interface ValidatedSession {
  session: LiveSession;
  user: UserRow;
  /** True when the last-active time was moved forward; the cookie should be sent again. */
  refreshed: boolean;
}

/** A session as requests see it: its row without the secret's hash, which only the lookup compares. */
export type LiveSession = Omit<SessionRow, 'secretHash'>;

/** The columns of a LiveSession. */
const { secretHash: _secretHash, ...liveSessionColumns } = getTableColumns(sessions);

/**
 * The session and its member by the session's id: every signed-in request sends it, so it is built once, and
 * SQLite writes each row as one JSON text (`jsonRowOf`), which the libSQL client and Drizzle pass on as one value.
 */
const sessionLookup = builtOnce((db) =>
  db
    .select({
      session: jsonRowOf(liveSessionColumns),
      user: jsonRowOf(getTableColumns(users)),
      secretHash: sql<string>`lower(hex(${sessions.secretHash}))`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1),
);

/** What the session lookup finds: the session, its member, and the secret's hash in lower-case hex. */
type FoundSession = { session: LiveSession; user: UserRow; secretHash: string };

/** The session lookup of a token as a query, so that a read can send it in the same batch as its own queries. */
export function sessionQuery(db: Database, token: string) {
  const parts = tokenParts(token);
  if (!parts) return null;
  const { id, secret } = parts;
  return {
    id,
    query: sessionLookup(db, { id }),
    /** Checks the secret and the lifetimes against the looked-up row; writes only to expire or refresh. */
    settle: (rows: FoundSession[], now = Date.now()) => settleSession(db, secret, rows[0], now),
  };
}

/** Why a session that was valid no longer is, as far as the member is told. */
export type SessionEnd = 'banned';

export interface SessionSettlement {
  validated: ValidatedSession | null;
  /**
   * Why the looked-up session was refused, when the member should be told: their account is banned. Only for the
   * token's own holder (the secret must match). The row stays until a request tells it (worker/trpc.ts
   * sessionEnded, which clears the cookie and calls endSessionOfBan), so the first answer that can carry the
   * reason does.
   */
  endedBy: SessionEnd | null;
}

const NOBODY: SessionSettlement = { validated: null, endedBy: null };

async function settleSession(
  db: Database,
  secret: string,
  found: FoundSession | undefined,
  now: number,
): Promise<SessionSettlement> {
  if (!found || !constantTimeEqual(hashSecret(secret), decodeHex(found.secretHash))) return NOBODY;
  return { validated: await validateFound(db, found, now), endedBy: found.user.isBanned ? 'banned' : null };
}

/** The session of a token whose secret matched, unless it has expired, its member is gone or banned. */
async function validateFound(
  db: Database,
  { session, user }: FoundSession,
  now: number,
): Promise<ValidatedSession | null> {
  const expired =
    now - session.lastActiveAt >= SESSION_INACTIVITY_TIMEOUT_MS ||
    now - session.createdAt >= SESSION_ABSOLUTE_LIFETIME_MS;
  if (expired || user.deletedAt !== null) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  // A banned member's session is refused but kept until a request that can say why has said it (endSessionOfBan):
  // a refused chat socket cannot, and must not use up the telling.
  if (user.isBanned) return null;

  let refreshed = false;
  if (now - session.lastActiveAt >= ACTIVITY_WRITE_INTERVAL_MS) {
    await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, session.id));
    session.lastActiveAt = now;
    refreshed = true;
  }
  return { session, user, refreshed };
}

/** Deletes the session a token names, only when the token's secret is the right one; answers its id and member if it did. */
export async function deleteSessionByToken(
  db: Database,
  token: string,
): Promise<{ id: string; userId: number } | null> {
  const [id, secret] = token.split('.');
  if (!id || !secret) return null;
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.secretHash, Buffer.from(hashSecret(secret)))))
    .returning({ id: sessions.id, userId: sessions.userId });
  return deleted[0] ?? null;
}

/** The signed-in member's id as SQL, for reads sent in the same batch as the session lookup. */
export function sessionMemberId(sessionId: string | Placeholder): SQL<number> {
  return sql<number>`(select own.user_id from sessions as own where own.id = ${sessionId})`;
}

/** When a session ends by itself (30 days idle or 180 days old): its open chat sockets check this. */
export function sessionExpiresAt(session: Pick<SessionRow, 'createdAt' | 'lastActiveAt'>): number {
  return Math.min(
    session.lastActiveAt + SESSION_INACTIVITY_TIMEOUT_MS,
    session.createdAt + SESSION_ABSOLUTE_LIFETIME_MS,
  );
}

/** Ends every session of a member (password reset, the lifting of a ban) and closes their open chat sockets. */
export async function revokeUserSessions(db: Database, env: Bindings, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
  await closeChatSockets(env, { userId });
}

/**
 * A ban ends every session of the member at once: from the moment `is_banned` is set, validation refuses them (the
 * session lookup joins the member). Their rows are left until a request of each session has been told why ("This
 * account has been banned.", endSessionOfBan) instead of being signed out without a word; the lifting of a ban
 * deletes whatever is left (revokeUserSessions), so no old session ever comes back. Their chat sockets close now
 * (4001).
 */
export async function endSessionsForBan(env: Bindings, userId: number): Promise<void> {
  await closeChatSockets(env, { userId });
}

/** A banned member's session has been told why it ended: it goes, and later requests are simply signed out. */
export async function endSessionOfBan(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** `__Host-` prefixed over HTTPS (no Domain, Path=/, Secure); a plain name on plain-HTTP development hosts. */
export function sessionCookieName(requestUrl: string): string {
  return new URL(requestUrl).protocol === 'https:' ? '__Host-session' : 'session';
}

export function sessionCookie(
  requestUrl: string,
  token: string,
  session: Pick<SessionRow, 'createdAt' | 'lastActiveAt'>,
): string {
  const maxAge = Math.max(0, Math.floor(sessionExpiresAt(session) / 1000 - Date.now() / 1000));
  return `${sessionCookieName(requestUrl)}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAge}`;
}

export function blankSessionCookie(requestUrl: string): string {
  return `${sessionCookieName(requestUrl)}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/** The value of one cookie a request carries, if any. */
export function readCookie(request: Request, name: string): string | undefined {
  const cookieHeader = request.headers.get('Cookie');
  return cookieHeader ? parse(cookieHeader, name)[name] : undefined;
}

/** A token's two halves, `<id>.<secret>`, or null when it cannot be one. */
function tokenParts(token: string): { id: string; secret: string } | null {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  return { id, secret };
}

/** The id of the session a request's token names, before anything is looked up (null: no token, or not one). */
export function requestSessionId(request: Request): string | null {
  const token = readSessionToken(request);
  return token ? (tokenParts(token)?.id ?? null) : null;
}

/** The session token a request carries: the session cookie, else an `Authorization: Bearer` header. */
export function readSessionToken(request: Request): string | null {
  const token = readCookie(request, sessionCookieName(request.url));
  if (token) return token;
  const authorization = request.headers.get('Authorization');
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || null;
  return null;
}
