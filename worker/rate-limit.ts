// Rate limiting: each limited action counts against a Workers rate-limit binding (wrangler.toml names them and
// their limits) under a key of the caller's choosing, a member id or a client address. Over the limit is a 429 with
// Retry-After; a binding missing from a production deploy refuses the request (503), so an unguarded sign-in never
// goes live by accident. The chat's sockets use the same refusal (worker/chat-socket.ts).
import { MESSAGES } from '../common/account.ts';
import type { Config } from './env.ts';
import { serviceUnavailable, tooManyRequests } from './errors.ts';
import { log } from './log.ts';

/** What a refusal of the rate limiters tells the client to wait: their longest period. */
export const RATE_LIMIT_RETRY_AFTER_SECONDS = 60;

/** The error of a rate limiter's refusal (429), its Retry-After set apart. */
export function rateLimitRefusal() {
  return tooManyRequests(MESSAGES.tooManyRequests);
}

/**
 * Counts an attempt against a rate limiter; over the limit answers 429 with Retry-After. A limiter missing from
 * a production deploy refuses the request (503): an unguarded sign-in must never go live by accident.
 */
export async function enforceRateLimit(
  ctx: { config: Pick<Config, 'ENVIRONMENT'>; resHeaders: Headers },
  limiter: RateLimit | undefined,
  key: string,
): Promise<void> {
  if (!limiter) {
    if (ctx.config.ENVIRONMENT === 'development') return;
    log.error('rate limiter binding missing in production');
    throw serviceUnavailable(MESSAGES.serviceUnavailable);
  }
  const { success } = await limiter.limit({ key });
  if (success) return;
  ctx.resHeaders.set('Retry-After', String(RATE_LIMIT_RETRY_AFTER_SECONDS));
  throw rateLimitRefusal();
}
