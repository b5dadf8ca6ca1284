// Liveness of the platform: the health check reaches the database with one round trip, and says which version of
// the Worker answers and whether the database has every migration this version was built with (docs/operations.md).
import { sql } from 'drizzle-orm';
import journal from '../../db/migrations/meta/_journal.json' with { type: 'json' };
import packageJson from '../../package.json' with { type: 'json' };
import { healthSchema } from '../../common/system-output.ts';
import { publicProcedure, router } from '../trpc.ts';

/** The last migration this version of the Worker expects (drizzle-kit's journal, committed with the schema). */
const expectedMigration = journal.entries.at(-1)!;

export const systemRouter = router({
  health: publicProcedure.output(healthSchema).query(async ({ ctx }) => {
    const started = Date.now();
    // Unreachable, the call fails like every other: 503, "The database is unreachable. Please try again."
    const [applied] = await ctx.db.all<{ count: number; latest: number | null }>(
      sql`select count(*) as count, max(created_at) as latest from __drizzle_migrations`,
    );
    const latest = applied?.latest ?? null;
    return {
      status: 'ok' as const,
      database: 'ok' as const,
      databaseLatencyMs: Date.now() - started,
      version: packageJson.version,
      migrations: {
        applied: Number(applied?.count ?? 0),
        expected: expectedMigration.idx + 1,
        latest: journal.entries.find((entry) => entry.when === Number(latest))?.tag ?? null,
        upToDate: Number(latest) === expectedMigration.when,
      },
    };
  }),
});
