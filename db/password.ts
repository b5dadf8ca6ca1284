// Password hashing with scrypt from node:crypto (nodejs_compat in the Worker, plain Node in scripts and the demo data).
// The stored string describes itself (`scrypt$N$r$p$salt$hash`) so parameters can be raised later without
// breaking old hashes. OWASP's scrypt parameters: N=2^14, r=8, p=5. PBKDF2 is not used: production Workers
// cap it at 100,000 iterations, below OWASP's advice.
import { scrypt as scryptCallback, randomBytes, timingSafeEqual } from 'node:crypto';

/** OWASP's scrypt cost (N). The Worker's own tests, which register hundreds of members, may ask for less. */
export const SCRYPT_COST = 2 ** 14;
const PARAMS = { r: 8, p: 5 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

function scrypt(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, { N, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: number = SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, cost, PARAMS.r, PARAMS.p);
  return ['scrypt', cost, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = await scrypt(password, Buffer.from(saltB64, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** How many of zxcvbn-ts's common passwords (ordered by frequency) are refused: the first 10,000. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

/** The common passwords as the check compares them (lower case). The list itself: db/common-passwords.ts. */
export function commonPasswordSet(passwords: Iterable<string>): ReadonlySet<string> {
  return new Set([...passwords].map((password) => password.toLowerCase()).filter(Boolean));
}

/** True when the password is among the common ones (compared ignoring case). */
export function isCommonPassword(password: string, common: ReadonlySet<string>): boolean {
  return common.has(password.toLowerCase());
}
