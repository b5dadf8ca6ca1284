// Errors, once: the helpers every procedure throws with (`throw notFound(PROFILE_TEXTS.userNotFound)`), and one
// description of an error for both adapters, so tRPC's error formatter and the REST adapters answer with the same
// message, code and status. Unexpected errors never reveal their text or stack.
import { captureException } from '@sentry/cloudflare';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import * as z from '../common/zod.ts';
import { isDatabaseUnreachable } from './db.ts';
import { log } from './log.ts';

export interface ErrorDescription {
  status: number;
  body: { message: string; code: string; fields?: Record<string, string[] | undefined> };
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
export const DATABASE_UNREACHABLE_MESSAGE = 'The database is unreachable. Please try again.';
const NO_PERMISSION = 'You do not have permission to do that.';

type ErrorCode = TRPCError['code'];
const failure = (code: ErrorCode) => (message: string, cause?: unknown) => new TRPCError({ code, message, cause });

/** 400: the input breaks a rule the message names. */
export const badRequest = failure('BAD_REQUEST');
/** 401: nobody is signed in (or the credentials are wrong). */
export const unauthorized = failure('UNAUTHORIZED');
/** 403: signed in, but not allowed. */
export const forbidden = (message = NO_PERMISSION) => failure('FORBIDDEN')(message);
/** 404: not there, or not to be seen by this member. */
export const notFound = failure('NOT_FOUND');
/** 409: the state changed or the thing exists already. */
export const conflict = failure('CONFLICT');
/** 413 and 415: an upload too large, or not a type we take. */
export const payloadTooLarge = failure('PAYLOAD_TOO_LARGE');
export const unsupportedMediaType = failure('UNSUPPORTED_MEDIA_TYPE');
/** 429: over a limit; the caller sets Retry-After. */
export const tooManyRequests = failure('TOO_MANY_REQUESTS');
/** 501: a feature this deploy has not set up. */
export const notImplemented = failure('NOT_IMPLEMENTED');
/** 502: a provider answered badly. */
export const badGateway = failure('BAD_GATEWAY');
/** 503: a dependency or a binding is missing or down. */
export const serviceUnavailable = failure('SERVICE_UNAVAILABLE');
/** 500: a broken invariant; the message is logged, never shown. */
export const internalError = failure('INTERNAL_SERVER_ERROR');

export function describeError(error: unknown): ErrorDescription {
  const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
  const zodError = trpcError.cause instanceof z.ZodError ? trpcError.cause : null;
  const status = getHTTPStatusCodeFromError(trpcError);
  if (zodError) {
    return {
      status,
      body: {
        message: zodError.issues[0]?.message ?? 'Invalid input',
        code: trpcError.code,
        fields: z.flattenError(zodError).fieldErrors as Record<string, string[] | undefined>,
      },
    };
  }
  if (isDatabaseUnreachable(trpcError)) {
    log.error('database unreachable', { error: trpcError.cause ?? trpcError });
    return { status: 503, body: { message: DATABASE_UNREACHABLE_MESSAGE, code: 'SERVICE_UNAVAILABLE' } };
  }
  if (trpcError.code === 'INTERNAL_SERVER_ERROR') {
    log.error('unexpected error', { error: trpcError.cause ?? trpcError });
    // Sent to Sentry when SENTRY_DSN is set (worker/index.ts); nothing happens otherwise.
    captureException(trpcError.cause ?? trpcError);
    return { status, body: { message: INTERNAL_MESSAGE, code: trpcError.code } };
  }
  return { status, body: { message: trpcError.message, code: trpcError.code } };
}
