// tRPC initialisation: the request context (database, configuration, the current user resolved lazily from
// the session token), one error formatter for every procedure, and the base procedures every router uses:
// public, signed in, by role, admin.
import { initTRPC } from '@trpc/server';
import type { BatchResponse } from 'drizzle-orm/batch';
import { MESSAGES } from '../common/account.ts';
import type { Role } from '../common/roles.ts';
import { getDatabase, type Database, type ReadBatch } from './db.ts';
import { readConfig, type Bindings, type Config } from './env.ts';
import { badRequest, describeError, forbidden, unauthorized } from './errors.ts';
import { ResponseCachePolicy } from './response-cache.ts';
import {
  blankSessionCookie,
  endSessionOfBan,
  readCookie,
  readSessionToken,
  requestSessionId,
  sessionCookie,
  sessionCookieName,
  sessionQuery,
  type SessionEnd,
  type SessionSettlement,
  type ValidatedSession,
} from './services/sessions.ts';
import { log } from './log.ts';

export interface Context {
  request: Request;
  env: Bindings;
  config: Config;
  db: Database;
  /** Headers to add to the response (Set-Cookie, Retry-After), whichever adapter answers. */
  resHeaders: Headers;
  /** The client's address as Cloudflare reports it; `local` where there is none (development, tests). */
  clientIp: string;
  /** The signed-in session and user, resolved at most once per request. */
  session(): Promise<ValidatedSession | null>;
  /**
   * Why the session the request carried was refused, when the member must be told: 'banned' (the session's first
   * request after a ban; the cookie is cleared with the answer). Null when it was valid, absent or simply ended.
   */
  sessionEnded(): Promise<SessionEnd | null>;
  /**
   * Clears the session cookie when the request carried one that names no live session (unknown, expired or
   * revoked), so the browser stops sending it; a ban is told and cleared by `sessionEnded` instead.
   */
  forgetStaleSession(): Promise<void>;
  /**
   * Runs read queries in the same database round trip as the session lookup (when it has not been resolved
   * yet), so a signed-in read costs one round trip in all. `sessionId` is the id half of the token, for
   * queries about the signed-in member's own data. Null when nobody is signed in: the answers of a batch whose
   * session turns out invalid are thrown away.
   */
  readWithSession<T extends ReadBatch>(
    queries: (sessionId: string) => T,
  ): Promise<{ viewer: ValidatedSession; results: BatchResponse<T> } | null>;
  /**
   * The same for reads that anyone may make (a public board): the queries do not depend on the session, the
   * viewer is null when nobody is signed in, and the results are answered either way.
   */
  readBesideSession<T extends ReadBatch>(
    queries: T,
  ): Promise<{ viewer: ValidatedSession | null; results: BatchResponse<T> }>;
  /** Work that may finish after the answer (mail delivery); without a runtime waitUntil it runs detached. */
  waitUntil(work: Promise<unknown>): void;
  /** What the request's calls said about shared caching; the adapters set Cache-Control from it. */
  responseCache: ResponseCachePolicy;
}

export interface ContextOptions {
  /**
   * False where the answer cannot carry why a session ended (a page's data block leaves a failed query out): a ban
   * is still reported to the procedures, but the session and its cookie are kept, so the app's own first call is
   * the one told "This account has been banned.".
   */
  tellsSessionEnd?: boolean;
}

export function createContext(
  request: Request,
  env: Bindings,
  resHeaders: Headers,
  executionCtx?: ExecutionContext,
  { tellsSessionEnd = true }: ContextOptions = {},
): Context {
  const config = readConfig(env);
  // The isolate's client (worker/db.ts), asked for on first use: a request that never reaches the database (an
  // edge-cache hit on a REST path, a page) needs no database configured.
  const db = () => getDatabase(config);
  let resolved: Promise<ValidatedSession | null> | undefined;
  // Why the session was refused (set when a lookup is finished); the cookie is cleared once, when it was a ban or
  // named no live session.
  let ended: SessionEnd | null = null;
  let cookieCleared = false;
  const context: Context = {
    request,
    env,
    config,
    get db() {
      return db();
    },
    resHeaders,
    responseCache: new ResponseCachePolicy(),
    clientIp: request.headers.get('CF-Connecting-IP') ?? 'local',
    session() {
      resolved ??= (async () => {
        const token = readSessionToken(request);
        const lookup = token ? sessionQuery(db(), token) : null;
        if (!lookup) return null;
        return remember(token!, await lookup.settle(await lookup.query));
      })();
      return resolved;
    },
    async sessionEnded() {
      await context.session();
      if (ended === 'banned' && tellsSessionEnd && !cookieCleared) {
        cookieCleared = true;
        resHeaders.append('Set-Cookie', blankSessionCookie(request.url));
        const sessionId = requestSessionId(request);
        if (sessionId) await endSessionOfBan(db(), sessionId);
      }
      return ended;
    },
    async forgetStaleSession() {
      const validated = await context.session();
      if (validated || ended !== null || cookieCleared || !readCookie(request, sessionCookieName(request.url))) return;
      cookieCleared = true;
      resHeaders.append('Set-Cookie', blankSessionCookie(request.url));
    },
    async readWithSession<T extends ReadBatch>(queries: (sessionId: string) => T) {
      const token = readSessionToken(request);
      const lookup = token ? sessionQuery(db(), token) : null;
      if (!lookup) return null;
      const { viewer, results } = await readBeside(token!, lookup, queries(lookup.id));
      return viewer ? { viewer, results } : null;
    },
    async readBesideSession<T extends ReadBatch>(queries: T) {
      const token = readSessionToken(request);
      const lookup = token ? sessionQuery(db(), token) : null;
      if (!lookup) return { viewer: null, results: await db().batch(queries) };
      return readBeside(token!, lookup, queries);
    },
    waitUntil(work) {
      const settled = work.catch((error) => log.error('background work failed', { error }));
      if (executionCtx) executionCtx.waitUntil(settled);
    },
  };
  return context;

  /** The queries in the same batch as the session lookup, unless the session is already known. */
  async function readBeside<T extends ReadBatch>(
    token: string,
    lookup: NonNullable<ReturnType<typeof sessionQuery>>,
    queries: T,
  ) {
    if (resolved) {
      const [viewer, results] = await Promise.all([resolved, db().batch(queries)]);
      return { viewer, results };
    }
    const [rows, ...answers] = await db().batch([lookup.query, ...queries] as unknown as ReadBatch);
    resolved = lookup.settle(rows as Parameters<typeof lookup.settle>[0]).then((settled) => remember(token, settled));
    return { viewer: await resolved, results: answers as unknown as BatchResponse<T> };
  }

  function remember(token: string, { validated, endedBy }: SessionSettlement): ValidatedSession | null {
    if (validated?.refreshed) resHeaders.append('Set-Cookie', sessionCookie(request.url, token, validated.session));
    if (!validated) ended = endedBy;
    return validated;
  }
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const { status, body } = describeError(error);
    return {
      message: body.message,
      code: shape.code,
      data: { code: body.code, httpStatus: status, fields: body.fields },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
/** A lone UTF-16 surrogate: JSON can carry one (`"\udfff"`), no text can, and the database refuses it. */
const LONE_SURROGATE = /\p{Cs}/u;

/** The input as sent, refused (400) when a string in it is not text: a lone surrogate anywhere in it. */
function wellFormedText(input: unknown): unknown {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string' && LONE_SURROGATE.test(value)) throw badRequest(MESSAGES.malformedText);
    if (value && typeof value === 'object') pending.push(...Object.keys(value), ...Object.values(value));
  }
  return input;
}

/**
 * Every procedure: a call may declare its answer the same for everyone (`ctx.answerIsPublic(seconds)`); what each
 * call declared, or that it failed, is recorded for the request's Cache-Control (worker/response-cache.ts). The
 * input, when the procedure reads one, must be text throughout (`wellFormedText`); it is checked where the input is
 * parsed, so a session's checks still come first.
 */
export const publicProcedure = t.procedure
  .use(({ next, getRawInput }) => next({ getRawInput: async () => wellFormedText(await getRawInput()) }))
  .use(async ({ ctx, next }) => {
    let sharedSeconds: number | null = null;
    const result = await next({
      ctx: {
        answerIsPublic(seconds: number) {
          sharedSeconds = seconds;
        },
      },
    });
    ctx.responseCache.record(result.ok ? sharedSeconds : null);
    // Refused for want of a session that a ban just ended: the member is told why (the status stays 401), not only
    // that nobody is signed in; the web app shows it on the landing page.
    if (!result.ok && result.error.message === MESSAGES.notSignedIn && (await ctx.sessionEnded()) === 'banned')
      throw unauthorized(MESSAGES.banned);
    return result;
  });

export const signedInProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const validated = await ctx.session();
  if (!validated) throw unauthorized(MESSAGES.notSignedIn);
  // tRPC merges what `next` is given into the context (a spread of it each time, so give only what is new).
  return next({ ctx: { user: validated.user, sessionId: validated.session.id } });
});

export function roleProcedure(...roles: Role[]) {
  return signedInProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) throw forbidden();
    return next();
  });
}

/** Admin writes: the viewer is checked before the input is even parsed. */
export const adminProcedure = roleProcedure('admin');

/**
 * Reads that need a signed-in member and make their queries in the session lookup's own batch (one round trip,
 * through `readAsMember`, `ctx.readBesideSession` and `signedInViewer`). Declared so: whatever the handler did, a
 * signed-out caller is told 401 and nothing more (bad input included), as `signedInProcedure` tells them. After the
 * read the session is known, so the check costs nothing.
 */
export const memberReadProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const result = await next();
  // A failure of the server's own (the database unreachable) is answered as it is, without asking the database
  // again.
  if (!result.ok && describeError(result.error).status >= 500) return result;
  if (!(await ctx.session())) throw unauthorized(MESSAGES.notSignedIn);
  return result;
});

/** `ctx.readWithSession`, refusing (401) when nobody is signed in: the signed-in member and the read's answers. */
export async function readAsMember<T extends ReadBatch>(ctx: Context, queries: (sessionId: string) => T) {
  const read = await ctx.readWithSession(queries);
  if (!read) throw unauthorized(MESSAGES.notSignedIn);
  return { viewer: read.viewer.user, results: read.results };
}

/**
 * Admin reads. `ctx.readAsAdmin(queries)` runs the read in the session lookup's own batch (one round trip) and
 * answers only an admin. Whatever the handler does, its answer or its error leaves only for an admin: when it never
 * called readAsAdmin, or failed (bad input included), the viewer is checked here first, so anyone else is told
 * 401 or 403 and nothing more. A read that forgets readAsAdmin costs a round trip, never a leak.
 */
export const adminReadProcedure = publicProcedure.use(async ({ ctx, next }) => {
  let verified = false;
  const result = await next({
    ctx: {
      async readAsAdmin<T extends ReadBatch>(queries: () => T) {
        const { viewer, results } = await readAsMember(ctx, queries);
        if (viewer.role !== 'admin') throw forbidden();
        verified = true;
        return results;
      },
    },
  });
  if (!verified) {
    const validated = await ctx.session();
    if (!validated) throw unauthorized(MESSAGES.notSignedIn);
    if (validated.user.role !== 'admin') throw forbidden();
  }
  return result;
});

/** The signed-in member of a read that resolved its session in its own batch (readBesideSession), else 401. */
export function signedInViewer(viewer: ValidatedSession | null): ValidatedSession['user'] {
  if (!viewer) throw unauthorized(MESSAGES.notSignedIn);
  return viewer.user;
}
