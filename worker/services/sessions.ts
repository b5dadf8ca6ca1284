// Sessions after Lucia's guide (the lucia package itself is deprecated): a token is `<id>.<secret>`, each
// half 120 bits of randomness; only SHA-256 of the secret is stored and it is compared in constant time.
// A session ends after 30 days without use (sliding) and 180 days after it began, whichever comes first.
// Browsers carry the token in an HttpOnly cookie; scripts may send it as `Authorization: Bearer <token>`.
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { and, eq } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import { sessions, users } from '../../db/schema.ts';
import type { Database } from '../db.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_INACTIVITY_TIMEOUT_MS = 30 * DAY_MS;
export const SESSION_ABSOLUTE_LIFETIME_MS = 180 * DAY_MS;
/** A session's last-active time is written at most this often, so most requests stay read-only. */
const ACTIVITY_WRITE_INTERVAL_MS = DAY_MS;

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

function randomSecureString(): string {
  // 24 bytes encode to 39 base32 characters (120 bits after the encoding's own 5-bit packing).
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

function hashSecret(secret: string): Uint8Array {
  return sha256(new TextEncoder().encode(secret));
}

/** A new session row and the token that proves it; the caller inserts the row (often inside a batch). */
export function newSession(userId: number, now = Date.now()): { token: string; row: SessionRow } {
  const id = randomSecureString();
  const secret = randomSecureString();
  const row: SessionRow = {
    id,
    secretHash: Buffer.from(hashSecret(secret)),
    userId,
    createdAt: now,
    lastActiveAt: now,
  };
  return { token: `${id}.${secret}`, row };
}

export interface ValidatedSession {
  session: SessionRow;
  user: UserRow;
  /** True when the last-active time was moved forward; the cookie should be sent again. */
  refreshed: boolean;
}

/** Resolves a token to its session and user with one round trip (two when activity is recorded). */
export async function validateSessionToken(db: Database, token: string, now = Date.now()): Promise<ValidatedSession | null> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;

  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!found) return null;

  const { session, user } = found;
  if (!constantTimeEqual(hashSecret(secret), new Uint8Array(session.secretHash))) return null;

  const expired =
    now - session.lastActiveAt >= SESSION_INACTIVITY_TIMEOUT_MS || now - session.createdAt >= SESSION_ABSOLUTE_LIFETIME_MS;
  if (expired || user.isBanned) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }

  let refreshed = false;
  if (now - session.lastActiveAt >= ACTIVITY_WRITE_INTERVAL_MS) {
    await db.update(sessions).set({ lastActiveAt: now }).where(eq(sessions.id, id));
    session.lastActiveAt = now;
    refreshed = true;
  }
  return { session, user, refreshed };
}

/** Deletes the session a token names, only when the token's secret is the right one. */
export async function deleteSessionByToken(db: Database, token: string): Promise<void> {
  const [id, secret] = token.split('.');
  if (!id || !secret) return;
  await db.delete(sessions).where(and(eq(sessions.id, id), eq(sessions.secretHash, Buffer.from(hashSecret(secret)))));
}

export function deleteUserSessions(db: Database, userId: number) {
  return db.delete(sessions).where(eq(sessions.userId, userId));
}

/** `__Host-` prefixed over HTTPS (no Domain, Path=/, Secure); a plain name on plain-HTTP development hosts. */
export function sessionCookieName(requestUrl: string): string {
  return new URL(requestUrl).protocol === 'https:' ? '__Host-session' : 'session';
}

export function sessionCookie(requestUrl: string, token: string, session: SessionRow): string {
  const maxAge = Math.max(
    0,
    Math.floor(
      Math.min(session.lastActiveAt + SESSION_INACTIVITY_TIMEOUT_MS, session.createdAt + SESSION_ABSOLUTE_LIFETIME_MS) / 1000 -
        Date.now() / 1000,
    ),
  );
  return `${sessionCookieName(requestUrl)}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAge}`;
}

export function blankSessionCookie(requestUrl: string): string {
  return `${sessionCookieName(requestUrl)}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

/** The session token a request carries: the session cookie, else an `Authorization: Bearer` header. */
export function readSessionToken(request: Request): string | null {
  const cookieHeader = request.headers.get('Cookie');
  if (cookieHeader) {
    const name = sessionCookieName(request.url);
    const token = parse(cookieHeader, name)[name];
    if (token) return token;
  }
  const authorization = request.headers.get('Authorization');
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim() || null;
  return null;
}
