// The tRPC client for React: typed against the server's router, batched over /trpc with the session cookie
// (at most TRPC_MAX_BATCH_SIZE calls a batch, as the server allows; sign-in and registration go alone).
// The QueryClient carries the data-fetching defaults of the spec's "Business constants and limits", and the one
// error toast of a failed mutation: the server's message under the mutation's `meta.errorTitle` ("Error" when it
// names none). A form that shows its refusals at its fields, or a screen that answers a failure its own way, says
// `meta: { errorToast: false }`; a mutation's own `onError` is then only for what else the failure changes.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCQueryUtils, createTRPCReact, getQueryKey } from '@trpc/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { QUERY_FRESH_MS, QUERY_GC_MS } from '../common/limits.ts';
import { appLinks } from '../common/trpc-links.ts';
import { toast } from './components/ui/use-toast.ts';
import { serverMessage } from './lib/errors.ts';
import { endSessionBecauseBanned, isBannedAnswer } from './lib/session-end.ts';
import type { AppRouter } from '../worker/routers/index.ts';

export const trpc = createTRPCReact<AppRouter>();

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The failure toast's title; "Error" when absent. */
      errorTitle?: string;
      /** The toast's text when the server sent none; "Please try again." when absent. */
      errorFallback?: string;
      /** false: the screen shows this mutation's failure itself (at a form's fields, in a dialog), no toast. */
      errorToast?: false;
    };
  }
}

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
      onError: (error, _variables, _context, mutation) => {
        console.error('Mutation error:', error);
        onFailure(error);
        const meta = mutation.meta;
        if (meta?.errorToast === false || isBannedAnswer(error)) return;
        toast({
          variant: 'destructive',
          title: meta?.errorTitle ?? 'Error',
          description: serverMessage(error, meta?.errorFallback ?? 'Please try again.'),
        });
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
