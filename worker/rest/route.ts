// One declaration per REST path: its method and path, who may call it, the zod schemas of its parameters, body and
// answer (the procedures' own), the error statuses it answers, and the handler. The Hono app is mounted from these
// declarations (worker/rest/index.ts) and the OpenAPI document is generated from the same ones
// (worker/rest/openapi.ts), so a path cannot be served without being documented, nor documented without being served.
// The answer's type is checked against its schema when the route is declared: a handler that answered another shape
// would not compile.
import type { Context, Handler } from 'hono';
import type { Role } from '../../common/roles.ts';
import type * as z from '../../common/zod.ts';
import { rest, type HonoEnv, type RestCall, type RestOptions } from './adapter.ts';

export type RestMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call a path: anyone; any signed-in member; or signed-in members of these roles (others get 403). */
export type Access = 'anyone' | 'member' | { roles: readonly Role[] };

/** The statuses an error answer may have, besides the 500 and 503 every path may answer (worker/rest/openapi.ts). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 501 | 502;

/**
 * A list answered a page at a time: `X-Next-Cursor` and `Link: <path?cursor=…>; rel="next"` lead to the next page
 * (`?page=` where the spec numbers the pages).
 */
export type Paging = 'cursor' | 'page';

interface RouteDescription {
  method: RestMethod;
  /** Under /api, with OpenAPI's `{name}` parameters: `/users/{id}/profile`. */
  path: string;
  summary: string;
  description?: string;
  access: Access;
  /** The path's `{name}` parameters. */
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** A JSON body. */
  body?: z.ZodType;
  /** A multipart/form-data body (uploads). */
  form?: z.ZodObject;
  /** Error statuses besides those the description implies (400 with input, 401 and 403 from `access`). */
  errors?: readonly ErrorStatus[];
}

/** How a successful call answers. */
export type RestAnswer =
  | { kind: 'json'; schema: z.ZodType; paging?: Paging; redirect?: RedirectAnswer; status?: CreatedStatus }
  | { kind: 'file'; contentType: string; description: string; schema?: z.ZodType }
  | { kind: 'redirect'; redirect: RedirectRoute };

/** A call that creates something answers 201 Created instead of 200 (POST /api/visits). */
export type CreatedStatus = 201;

interface RedirectAnswer {
  status: 301 | 302;
  description: string;
}

/** A redirect once the procedure has run (the browser's sign-out link goes home). */
interface RedirectRoute extends RedirectAnswer {
  location: string;
}

export interface RestRoute extends RouteDescription {
  answer: RestAnswer;
  handler: Handler<HonoEnv>;
}

interface JsonRouteDeclaration<Answer extends z.ZodType> extends RouteDescription {
  answer: Answer;
  paging?: Paging;
  /** Some calls send the client elsewhere instead (a renamed member's old profile link). */
  redirect?: RedirectAnswer;
  /** 201 when a successful call creates something; 200 otherwise. */
  status?: CreatedStatus;
  call: RestCall<z.input<Answer>>;
  /** An answer stored at the edge, tried first; the procedure answers when there is none (null). */
  fromCache?: (c: Context<HonoEnv>) => Promise<Response | null>;
}

/** A path answered with JSON by a procedure. */
export function jsonRoute<Answer extends z.ZodType>({
  answer,
  paging,
  redirect,
  status,
  call,
  fromCache,
  ...description
}: JsonRouteDeclaration<Answer>): RestRoute {
  const viaProcedure = rest(call, { multipart: Boolean(description.form), status });
  return {
    ...description,
    answer: { kind: 'json', schema: answer, paging, redirect, status },
    handler: fromCache ? async (c, next) => (await fromCache(c)) ?? viaProcedure(c, next) : viaProcedure,
  };
}

/** A path answered by a procedure with a file to download (RestFile) or a redirect once it has run. */
export function otherRoute({
  answer,
  call,
  ...description
}: RouteDescription & { answer: Exclude<RestAnswer, { kind: 'json' }>; call: RestCall<unknown> }): RestRoute {
  const options: RestOptions = answer.kind === 'redirect' ? { redirectTo: answer.redirect.location } : {};
  return { ...description, answer, handler: rest(call, options) };
}

/** A path with a handler of its own, no procedure behind it (the captcha's challenge), documented like the rest. */
export function handlerRoute({
  answer,
  handler,
  ...description
}: RouteDescription & { answer: z.ZodType; handler: Handler<HonoEnv> }): RestRoute {
  return { ...description, answer: { kind: 'json', schema: answer }, handler };
}

/** Hono's form of an OpenAPI path: `/users/{id}` is `/users/:id`. */
export function honoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}
