// Spa listings for every signed-in member (GET /api/spas; spec, "Entities and their fields": Spa): a REST or SDK
// client finds here the spa id and the linked member that POST /api/stars and /api/flowers take. Admins read the
// dashboard's fields too; the dashboard's own read and every change to a listing stay in the admin router.
import type { AdminSpa, Spa } from '../../common/admin.ts';
import { spaRowsQuery, toAdminSpa, toSpa } from '../services/spas.ts';
import { memberReadProcedure, readAsMember, router } from '../trpc.ts';

export const spasRouter = router({
  /** One round trip with the session lookup; 401 signed out. */
  list: memberReadProcedure.query(async ({ ctx }): Promise<Spa[] | AdminSpa[]> => {
    const {
      viewer,
      results: [rows],
    } = await readAsMember(ctx, () => [spaRowsQuery(ctx.db)] as const);
    const now = Date.now();
    return viewer.role === 'admin' ? rows.map((row) => toAdminSpa(row, now)) : rows.map((row) => toSpa(row, now));
  }),
});
