// Liveness of the platform: the health check reaches the database with one round trip.
import { sql } from 'drizzle-orm';
import { publicProcedure, router } from '../trpc.ts';
import { serviceUnavailable } from '../errors.ts';

export const systemRouter = router({
  health: publicProcedure.query(async ({ ctx }) => {
    const started = Date.now();
    try {
      await ctx.db.run(sql`select 1`);
    } catch (error) {
      console.error('health check: database unreachable', error);
      throw serviceUnavailable('The database is unreachable.');
    }
    return { status: 'ok' as const, database: 'ok' as const, databaseLatencyMs: Date.now() - started };
  }),
});
