// Session tokens after Lucia's guide: a token is `<id>.<secret>`, each half 120 bits of randomness, and only
// SHA-256 of the secret is stored. Making a token and its row needs no request, so it lives beside the schema:
// the Worker's sign-in and the tools that create signed-in members (tests, benchmarks) share it.
import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { sessions } from './schema.ts';

export type SessionRow = typeof sessions.$inferSelect;

function randomSecureString(): string {
  // 24 bytes encode to 39 base32 characters (120 bits after the encoding's own 5-bit packing).
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** SHA-256 of a token's secret, natively (node:crypto, which workerd has with nodejs_compat): every signed-in request hashes one. */
export function hashSecret(secret: string): Uint8Array {
  return createHash('sha256').update(secret).digest();
}

/** Where a session was opened, coarsely (worker/services/session-origin.ts): shown in the member's list of devices. */
export interface SessionOrigin {
  device: string | null;
  place: string | null;
}

/** A new session row and the token that proves it; the caller inserts the row (often inside a batch). */
export function newSession(
  userId: number,
  now = Date.now(),
  origin: SessionOrigin = { device: null, place: null },
): { token: string; row: SessionRow } {
  const id = randomSecureString();
  const secret = randomSecureString();
  const row: SessionRow = {
    id,
    secretHash: Buffer.from(hashSecret(secret)),
    userId,
    createdAt: now,
    lastActiveAt: now,
    device: origin.device,
    place: origin.place,
  };
  return { token: `${id}.${secret}`, row };
}
