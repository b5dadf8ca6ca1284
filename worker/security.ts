// Headers every response carries (ARCHITECTURE section 4) and the Origin check that guards every
// state-changing request: Hono's csrf() only looks at form content types, so this covers JSON too.
import type { Context, MiddlewareHandler } from 'hono';
import { readConfig } from './env.ts';
import type { HonoEnv } from './rest/adapter.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function contentSecurityPolicy(extraHosts: { script: string[]; connect: string[]; frame: string[]; img: string[] }) {
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

export const securityHeaders: MiddlewareHandler<HonoEnv> = async (c, next) => {
  await next();
  // A WebSocket handshake's headers belong to the socket and cannot be changed.
  if (c.res.status === 101) return;
  const config = readConfig(c.env);
  const captchaHosts = config.TURNSTILE_SITE_KEY
    ? ['https://challenges.cloudflare.com']
    : config.RECAPTCHA_SITE_KEY
      ? ['https://www.google.com', 'https://www.gstatic.com']
      : [];
  c.res.headers.set(
    'Content-Security-Policy',
    contentSecurityPolicy({ script: captchaHosts, connect: captchaHosts, frame: captchaHosts, img: [] }),
  );
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.res.headers.set('Permissions-Policy', 'geolocation=(self), camera=(), microphone=(), payment=()');
  c.res.headers.set('X-Frame-Options', 'DENY');
};

/** The app's own origin or one listed in ALLOWED_ORIGINS; without an Origin, a same-origin fetch. */
export function isAllowedOrigin(c: Context<HonoEnv>): boolean {
  const origin = c.req.header('Origin');
  if (!origin) return c.req.header('Sec-Fetch-Site') === 'same-origin';
  return origin === new URL(c.req.url).origin || readConfig(c.env).ALLOWED_ORIGINS.includes(origin);
}

export const CROSS_SITE_REFUSED = { message: 'Cross-site requests are not allowed.', code: 'FORBIDDEN' } as const;

/** Refuses state-changing requests whose Origin is not the app's own (403), before any procedure runs. */
export const originCheck: MiddlewareHandler<HonoEnv> = async (c, next) => {
  if (SAFE_METHODS.has(c.req.method) || isAllowedOrigin(c)) return next();
  return c.json(CROSS_SITE_REFUSED, 403);
};
