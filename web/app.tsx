// The app's providers: tRPC + TanStack Query, tooltips, toasts, and the router.
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { DeferredToaster } from './components/ui/deferred-toaster.tsx';
import { TooltipProvider } from './components/ui/tooltip.tsx';
import { createAppRouter } from './router.tsx';
import { createQueryClient, createTrpcClient, createTrpcUtils, trpc } from './trpc.ts';

export function App() {
  const [state] = useState(() => {
    const queryClient = createQueryClient();
    const trpcClient = createTrpcClient();
    const router = createAppRouter({ queryClient, utils: createTrpcUtils(queryClient, trpcClient) });
    return { queryClient, trpcClient, router };
  });
  return (
    <trpc.Provider client={state.trpcClient} queryClient={state.queryClient}>
      <QueryClientProvider client={state.queryClient}>
        <TooltipProvider>
          <RouterProvider router={state.router} />
          <DeferredToaster />
        </TooltipProvider>
      </QueryClientProvider>
    </trpc.Provider>
  );
}
