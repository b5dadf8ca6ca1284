// A member's address and map pin (PATCH /api/profile/address; spec, "/edit-address"): a required address and
// coordinates inside the Philippines, checked by the shared schema; bad input changes nothing. One write, which
// returns the updated member. A spa's address is on the map, so changing it purges the spa listing.
import { eq } from 'drizzle-orm';
import { currentUserSchema } from '../../common/account-output.ts';
import { addressInput } from '../../common/geo-input.ts';
import { users } from '../../db/schema.ts';
import { purgeSpaListing } from '../services/edge-cache.ts';
import { router, signedInProcedure } from '../trpc.ts';
import { toCurrentUser } from './account.ts';
import { notFound } from '../errors.ts';

export const addressRouter = router({
  update: signedInProcedure
    .input(addressInput)
    .output(currentUserSchema)
    .mutation(async ({ ctx, input }) => {
      const [updated] = await ctx.db
        .update(users)
        .set({ address: input.address, latitude: input.latitude, longitude: input.longitude, updatedAt: Date.now() })
        .where(eq(users.id, ctx.user.id))
        .returning();
      if (!updated) throw notFound('User not found');
      if (updated.role === 'spa_management') await purgeSpaListing();
      return toCurrentUser(updated);
    }),
});
