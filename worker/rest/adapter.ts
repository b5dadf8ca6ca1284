// REST adapters call the same tRPC procedures through a server-side caller; they hold no logic of their own.
// They parse the JSON body, copy the headers procedures set (Set-Cookie, Retry-After) and answer errors as
// `{ message, code }` with the right status.
import type { Context as HonoContext, Handler } from 'hono';
import { TRPCError } from '@trpc/server';
import { MESSAGES } from '../../common/account.ts';
import type { Bindings } from '../env.ts';
import { describeError } from '../errors.ts';
import { createCaller } from '../routers/index.ts';
import { createContext } from '../trpc.ts';

export type Caller = ReturnType<typeof createCaller>;
export type HonoEnv = { Bindings: Bindings };

interface RestRequest {
  body: unknown;
  params: Record<string, string>;
  query: URLSearchParams;
}

async function readJsonBody(c: HonoContext<HonoEnv>): Promise<unknown> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return undefined;
  const text = await c.req.text();
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new TRPCError({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' });
  }
}

/** `redirectTo`: answer a successful call with a 302 there instead of JSON (links the browser follows). */
export function rest<T>(
  call: (caller: Caller, request: RestRequest) => Promise<T>,
  options: { redirectTo?: string } = {},
): Handler<HonoEnv> {
  return async (c) => {
    const resHeaders = new Headers();
    let response: Response;
    try {
      const caller = createCaller(createContext(c.req.raw, c.env, resHeaders));
      const body = await call(caller, { body: await readJsonBody(c), params: c.req.param(), query: new URL(c.req.url).searchParams });
      response = options.redirectTo
        ? new Response(null, { status: 302, headers: { Location: options.redirectTo } })
        : Response.json(body ?? null);
    } catch (error) {
      const { status, body } = describeError(error);
      response = Response.json(body, { status });
    }
    resHeaders.forEach((value, key) => response.headers.append(key, value));
    return response;
  };
}

/** For endpoints whose procedure answers null when nobody is signed in (GET /api/user answers 401). */
export function orUnauthorized<T>(value: T | null): T {
  if (value === null) throw new TRPCError({ code: 'UNAUTHORIZED', message: MESSAGES.notSignedIn });
  return value;
}
