// Helpers for tests that drive the Worker through its public surface (REST, tRPC) inside workerd.
import { exports, env } from 'cloudflare:workers';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../index.ts';
import type { Bindings } from '../env.ts';
import type { ErrorDescription } from '../errors.ts';
import type { AppRouter } from '../routers/index.ts';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createClient as createDatabaseClient } from '@libsql/client/web';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { inject } from 'vitest';
import { pipelinesServed as pipelinesServedBy } from '../../db/sqld-metrics.ts';
import { ACCEPTED_WORDS, type EditorTools } from '../providers/ai-editor.ts';
import { loadEnglishSpeller } from '../providers/english-dictionary.ts';
import { loadGazetteer } from '../providers/gazetteer.ts';
import { checkAgainstContract } from './rest-contract.ts';

export const BASE = 'https://spa.test';

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
  if (options.origin !== null && method !== 'GET') headers.set('Origin', options.origin ?? BASE);
  if (options.cookie) headers.set('Cookie', options.cookie);
  headers.set('CF-Connecting-IP', options.ip ?? 'tests');
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return new Request(`${BASE}${path}`, { method, headers, body, redirect: 'manual' });
}

/** A request to the Worker; an /api answer must keep the REST contract (rest-contract.ts), or the call throws. */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const request = buildRequest(path, options);
  const response = await exports.default.fetch(request);
  seenBodies.push(await response.clone().text());
  await checkAgainstContract(request, response);
  return response;
}

/** Whoever makes a call: a member's session cookie, or null for a signed-out visitor. */
export type Caller = { cookie: string } | null;

/** GET with a member's session cookie (signed out without one). */
export function get(path: string, who?: Caller): Promise<Response> {
  return call(path, { cookie: who?.cookie ?? null });
}

/** A call as the member, the session token in an `Authorization: Bearer` header (as scripts send it), or signed out. */
export function as(who: { token: string } | null, path: string, options: CallOptions = {}): Promise<Response> {
  return call(path, {
    ...options,
    headers: { ...options.headers, ...(who ? { Authorization: `Bearer ${who.token}` } : {}) },
  });
}

/**
 * What a production deploy sets beyond the tests' own configuration: the environment, its own ALTCHA key, and none of
 * the tests' smaller costs (production refuses a smaller password hashing cost).
 */
export const PRODUCTION_BINDINGS = {
  ENVIRONMENT: 'production',
  ALTCHA_HMAC_KEY: 'a-production-key-of-enough-length',
  PASSWORD_SCRYPT_COST: undefined,
} as const;

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
      const request = buildRequest(path, options);
      const response = await worker.fetch(request, configured, context);
      await waitOnExecutionContext(context);
      seenBodies.push(await response.clone().text());
      await checkAgainstContract(request, response);
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
  /** What the Worker sent the stand-ins, oldest first; each body is the provider's JSON, typed by the caller. */
  async requests<Body = unknown>(): Promise<
    { method: string; path: string; headers: Record<string, string>; body: Body }[]
  > {
    return (await fetch(`${standIns.url}/_requests`)).json();
  },
  async control(settings: {
    resendFailures?: number;
    resendStatus?: number;
    paymongoFailures?: number;
  }): Promise<void> {
    await fetch(`${standIns.url}/_control`, { method: 'POST', body: JSON.stringify(settings) });
  },
  async reset(): Promise<void> {
    await fetch(`${standIns.url}/_reset`, { method: 'POST' });
  },
};

/**
 * A JSON answer, typed as the caller declares it: for a REST path, the output of the procedure it calls
 * (`json<Output<'spas.list'>>(response)`), or `ErrorBody` for a refusal. Without a declared type it is `unknown`.
 */
export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** What a refused REST call answers (worker/errors.ts): the first message, the tRPC code, a field's messages. */
export type ErrorBody = ErrorDescription['body'];

/** The message of a refused REST call. */
export async function messageOf(response: Response): Promise<string> {
  return (await json<ErrorBody>(response)).message;
}

// tRPC, typed by the router: `trpcQuery('profiles.profile', member, { id })` answers that procedure's output type.

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;
/** Every procedure's path, `router.procedure`. */
export type ProcedurePath = {
  [R in keyof RouterOutputs & string]: `${R}.${keyof RouterOutputs[R] & string}`;
}[keyof RouterOutputs & string];
type Split<P extends ProcedurePath> = P extends `${infer R extends keyof RouterOutputs & string}.${infer N}`
  ? [R, N]
  : never;
/** What the procedure answers (its `result.data` over /trpc; the body of the REST path that calls it). */
export type Output<P extends ProcedurePath> =
  Split<P> extends [infer R extends keyof RouterOutputs, infer N]
    ? N extends keyof RouterOutputs[R]
      ? RouterOutputs[R][N]
      : never
    : never;
/** The items of a paged procedure's output: what its REST path answers as the spec's plain array. */
export type Items<P extends ProcedurePath> = Output<P> extends { items: infer I } ? I : never;
/** The signed-in member as GET /api/user answers (account.me, which answers null to nobody). */
export type CurrentUser = NonNullable<Output<'account.me'>>;
/** What the procedure takes. */
export type Input<P extends ProcedurePath> =
  Split<P> extends [infer R extends keyof RouterInputs, infer N]
    ? N extends keyof RouterInputs[R]
      ? RouterInputs[R][N]
      : never
    : never;

/** What a successful tRPC call answers, one per call of a batch (`?batch=1` answers an array of them). */
export interface TrpcResult<P extends ProcedurePath> {
  result: { data: Output<P> };
}

/** What a refused tRPC call answers (worker/trpc.ts errorFormatter). */
export interface TrpcErrorBody {
  error: {
    message: string;
    code: number;
    data: { code: string; httpStatus: number; fields?: Record<string, string[] | undefined> };
  };
}

/** GET /trpc/<path> as `who` (a query), the input in the address: the raw answer, for its status and headers. */
export function trpcGet(path: ProcedurePath, who: Caller, input?: unknown): Promise<Response> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  return call(`/trpc/${path}${query}`, { cookie: who?.cookie ?? null });
}

/** POST /trpc/<path> as `who` (a mutation), the input as the JSON body: the raw answer. */
export function trpcPost(path: ProcedurePath, who: Caller, input?: unknown): Promise<Response> {
  return call(`/trpc/${path}`, {
    cookie: who?.cookie ?? null,
    ...(input === undefined ? { method: 'POST' } : { body: input }),
  });
}

/** The data of a successful tRPC answer, typed as the procedure's output; anything but 200 fails the test. */
export async function trpcData<P extends ProcedurePath>(path: P, response: Response): Promise<Output<P>> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { result: { data: Output<P> } }).result.data;
}

/** A query's output, as `who`. */
export async function trpcQuery<P extends ProcedurePath>(path: P, who: Caller, input?: Input<P>): Promise<Output<P>> {
  return trpcData(path, await trpcGet(path, who, input));
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

/**
 * The registration request itself (POST /api/register with the captcha solved), for the tests of registration:
 * the answer as it came. Other tests make their members with createMember (members.ts), which calls this.
 */
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

/** The token of the newest e-mail confirmation link the local mailbox holds for an address, or null. */
export async function confirmationTokenFor(address: string): Promise<string | null> {
  const messages = await json<{ kind: string; text: string }[]>(
    await call(`/api/dev/mail?to=${encodeURIComponent(address)}`),
  );
  const link = messages
    .find((message) => message.kind === 'email_confirmation')
    ?.text.match(/\/confirm-email\?token=([A-Za-z0-9_-]+)/);
  return link?.[1] ?? null;
}

/**
 * Gives a member an e-mail address as a person does: PATCH /api/profile with their password (GOOD_PASSWORD unless
 * said), then the link the local mailbox received, sent to POST /api/confirm-email. Answers the address as saved
 * (lower case).
 */
export async function saveEmail(
  member: { cookie: string },
  email: string,
  currentPassword = GOOD_PASSWORD,
): Promise<string> {
  const asked = await call('/api/profile', {
    method: 'PATCH',
    body: { email, currentPassword },
    cookie: member.cookie,
    ip: freshIp(),
  });
  if (asked.status !== 200) throw new Error(`PATCH /api/profile answered ${asked.status}: ${await asked.text()}`);
  const address = email.trim().toLowerCase();
  const token = await confirmationTokenFor(address);
  if (!token) throw new Error(`no confirmation mail to ${address}`);
  const confirmed = await call('/api/confirm-email', { body: { token }, ip: freshIp() });
  if (confirmed.status !== 200)
    throw new Error(`POST /api/confirm-email answered ${confirmed.status}: ${await confirmed.text()}`);
  return address;
}

/** Direct database access for arranging state the public API cannot (banning before the admin screen exists). */
export function database() {
  return createDatabaseClient({ url: env.TURSO_DATABASE_URL, authToken: env.TURSO_AUTH_TOKEN });
}

/** Database round trips (pipelines) the database server has served so far, by its own counters. */
export function pipelinesServed(): Promise<number> {
  return pipelinesServedBy(inject('databaseAdminUrl'));
}

/**
 * Drives a rate limit to its first refusal. The limiters count in fixed windows aligned to the wall clock, so a
 * fresh key lets at least `limit` attempts through whatever the time, and refuses one within the next `limit + 1`
 * (a window boundary among them gives one fresh window at most): no waiting for the start of a window, and no
 * flake when a loaded machine makes the attempts slow. Answers every attempt's response; the last one is the 429.
 */
export async function untilLimited(limit: number, attempt: (index: number) => Promise<Response>): Promise<Response[]> {
  const responses: Response[] = [];
  for (let index = 0; index < 2 * limit + 1; index += 1) {
    const response = await attempt(index);
    responses.push(response);
    if (response.status === 429) break;
  }
  const statuses = responses.map((response) => response.status);
  if (statuses.slice(0, limit).includes(429))
    throw new Error(`refused within the first ${limit} attempts: ${statuses.join(' ')}`);
  if (statuses.at(-1) !== 429) throw new Error(`never refused in ${statuses.length} attempts: ${statuses.join(' ')}`);
  return responses;
}

/**
 * The rate limiters count in windows aligned to the wall clock: a test that checks an exact sequence of answers
 * from several limiters starts early in a window, so that all of them fall into the same one.
 */
export async function startEarlyInLimiterWindow(): Promise<void> {
  const intoWindowMs = Date.now() % 60_000;
  if (intoWindowMs > 35_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoWindowMs + 100));
}

/** The built-in editor's tools as the Worker loads them: the dictionary from the static assets (needs the web build). */
export async function editorTools(options: { places?: boolean } = {}): Promise<EditorTools> {
  const assets = env.ASSETS;
  const speller = await loadEnglishSpeller(assets, ACCEPTED_WORDS);
  return options.places ? { speller, places: await loadGazetteer(assets) } : { speller };
}
