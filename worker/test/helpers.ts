// Helpers for tests that drive the Worker through its public surface (REST, tRPC) inside workerd.
import { exports, env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../index.ts';
import type { Bindings } from '../env.ts';
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

function buildRequest(path: string, options: CallOptions): Request {
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
  return new Request(`${BASE}${path}`, { method, headers, body, redirect: 'manual' });
}

export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const response = await exports.default.fetch(buildRequest(path, options));
  seenBodies.push(await response.clone().text());
  return response;
}

/**
 * The Worker with more configuration than the tests' own (a mail or payment provider pointed at the local
 * stand-ins): the same fetch handler, called with a copy of the environment. Work the request leaves running
 * after its answer (waitUntil) has finished when the promise resolves.
 */
export function configuredWorker(overrides: Record<string, unknown>) {
  const configured = { ...env, ...overrides } as unknown as Bindings;
  return {
    env: configured,
    async call(path: string, options: CallOptions = {}): Promise<Response> {
      const context = createExecutionContext();
      const response = await worker.fetch(buildRequest(path, options), configured, context);
      await waitOnExecutionContext(context);
      seenBodies.push(await response.clone().text());
      return response;
    },
    async runCron(scheduledTime = Date.now()): Promise<void> {
      const context = createExecutionContext();
      await worker.scheduled(createScheduledController({ scheduledTime, cron: '* * * * *' }), configured, context);
      await waitOnExecutionContext(context);
    },
  };
}

/** The stand-ins for Resend's and PayMongo's HTTP APIs (scripts/provider-stand-ins.ts). */
export const standIns = {
  url: (env as unknown as { PROVIDER_STAND_IN_URL: string }).PROVIDER_STAND_IN_URL,
  async requests(): Promise<{ method: string; path: string; headers: Record<string, string>; body: any }[]> {
    return (await fetch(`${standIns.url}/_requests`)).json();
  },
  async control(settings: { resendFailures?: number; resendStatus?: number; paymongoFailures?: number }): Promise<void> {
    await fetch(`${standIns.url}/_control`, { method: 'POST', body: JSON.stringify(settings) });
  },
  async reset(): Promise<void> {
    await fetch(`${standIns.url}/_reset`, { method: 'POST' });
  },
};

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

const databaseEnv = env as unknown as { TURSO_DATABASE_URL: string; TURSO_AUTH_TOKEN: string };

/** Direct database access for arranging state the public API cannot (banning before the admin screen exists). */
export function database() {
  return createDatabaseClient({ url: databaseEnv.TURSO_DATABASE_URL, authToken: databaseEnv.TURSO_AUTH_TOKEN });
}

/** Database pipelines (round trips) the local libSQL server has served so far. */
export async function pipelinesServed(): Promise<number> {
  const response = await fetch(`${databaseEnv.TURSO_DATABASE_URL}/_stats`, {
    headers: { Authorization: `Bearer ${databaseEnv.TURSO_AUTH_TOKEN}` },
  });
  return ((await response.json()) as { pipelines: number }).pipelines;
}

/**
 * The rate limiters count in windows aligned to the wall clock: a test that makes many attempts starts them
 * early in a window, so that all of them fall into the same one.
 */
export async function startEarlyInLimiterWindow(): Promise<void> {
  const intoWindowMs = Date.now() % 60_000;
  if (intoWindowMs > 35_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindowMs + 100));
}
