// tRPC initialisation: the request context (database, configuration, the current user resolved lazily from
// the session token), one error formatter for every procedure, and the base procedures every router uses:
// public, signed in, by role, admin.
import { initTRPC, TRPCError } from '@trpc/server';
import { MESSAGES } from '../common/account.ts';
import type { Role } from '../common/roles.ts';
import { getDatabase, type Database } from './db.ts';
import { readConfig, type Bindings, type Config } from './env.ts';
import { describeError } from './errors.ts';
import { readSessionToken, sessionCookie, validateSessionToken, type ValidatedSession } from './services/sessions.ts';

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
}

export function createContext(request: Request, env: Bindings, resHeaders: Headers): Context {
  const config = readConfig(env);
  const db = getDatabase(config);
  let resolved: Promise<ValidatedSession | null> | undefined;
  return {
    request,
    env,
    config,
    db,
    resHeaders,
    clientIp: request.headers.get('CF-Connecting-IP') ?? 'local',
    session() {
      resolved ??= (async () => {
        const token = readSessionToken(request);
        if (!token) return null;
        const validated = await validateSessionToken(db, token);
        if (validated?.refreshed) resHeaders.append('Set-Cookie', sessionCookie(request.url, token, validated.session));
        return validated;
      })();
      return resolved;
    },
  };
}

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const { status, body } = describeError(error);
    return { message: body.message, code: shape.code, data: { code: body.code, httpStatus: status, fields: body.fields } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const signedInProcedure = t.procedure.use(async ({ ctx, next }) => {
  const validated = await ctx.session();
  if (!validated) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.notSignedIn });
  return next({ ctx: { ...ctx, user: validated.user, sessionId: validated.session.id } });
});

export function roleProcedure(...roles: Role[]) {
  return signedInProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role))
      throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to do that.' });
    return next();
  });
}

export const adminProcedure = roleProcedure('admin');

/** Counts an attempt against a rate limiter; over the limit answers 429 with Retry-After. */
export async function enforceRateLimit(ctx: Context, limiter: RateLimit | undefined, key: string): Promise<void> {
  if (!limiter) return;
  const { success } = await limiter.limit({ key });
  if (success) return;
  ctx.resHeaders.set('Retry-After', '60');
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: MESSAGES.tooManyRequests });
}
