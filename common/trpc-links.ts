// The tRPC client links of the web app and of the SDK: calls are batched (at most TRPC_MAX_BATCH_SIZE at once,
// the server's own cap), except the procedures that hash a password, which travel alone: the server refuses
// them inside a batch so that one request can never make it hash more than once.
import { httpBatchLink, httpLink, splitLink, type HTTPBatchLinkOptions, type TRPCLink } from '@trpc/client';
import type { AnyTRPCRouter } from '@trpc/server';
import { TRPC_MAX_BATCH_SIZE, UNBATCHED_PROCEDURES } from './limits.ts';

type Transport<TRouter extends AnyTRPCRouter> = Pick<HTTPBatchLinkOptions<TRouter['_def']['_config']['$types']>, 'url' | 'fetch'>;

export function appLinks<TRouter extends AnyTRPCRouter>(transport: Transport<TRouter>): TRPCLink<TRouter>[] {
  return [
    splitLink({
      condition: (operation) => UNBATCHED_PROCEDURES.includes(operation.path),
      true: httpLink<TRouter>(transport as never),
      false: httpBatchLink<TRouter>({ ...transport, maxItems: TRPC_MAX_BATCH_SIZE } as never),
    }),
  ];
}
