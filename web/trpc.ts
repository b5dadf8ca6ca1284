// The tRPC client for React: typed against the server's router, batched over /trpc with the session cookie
// (at most TRPC_MAX_BATCH_SIZE calls a batch, as the server allows; sign-in and registration go alone).
// The QueryClient carries the data-fetching defaults of the spec's "Business constants and limits".
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils, createTRPCReact, getQueryKey } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { QUERY_FRESH_MS, QUERY_GC_MS } from '../common/limits.ts';
import { appLinks } from '../common/trpc-links.ts';
import { endSessionBecauseBanned, isBannedAnswer } from './lib/session-end.ts';
import type { AppRouter } from '../worker/routers/index.ts';

export const trpc = createTRPCReact<AppRouter>();

/** What each procedure answers, for components that take part of an answer as a prop. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function createQueryClient(): QueryClient {
  // A call refused because an admin banned the account (lib/session-end.ts): sign the member out and say why.
  const onFailure = (error: unknown) => {
    if (!isBannedAnswer(error)) return;
    endSessionBecauseBanned(
      () => client.clear(),
      () => client.setQueryData(getQueryKey(trpc.account.me, undefined, 'query'), null),
    );
  };
  const client: QueryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_FRESH_MS,
        gcTime: QUERY_GC_MS,
        // One retry after a second (spec), never for an account that was banned: nothing will change.
        retry: (failures, error) => failures < 1 && !isBannedAnswer(error),
        retryDelay: 1000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: 0 },
    },
    queryCache: new QueryCache({ onError: onFailure }),
    mutationCache: new MutationCache({
      onError: (error) => {
        console.error('Mutation error:', error);
        onFailure(error);
      },
    }),
  });
  return client;
}

export function createTrpcClient() {
  return trpc.createClient({
    links: appLinks<AppRouter>({
      url: '/trpc',
      fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
    }),
  });
}

export type TrpcClient = ReturnType<typeof createTrpcClient>;

/** tRPC helpers usable outside React (route guards in the router). */
export function createTrpcUtils(queryClient: QueryClient, client: TrpcClient) {
  return createTRPCQueryUtils<AppRouter>({ queryClient, client });
}

export type TrpcUtils = ReturnType<typeof createTrpcUtils>;
