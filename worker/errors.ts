// One description of an error for both adapters: tRPC's error formatter and the REST adapters answer with the
// same message, code and status (ARCHITECTURE section 8). Unexpected errors never reveal their text or stack.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError, z } from 'zod';

export interface ErrorDescription {
  status: number;
  body: { message: string; code: string; fields?: Record<string, string[] | undefined> };
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export function describeError(error: unknown): ErrorDescription {
  const trpcError = error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
  const zodError = trpcError.cause instanceof ZodError ? trpcError.cause : null;
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
  if (trpcError.code === 'INTERNAL_SERVER_ERROR') {
    console.error('unexpected error', trpcError.cause ?? trpcError);
    return { status, body: { message: INTERNAL_MESSAGE, code: trpcError.code } };
  }
  return { status, body: { message: trpcError.message, code: trpcError.code } };
}
