// Spa listings for every signed-in member (GET /api/spas; spec, "Entities and their fields": Spa): a REST or SDK
// client finds here the spa id and the linked member that POST /api/stars and /api/flowers take. Admins read the
// dashboard's fields too; the dashboard's own read and every change to a listing stay in the admin router.
import * as z from '../../common/zod.ts';
import { adminSpaSchema, spaSchema } from '../../common/admin-output.ts';
import { spaRowsQuery, toAdminSpa, toSpa } from '../services/spas.ts';
import { memberReadProcedure, readAsMember, router } from '../trpc.ts';

/** An admin's answer first: a member's listings carry no `openingHours`, so only the second matches them. */
export const spaListSchema = z.union([z.array(adminSpaSchema), z.array(spaSchema)]);

export const spasRouter = router({
  /** One round trip with the session lookup; 401 signed out. Admins read each listing's own hours too. */
  list: memberReadProcedure.output(spaListSchema).query(async ({ ctx }) => {
    const {
      viewer,
      results: [rows],
    } = await readAsMember(ctx, () => [spaRowsQuery(ctx.db)] as const);
    const now = Date.now();
    return viewer.role === 'admin' ? rows.map((row) => toAdminSpa(row, now)) : rows.map((row) => toSpa(row, now));
  }),
});
