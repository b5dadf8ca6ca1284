// What guards every request before a procedure runs (docs/architecture.md, "Sessions and request guards" and "Errors"): the headers every
// response carries, the Origin check on state-changing requests (Hono's csrf() only looks at form content
// types, so this covers JSON too), limits on request bodies (413) and their content type (415), and the cap on
// tRPC batches (a batch may not carry a procedure that hashes a password).
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { IMAGE_TEXTS, UPLOAD_BODY_MAX_BYTES } from '../common/image-presets.ts';
import { REQUEST_BODY_MAX_BYTES, TRPC_MAX_BATCH_SIZE, UNBATCHED_PROCEDURES } from '../common/limits.ts';
import { readConfig } from './env.ts';
import type { HonoEnv } from './rest/adapter.ts';
import { PRIVATE_CACHE_CONTROL } from './response-cache.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function contentSecurityPolicy(extraHosts: {
  script: string[];
  connect: string[];
  frame: string[];
  img: string[];
}) {
  return [
    "default-src 'self'",
    `script-src 'self' ${extraHosts.script.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${extraHosts.img.join(' ')}`.trim(),
    `connect-src 'self' ${extraHosts.connect.join(' ')}`.trim(),
    `frame-src 'self' ${extraHosts.frame.join(' ')}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** Hosts the browser's map library reaches: Mapbox with a token, else the public style's own host. */
function mapHostsFor(config: ReturnType<typeof readConfig>): string[] {
  if (config.MAPBOX_TOKEN) return ['https://api.mapbox.com', 'https://*.tiles.mapbox.com', 'https://events.mapbox.com'];
  return config.MAP_STYLE_URL ? [new URL(config.MAP_STYLE_URL).origin] : [];
}

/** The policy of a configuration, written once per isolate. */
const policies = new WeakMap<ReturnType<typeof readConfig>, string>();

function policyFor(config: ReturnType<typeof readConfig>): string {
  const known = policies.get(config);
  if (known !== undefined) return known;
  const captchaHosts = config.TURNSTILE_SITE_KEY
    ? ['https://challenges.cloudflare.com']
    : config.RECAPTCHA_SITE_KEY
      ? ['https://www.google.com', 'https://www.gstatic.com']
      : [];
  const mapHosts = mapHostsFor(config);
  const policy = contentSecurityPolicy({
    script: captchaHosts,
    connect: [...captchaHosts, ...mapHosts],
    frame: captchaHosts,
    img: mapHosts,
  });
  policies.set(config, policy);
  return policy;
}

export const securityHeaders: MiddlewareHandler<HonoEnv> = async (c, next) => {
  await next();
  // A WebSocket handshake's headers belong to the socket and cannot be changed.
  if (c.res.status === 101) return;
  c.res.headers.set('Content-Security-Policy', policyFor(readConfig(c.env)));
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.res.headers.set('Permissions-Policy', 'geolocation=(self), camera=(), microphone=(), payment=()');
  c.res.headers.set('X-Frame-Options', 'DENY');
  c.res.headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  c.res.headers.set('Cross-Origin-Resource-Policy', 'same-origin');
  if (new URL(c.req.url).protocol === 'https:')
    c.res.headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains');
  // API answers carry members' data: never stored by a browser or a shared cache unless the adapters found the
  // answer public (worker/response-cache.ts).
  const path = c.req.path;
  if ((path.startsWith('/api/') || path.startsWith('/trpc/')) && !c.res.headers.has('Cache-Control'))
    c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
};

/** The app's own origin or one listed in ALLOWED_ORIGINS; without an Origin, a same-origin fetch. */
export function isAllowedOrigin(c: Context<HonoEnv>): boolean {
  const origin = c.req.header('Origin');
  if (!origin) return c.req.header('Sec-Fetch-Site') === 'same-origin';
  return origin === new URL(c.req.url).origin || readConfig(c.env).ALLOWED_ORIGINS.includes(origin);
}

export const CROSS_SITE_REFUSED = { message: 'Cross-site requests are not allowed.', code: 'FORBIDDEN' } as const;

/** Webhooks a provider's server calls: no browser, no Origin; the procedure verifies the body's signature. */
const SIGNED_WEBHOOK_ROUTES = new Set(['/api/premium/webhook']);

/** Refuses state-changing requests whose Origin is not the app's own (403), before any procedure runs. */
export const originCheck: MiddlewareHandler<HonoEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || SIGNED_WEBHOOK_ROUTES.has(c.req.path) || isAllowedOrigin(c)) return next();
  return c.json(CROSS_SITE_REFUSED, 403);
};

/** Routes that take a multipart photo upload (profile picture, spa image, licence document): their own, larger limit. */
const UPLOAD_ROUTES = [/^\/api\/profile\/upload-pic$/, /^\/api\/spas\/[^/]+\/upload-image$/, /^\/api\/licences$/];

/** The same uploads as tRPC procedures: the SDK sends their FormData input as multipart/form-data, one call a request. */
const TRPC_UPLOAD_PROCEDURES = new Set([
  '/trpc/profiles.uploadPicture',
  '/trpc/admin.uploadSpaImage',
  '/trpc/licences.submit',
]);

export function isUploadRoute(path: string): boolean {
  return UPLOAD_ROUTES.some((route) => route.test(path));
}

function contentTypeOf(c: Context<HonoEnv>): string {
  return (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();
}

const TOO_LARGE = { message: 'The request body is too large.', code: 'PAYLOAD_TOO_LARGE' } as const;
const NOT_JSON = { message: 'Send the request body as application/json.', code: 'UNSUPPORTED_MEDIA_TYPE' } as const;

const jsonBodyLimit = bodyLimit({ maxSize: REQUEST_BODY_MAX_BYTES, onError: (c) => c.json(TOO_LARGE, 413) });
// An upload too large is answered with the spec's photo message.
const uploadBodyLimit = bodyLimit({
  maxSize: UPLOAD_BODY_MAX_BYTES,
  onError: (c) => c.json({ message: IMAGE_TEXTS.tooLarge, code: 'PAYLOAD_TOO_LARGE' }, 413),
});

function hasBody(c: Context<HonoEnv>): boolean {
  const length = c.req.header('Content-Length');
  return (length !== undefined && length !== '0') || c.req.header('Transfer-Encoding') !== undefined;
}

/**
 * Bodies on /api and /trpc: at most 64 KB (uploads: the photo limit), counted as they stream in, so a huge
 * body is refused before it is read whole; a body on a JSON route must say `application/json`. The tRPC upload
 * procedures take the photo limit for a multipart body only; anything else sent to them is held to the JSON rules.
 */
export const requestBodyRules: MiddlewareHandler<HonoEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method)) return next();
  if (isUploadRoute(c.req.path)) return uploadBodyLimit(c, next);
  const type = contentTypeOf(c);
  if (type === 'multipart/form-data' && TRPC_UPLOAD_PROCEDURES.has(c.req.path)) return uploadBodyLimit(c, next);
  if (hasBody(c) && type !== 'application/json') return c.json(NOT_JSON, 415);
  return jsonBodyLimit(c, next);
};

/**
 * A tRPC batch carries at most TRPC_MAX_BATCH_SIZE calls (tRPC itself enforces it too), and never a procedure
 * that hashes a password together with other calls: one request, at most one password hash.
 */
export const trpcBatchRules: MiddlewareHandler<HonoEnv> = async (c, next) => {
  let path: string;
  try {
    path = decodeURIComponent(c.req.path.slice('/trpc/'.length));
  } catch {
    // A malformed %-escape (a lone `%`, an encoded surrogate) names no procedure.
    return c.json({ message: 'The address names no procedure: it has a malformed %-escape.', code: 'NOT_FOUND' }, 404);
  }
  const procedures = path.split(',');
  if (procedures.length > TRPC_MAX_BATCH_SIZE)
    return c.json({ message: `A batch may carry at most ${TRPC_MAX_BATCH_SIZE} calls.`, code: 'BAD_REQUEST' }, 400);
  const isBatch = c.req.query('batch') !== undefined;
  if ((isBatch || procedures.length > 1) && procedures.some((procedure) => UNBATCHED_PROCEDURES.includes(procedure)))
    return c.json(
      {
        message: 'Sign-in, registration, password reset, profile saves and account deletion cannot be batched.',
        code: 'BAD_REQUEST',
      },
      400,
    );
  return next();
};
