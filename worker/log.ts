// The Worker's log (docs/operations.md): every line is one JSON object with its level, a message naming what
// happened, the request's id and the event's own fields, which Workers Logs and `wrangler tail` index. The request's
// id is Cloudflare's Ray ID (`cf-ray`) where there is one and a random id otherwise (local runs); it is sent back as
// `X-Request-Id`, so a member's report of a failure leads to its lines. A line written anywhere while a request is
// handled carries its id: the id rides in an AsyncLocalStorage that `withRequestId` sets for the request.
import { AsyncLocalStorage } from 'node:async_hooks';

export const REQUEST_ID_HEADER = 'X-Request-Id';

const requestScope = new AsyncLocalStorage<string>();

/** The id of a request: Cloudflare's Ray ID, else a random one. */
export function requestIdOf(request: Request): string {
  return request.headers.get('cf-ray') ?? crypto.randomUUID();
}

/** Runs `work` as the request `requestId`: what it logs carries the id. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requestScope.run(requestId, work);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore();
}

type Fields = Record<string, unknown>;

/** An error as a log field: its name, message and stack, and what caused it, a few causes deep. */
export function errorFields(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return String(error);
  return {
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack.split('\n').slice(0, 12).join('\n') } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: errorFields(error.cause, depth + 1) } : {}),
  };
}

function write(level: 'info' | 'warn' | 'error', message: string, fields: Fields = {}) {
  const requestId = currentRequestId();
  const line = JSON.stringify(
    { level, message, ...(requestId ? { requestId } : {}), ...fields },
    (_key, value: unknown) =>
      value instanceof Error ? errorFields(value) : typeof value === 'bigint' ? String(value) : value,
  );
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
}

export const log = {
  info: (message: string, fields?: Fields) => write('info', message, fields),
  warn: (message: string, fields?: Fields) => write('warn', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
};
