// The application router: one router per domain, merged here. Its type is what the web app and the SDK import.
import { router, createCallerFactory } from '../trpc.ts';
import { accountRouter } from './account.ts';
import { chatRouter } from './chat.ts';
import { systemRouter } from './system.ts';

export const appRouter = router({
  account: accountRouter,
  chat: chatRouter,
  system: systemRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
