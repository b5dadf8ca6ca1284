// Helpers for tests that drive the Worker through its public surface (REST, tRPC) inside workerd.
import { exports, env } from 'cloudflare:workers';
import { createClient as createDatabaseClient } from '@libsql/client/web';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export const BASE = 'https://spa.test';
export const ORIGIN = BASE;

/** Every response body seen by the tests, so one test can assert no password hash ever left the server. */
export const seenBodies: string[] = [];

let ipCounter = 0;
/** A fresh client address per caller, so the rate limiters of one test do not affect another. */
export function freshIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}:${crypto.randomUUID().slice(0, 8)}`;
}

export interface CallOptions {
  method?: string;
  body?: unknown;
  rawBody?: string;
  cookie?: string | null;
  origin?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  const method = options.method ?? (options.body !== undefined || options.rawBody !== undefined ? 'POST' : 'GET');
  if (options.origin !== null && method !== 'GET') headers.set('Origin', options.origin ?? ORIGIN);
  if (options.cookie) headers.set('Cookie', options.cookie);
  headers.set('CF-Connecting-IP', options.ip ?? 'tests');
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const response = await exports.default.fetch(new Request(`${BASE}${path}`, { method, headers, body, redirect: 'manual' }));
  const text = await response.clone().text();
  seenBodies.push(text);
  return response;
}

export async function json<T = any>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The `name=value` of the session cookie a response sets, or null. */
export function sessionCookieFrom(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(';');
    if (pair?.startsWith('__Host-session=') || pair?.startsWith('session=')) return pair;
  }
  return null;
}

/** Solves the ALTCHA challenge the way the browser widget does and returns the widget's payload. */
export async function solveCaptcha(): Promise<string> {
  const challenge = (await (await call('/api/captcha/challenge')).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the captcha challenge');
  return btoa(JSON.stringify({ challenge, solution }));
}

export function uniqueName(prefix = 'Member'): string {
  return `${prefix} ${crypto.randomUUID().slice(0, 8)}`;
}

export const GOOD_PASSWORD = 'hilot-and-ventosa-2026';

export async function register(
  overrides: Partial<{ name: string; password: string; role: string; ageConfirmation: boolean }> = {},
) {
  const name = overrides.name ?? uniqueName();
  const password = overrides.password ?? GOOD_PASSWORD;
  const response = await call('/api/register', {
    body: {
      name,
      password,
      ageConfirmation: overrides.ageConfirmation ?? true,
      recaptchaToken: await solveCaptcha(),
      role: overrides.role ?? 'client',
    },
    ip: freshIp(),
  });
  return { response, name, password, cookie: sessionCookieFrom(response) };
}

/** Direct database access for arranging state the public API cannot (banning before the admin screen exists). */
export function database() {
  return createDatabaseClient({ url: (env as unknown as { TURSO_DATABASE_URL: string }).TURSO_DATABASE_URL });
}

/** Database pipelines (round trips) the local libSQL server has served so far. */
export async function pipelinesServed(): Promise<number> {
  const url = (env as unknown as { TURSO_DATABASE_URL: string }).TURSO_DATABASE_URL;
  const stats = (await (await fetch(`${url}/_stats`)).json()) as { pipelines: number };
  return stats.pipelines;
}
