// The message to show for a failed call: the server's own text where it sent one (ARCHITECTURE section 8),
// otherwise the screen's fallback (a network failure or a non-tRPC answer has no message worth showing).
import { TRPCClientError } from '@trpc/client';

export function serverMessage(error: unknown, fallback: string): string {
  if (error instanceof TRPCClientError) {
    const shape = error.shape as { message?: unknown } | undefined;
    if (shape && typeof shape.message === 'string' && shape.message.trim()) return shape.message;
  }
  return fallback;
}

/**
 * A failed submit's text (spec part 2 section 8): the server's message, else `HTTP {status}`, else `Network error`
 * when no answer came at all.
 */
export function submitErrorMessage(error: unknown): string {
  const message = serverMessage(error, '');
  if (message) return message;
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? (error.meta?.response as Response | undefined)?.status;
    if (status) return `HTTP ${status}`;
  }
  return 'Network error';
}
