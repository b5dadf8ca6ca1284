// What a failed call says: the server's own text where it sent one (docs/architecture.md, "Errors"), otherwise the
// screen's fallback (a network failure or a non-tRPC answer has no message worth showing), and the HTTP status
// it answered with. Every screen reads failures through these, so a change of transport changes one file.
import { TRPCClientError } from '@trpc/client';

/**
 * The HTTP status of a failed call: the one the server put in the error (docs/architecture.md, "Errors"), else the
 * answer's own (a proxy's 413, for example); undefined when no answer came at all.
 */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (
    (error.data as { httpStatus?: number } | undefined)?.httpStatus ??
    (error.meta?.response as Response | undefined)?.status
  );
}

/** A refused input's first message per field (the server's zod issues, docs/architecture.md, "Errors"), by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const fields = (error.data as { fields?: Record<string, string[] | undefined> } | undefined)?.fields ?? {};
  return Object.fromEntries(
    Object.entries(fields).flatMap(([field, messages]) => (messages?.[0] ? [[field, messages[0]]] : [])),
  );
}

export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) {
    const shape = error.shape as { message?: unknown } | undefined;
    if (shape && typeof shape.message === 'string' && shape.message.trim()) return shape.message;
  }
  return fallback;
}

/**
 * A failed submit's text (spec, "Error catalogue"): the server's message, else `HTTP {status}`, else `Network error`
 * when no answer came at all.
 */
export function submitErrorMessage(error: unknown): string {
  const message = serverMessage(error, '');
  if (message) return message;
  const status = httpStatusOf(error);
  return status ? `HTTP ${status}` : 'Network error';
}
