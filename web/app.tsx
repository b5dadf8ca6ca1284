// The app's providers (tRPC + TanStack Query, toasts, the router; tooltips bring their own, ui/tooltip.tsx) and the state they share, created
// once per page by main.tsx (and per render by the build-time prerender, web/prerender.tsx).
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type RouterHistory } from '@tanstack/react-router';
import { DeferredToaster } from './components/ui/deferred-toaster.tsx';
import { createAppRouter } from './router.tsx';
import { createQueryClient, createTrpcClient, createTrpcUtils, trpc } from './trpc.ts';

export function createAppState(history?: RouterHistory) {
  const queryClient = createQueryClient();
  const trpcClient = createTrpcClient();
  const utils = createTrpcUtils(queryClient, trpcClient);
  const router = createAppRouter({ queryClient, utils }, history);
  return { queryClient, trpcClient, utils, router };
}

export type AppState = ReturnType<typeof createAppState>;

export function App({ state, toaster = true }: { state: AppState; toaster?: boolean }) {
  return (
    <trpc.Provider client={state.trpcClient} queryClient={state.queryClient}>
      <QueryClientProvider client={state.queryClient}>
        <RouterProvider router={state.router} />
        {toaster ? <DeferredToaster /> : null}
      </QueryClientProvider>
    </trpc.Provider>
  );
}
