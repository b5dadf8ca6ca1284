// Liveness of the platform: the health check reaches the database with one round trip.
import { sql } from 'drizzle-orm';
import { publicProcedure, router } from '../trpc.ts';

export const systemRouter = router({
  health: publicProcedure.query(async ({ ctx }) => {
    const started = Date.now();
    // Unreachable, the call fails like every other: 503, "The database is unreachable. Please try again."
    await ctx.db.run(sql`select 1`);
    return { status: 'ok' as const, database: 'ok' as const, databaseLatencyMs: Date.now() - started };
  }),
});
