// The local mailbox (the mail provider's embedded default): what the platform "sent", for the developer running
// it. It exists only in development and only while no mail provider is configured; anywhere else it is not
// found (404), so a production deploy never shows anyone's reset link.
import { localMailSchema } from '../../common/system-output.ts';
import * as z from '../../common/zod.ts';
import { localMailbox, localMailboxAvailable } from '../providers/mail.ts';
import { publicProcedure, router } from '../trpc.ts';
import { notFound } from '../errors.ts';

export const devMailRouter = router({
  /** GET /api/dev/mail (`?to=` for one address): the newest 50 messages, text and HTML parts. */
  list: publicProcedure
    .input(z.object({ to: z.string().max(254).optional() }).optional())
    .output(z.array(localMailSchema))
    .query(async ({ ctx, input }) => {
      if (!localMailboxAvailable(ctx.config)) throw notFound('Not found');
      return localMailbox(ctx.db, input?.to || undefined);
    }),
});
