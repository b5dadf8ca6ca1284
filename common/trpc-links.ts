// The tRPC client links of the web app and of the SDK (one builder for both): calls are batched (at most
// TRPC_MAX_BATCH_SIZE at once, the server's own cap), except two kinds that travel alone over httpLink:
// - inputs that are not JSON (FormData, Blob or File, Uint8Array): httpLink sends them as they are, a FormData as
//   multipart/form-data (the photo uploads), where the batch link would turn them into JSON (`{}`);
// - the procedures that hash a password: the server refuses them inside a batch so that one request can never
//   make it hash more than once.
import {
  httpBatchLink,
  httpLink,
  isNonJsonSerializable,
  splitLink,
  type HTTPLinkOptions,
  type TRPCLink,
} from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import { TRPC_MAX_BATCH_SIZE, UNBATCHED_PROCEDURES } from './limits.ts';

/**
 * Where the calls go and how (`url`, `fetch`), with the router's transformer when it has one (this one has none).
 * No `headers`: the two links would call them differently (per call or per batch); a `fetch` can add its own.
 */
type Transport<TRouter extends AnyTRPCRouter> = HTTPLinkOptions<TRouter['_def']['_config']['$types']> & {
  headers?: never;
};

/** Whether a call goes alone (httpLink) rather than in a batch. */
export function travelsAlone(operation: { path: string; input: unknown }): boolean {
  return isNonJsonSerializable(operation.input) || UNBATCHED_PROCEDURES.includes(operation.path);
}

export function appLinks<TRouter extends AnyTRPCRouter>(transport: Transport<TRouter>): TRPCLink<TRouter>[] {
  return [
    splitLink({
      condition: travelsAlone,
      true: httpLink(transport),
      false: httpBatchLink({ ...transport, maxItems: TRPC_MAX_BATCH_SIZE }),
    }),
  ];
}
