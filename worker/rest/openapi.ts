// The REST contract: GET /api/openapi.json is an OpenAPI 3.1 document generated (by zod-openapi) from the route
// declarations the app is mounted from (worker/rest/route.ts), whose schemas are the procedures' own inputs and
// outputs. GET /api/docs shows it to a person (Swagger UI, built with the web app: web/api-docs.html).
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { PRODUCT_NAME } from '../../common/brand.ts';
import * as z from '../../common/zod.ts';
import type { ErrorStatus, RestRoute } from './route.ts';

const errorSchema = z
  .object({
    message: z.string().meta({ description: 'What went wrong, in words a member can read.' }),
    code: z.string().meta({ description: "tRPC's error code, e.g. BAD_REQUEST, UNAUTHORIZED, TOO_MANY_REQUESTS." }),
    fields: z
      .optional(z.record(z.string(), z.optional(z.array(z.string()))))
      .meta({ description: 'With 400 for input that breaks a rule: the messages of each field.' }),
  })
  .meta({ id: 'Error' });

const ERROR_DESCRIPTIONS: Record<ErrorStatus | 500 | 503, string> = {
  400: 'The input breaks a rule; `message` names it and `fields` holds each field’s messages.',
  401: 'Nobody is signed in, or the credentials are wrong.',
  403: 'Signed in, but not allowed; or a state-changing request from another site (its Origin is not this app).',
  404: 'Not there, or not to be seen by this member.',
  409: 'The state changed, or the thing exists already.',
  413: 'The body (or the upload) is too large.',
  415: 'The body is not of a type this path takes (JSON, or the upload’s image types).',
  429: 'Over a limit: `Retry-After` says how many seconds to wait.',
  501: 'This deploy has not set the feature up.',
  500: 'Something went wrong on our side (logged; its details are never sent).',
  502: 'A provider answered badly.',
  503: 'The database (or another dependency) is unreachable; try again.',
};

const retryAfter = z.object({
  'Retry-After': z.string().meta({ description: 'Seconds to wait before trying again.' }),
});

const pagingHeaders = z.object({
  Link: z.optional(z.string()).meta({
    description: 'When there is a next page: `<path?cursor=…>; rel="next"` (`?page=…` where pages are numbered).',
  }),
  'X-Next-Cursor': z
    .optional(z.string())
    .meta({ description: 'The next page’s cursor, when there is one (its number, where pages are numbered).' }),
});

/**
 * The error statuses a path answers: the ones it declares, those its input and access imply, those of every
 * state-changing request (a body that is not JSON or too large, another site's Origin: worker/security.ts), and 500
 * and 503.
 */
function errorStatuses(route: RestRoute): (ErrorStatus | 500 | 503)[] {
  const statuses = new Set<ErrorStatus | 500 | 503>(route.errors);
  if (route.method !== 'get') for (const status of [400, 403, 413, 415] as const) statuses.add(status);
  if (route.params || route.query || route.body || route.form) statuses.add(400);
  if (route.access !== 'anyone') statuses.add(401);
  if (typeof route.access === 'object') statuses.add(403);
  statuses.add(500);
  statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

function accessDescription(route: RestRoute): string | undefined {
  if (typeof route.access !== 'object') return undefined;
  return `Only for: ${route.access.roles.join(', ')}.`;
}

function operationId(route: RestRoute): string {
  const words = `${route.method} ${route.path}`
    .replace(/\{([^}]+)\}/g, 'by $1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return words.map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1))).join('');
}

function operation(route: RestRoute, tag: string): ZodOpenApiOperationObject {
  const responses: ZodOpenApiOperationObject['responses'] = {};
  const { answer } = route;
  if (answer.kind === 'json') {
    responses[`${answer.status ?? 200}`] = {
      description: route.summary,
      ...(answer.paging ? { headers: pagingHeaders } : {}),
      content: { 'application/json': { schema: answer.schema } },
    };
  } else if (answer.kind === 'file') {
    responses['200'] = {
      description: answer.description,
      content: { [answer.contentType]: { schema: answer.schema ?? z.string() } },
    };
  }
  const redirect = answer.kind === 'json' ? answer.redirect : answer.kind === 'redirect' ? answer.redirect : undefined;
  if (redirect) {
    responses[`${redirect.status}`] = {
      description: redirect.description,
      headers: z.object({ Location: z.string().meta({ description: 'Where to go.' }) }),
    };
  }
  for (const status of errorStatuses(route)) {
    responses[`${status}`] = {
      description: ERROR_DESCRIPTIONS[status],
      ...(status === 429 ? { headers: retryAfter } : {}),
      content: { 'application/json': { schema: errorSchema } },
    };
  }
  const description = [route.description, accessDescription(route)].filter(Boolean).join('\n\n');
  return {
    operationId: operationId(route),
    summary: route.summary,
    ...(description ? { description } : {}),
    tags: [tag],
    security: route.access === 'anyone' ? [] : [{ bearer: [] }, { cookie: [] }],
    ...(typeof route.access === 'object' ? { 'x-roles': [...route.access.roles] } : {}),
    ...(route.params || route.query
      ? {
          requestParams: {
            ...(route.params ? { path: route.params } : {}),
            ...(route.query ? { query: route.query } : {}),
          },
        }
      : {}),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: route.body } } } }
      : route.form
        ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: route.form } } } }
        : {}),
    responses,
  };
}

/** A group of paths: the document's tag, what it is, and its routes. */
export interface RestDomain {
  tag: string;
  description: string;
  routes: readonly RestRoute[];
}

export function openApiDocument(domains: readonly RestDomain[], version: string): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const { tag, routes } of domains) {
    for (const route of routes) {
      const item = (paths[`/api${route.path}`] ??= {});
      item[route.method] = operation(route, tag);
    }
  }
  return createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: `${PRODUCT_NAME} REST API`,
        version,
        description:
          'The REST paths of the spa and massage community. The same procedures are on tRPC at /trpc, typed by the SDK (`@spa-community/sdk`). Times are milliseconds since the epoch. Errors are `{ message, code }` (with `fields` for a 400).',
      },
      servers: [{ url: '/', description: 'This deploy' }],
      tags: domains.map(({ tag, description }) => ({ name: tag, description })),
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The session token (the SDK’s `sessionToken()`), as `Authorization: Bearer <token>`.',
          },
          cookie: {
            type: 'apiKey',
            in: 'cookie',
            name: '__Host-session',
            description: 'The browser’s session cookie (`session` over plain HTTP in local development).',
          },
        },
      },
      paths,
    },
    { reused: 'ref' },
  );
}
