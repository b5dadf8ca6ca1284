// REST adapters call the same tRPC procedures through a server-side caller; they hold no logic of their own.
// They parse the JSON body, copy the headers procedures set (Set-Cookie, Retry-After) and answer errors as
// `{ message, code }` with the right status. A procedure is handed the request's input as it came: its own zod
// input validates it, exactly as for a tRPC call, so the checks (and their order: sign-in, then input) are the same
// on both surfaces.
import type { Context as HonoContext, Handler } from 'hono';
import { MESSAGES } from '../../common/account.ts';
import type { Page } from '../../common/page.ts';
import type { Bindings } from '../env.ts';
import { badRequest, describeError, unauthorized } from '../errors.ts';
import { createCaller } from '../routers/index.ts';
import { createContext } from '../trpc.ts';

type Caller = ReturnType<typeof createCaller>;
export type HonoEnv = { Bindings: Bindings };

/**
 * A procedure as the adapters call it: with the raw input of the request, which the procedure parses. The type is
 * read off a method signature so that it takes the caller's procedures, whose parameters are their parsed inputs.
 */
type RawInputProcedure<Output> = { call(input?: unknown): Promise<Output> }['call'];
export type RawInputCaller<T = Caller> = {
  [K in keyof T]: T[K] extends (input: never) => Promise<infer Output>
    ? RawInputProcedure<Output>
    : RawInputCaller<T[K]>;
};

/** What a REST path does: call procedures with the request's parts, answer what they answer. */
export type RestCall<Answer> = (
  caller: RawInputCaller,
  request: RestRequest,
) => Promise<Answer | RestRedirect | RestFile>;

interface RestRequest {
  body: unknown;
  /** The body exactly as it arrived (signed webhooks verify these bytes); empty for multipart. */
  rawBody: string;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Headers of the request (a browser's Sec-Fetch-Site). */
  requestHeaders: Headers;
  /** Headers of the answer (a list's Link to its next page). */
  headers: Headers;
  /** The path the request asked for. */
  path: string;
}

/** An answer that sends the client elsewhere (a renamed member's old profile link). */
export class RestRedirect {
  readonly location: string;
  readonly status: 301 | 302 | 308;
  constructor(location: string, status: 301 | 302 | 308 = 301) {
    this.location = location;
    this.status = status;
  }
}

/**
 * An answer that is a file: to download (the analytics CSV export), or to show where it is (`inline`: a licence's
 * document photo).
 */
export class RestFile {
  readonly filename: string;
  readonly contentType: string;
  readonly content: string | Uint8Array<ArrayBuffer>;
  readonly disposition: 'attachment' | 'inline';
  constructor(
    filename: string,
    contentType: string,
    content: string | Uint8Array<ArrayBuffer>,
    disposition: 'attachment' | 'inline' = 'attachment',
  ) {
    this.filename = filename;
    this.contentType = contentType;
    this.content = content;
    this.disposition = disposition;
  }
}

export interface RestOptions {
  /** Answer a successful call with a 302 there instead of JSON (links the browser follows). */
  redirectTo?: string;
  /** Read the body as multipart/form-data (uploads) instead of JSON. */
  multipart?: boolean;
  /** The status of a successful JSON answer: 201 when the call creates something, else 200. */
  status?: 201;
}

async function readJsonBody(c: HonoContext<HonoEnv>): Promise<{ body: unknown; rawBody: string }> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return { body: undefined, rawBody: '' };
  const rawBody = await c.req.text();
  if (!rawBody) return { body: {}, rawBody };
  try {
    return { body: JSON.parse(rawBody), rawBody };
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
}

async function readFormBody(c: HonoContext<HonoEnv>): Promise<{ body: FormData; rawBody: string }> {
  try {
    return { body: await c.req.formData(), rawBody: '' };
  } catch {
    throw badRequest('The request body is not valid multipart/form-data.');
  }
}

/** The runtime's execution context (waitUntil), where there is one. */
export function executionContextOf(c: HonoContext<HonoEnv>): ExecutionContext | undefined {
  try {
    return c.executionCtx as ExecutionContext;
  } catch {
    return undefined;
  }
}

export function rest<Answer>(call: RestCall<Answer>, options: RestOptions = {}): Handler<HonoEnv> {
  return async (c) => {
    const resHeaders = new Headers();
    const context = createContext(c.req.raw, c.env, resHeaders, executionContextOf(c));
    let response: Response;
    try {
      const caller: RawInputCaller = createCaller(context);
      const url = new URL(c.req.url);
      const body = await call(caller, {
        ...(options.multipart ? await readFormBody(c) : await readJsonBody(c)),
        params: c.req.param(),
        query: url.searchParams,
        requestHeaders: c.req.raw.headers,
        headers: resHeaders,
        path: url.pathname,
      });
      response =
        body instanceof RestRedirect
          ? new Response(null, { status: body.status, headers: { Location: body.location } })
          : body instanceof RestFile
            ? new Response(body.content, {
                headers: {
                  'Content-Type': body.contentType,
                  'Content-Disposition': `${body.disposition}; filename="${body.filename}"`,
                },
              })
            : options.redirectTo
              ? new Response(null, { status: 302, headers: { Location: options.redirectTo } })
              : Response.json(body ?? null, { status: options.status ?? 200 });
    } catch (error) {
      const { status, body } = describeError(error);
      response = Response.json(body, { status });
    }
    resHeaders.forEach((value, key) => response.headers.append(key, value));
    return context.responseCache.apply(response);
  };
}

/**
 * A page answered as the spec's plain array. When there is a next page, every list names it the same way:
 * `X-Next-Cursor` holds its cursor, and `Link: <path?cursor=…>; rel="next"` leads to it (`?page=` for the spec's
 * numbered lists, whose cursor is the next page's number).
 */
export function arrayPage<T>(
  page: Page<T>,
  param: 'page' | 'cursor',
  { headers, path }: Pick<RestRequest, 'headers' | 'path'>,
): T[] {
  if (page.nextCursor !== null) {
    headers.set('Link', `<${path}?${param}=${encodeURIComponent(page.nextCursor)}>; rel="next"`);
    headers.set('X-Next-Cursor', page.nextCursor);
  }
  return page.items;
}

/**
 * A JSON body's fields with the path's parameters put over them (`PUT /api/reviews/{reviewId}/reply`): the procedure
 * takes both as one input. A body that is not an object adds no fields.
 */
export function withPathParameters(body: unknown, parameters: Record<string, unknown>): Record<string, unknown> {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  return { ...fields, ...parameters };
}

/** For endpoints whose procedure answers null when nobody is signed in (GET /api/user answers 401). */
export function orUnauthorized<T>(value: T | null): T {
  if (value === null) throw unauthorized(MESSAGES.notSignedIn);
  return value;
}
