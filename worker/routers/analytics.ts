// Analytics for spa management: the weekly report of one's own spa (one round trip: the window's
// rollups, reviews, stars and lineup flowers ride in the batch of the session lookup), the CSV export, and the
// map's events (popup opens, Call and Navigate taps), counted after the answer. Every spa manager reads the last
// ANALYTICS_FREE_WEEKS weeks; 12 weeks, the comparison with the previous period and the export are premium, and
// a year is Premium Pro: refused here whatever the screen shows.
import {
  ANALYTICS_FREE_WEEKS,
  ANALYTICS_PREMIUM_WEEKS,
  ANALYTICS_MAX_WEEKS,
  ANALYTICS_TEXTS,
  analyticsCsv,
  analyticsInput,
  eventInput,
  type AnalyticsAnswer,
} from '../../common/analytics.ts';
import {
  analyticsAnswerSchema,
  analyticsCsvSchema,
  analyticsEventAnswerSchema,
} from '../../common/analytics-output.ts';
import { manilaDay } from '../../common/time.ts';
import {
  analyticsQueries,
  countEvent,
  countsAsView,
  toWeeks,
  weekInProgress,
  windowStart,
} from '../services/analytics.ts';
import { sessionMemberId } from '../services/sessions.ts';
import { isPremiumMember, isProMember } from '../services/users.ts';
import { memberReadProcedure, readAsMember, router, signedInProcedure, type Context } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import type { z } from 'zod';
import { forbidden } from '../errors.ts';

async function report(
  ctx: Context,
  input: z.output<typeof analyticsInput>,
  needsPremium: boolean,
): Promise<AnalyticsAnswer> {
  const span = input.compare ? input.weeks * 2 : input.weeks;
  // One clock for the window and the week in progress, so both name the same Manila week.
  const now = Date.now();
  const since = windowStart(span, now);
  const { viewer, results } = await readAsMember(ctx, (sessionId) =>
    analyticsQueries(ctx.db, sessionMemberId(sessionId), since),
  );
  if (viewer.role !== 'spa_management') throw forbidden(ANALYTICS_TEXTS.onlySpas);
  const premium = isPremiumMember(viewer);
  if (!premium && (needsPremium || input.compare || input.weeks > ANALYTICS_FREE_WEEKS))
    throw forbidden(ANALYTICS_TEXTS.premiumRequired);
  const maxWeeks = isProMember(viewer) ? ANALYTICS_MAX_WEEKS : premium ? ANALYTICS_PREMIUM_WEEKS : ANALYTICS_FREE_WEEKS;
  if (input.weeks > maxWeeks) throw forbidden(ANALYTICS_TEXTS.proRequired);
  const all = toWeeks(since, span, ...results);
  return {
    premium,
    maxWeeks,
    weeks: all.slice(-input.weeks),
    previous: input.compare ? all.slice(0, input.weeks) : null,
    thisWeek: weekInProgress(now),
  };
}

export const analyticsRouter = router({
  /** GET /api/analytics?weeks=&compare=: one's own spa, week by week (Asia/Manila weeks from Monday). */
  report: memberReadProcedure
    .input(analyticsInput)
    .output(analyticsAnswerSchema)
    .query(({ ctx, input }) => report(ctx, input, false)),

  /** GET /api/analytics/export?weeks=: the same weeks as CSV (premium). */
  exportCsv: memberReadProcedure
    .input(analyticsInput)
    .output(analyticsCsvSchema)
    .query(async ({ ctx, input }) => {
      const answer = await report(ctx, { ...input, compare: false }, true);
      return { filename: `analytics-${manilaDay()}-${input.weeks}-weeks.csv`, csv: analyticsCsv(answer.weeks) };
    }),

  /** POST /api/analytics/events: the map popup was opened, or its Call or Navigate was tapped. */
  record: signedInProcedure
    .input(eventInput)
    .output(analyticsEventAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.ANALYTICS_EVENT_LIMITER, `analytics:${ctx.user.id}`);
      if (countsAsView(ctx.request, ctx.user.id, input.spaId))
        ctx.waitUntil(countEvent(ctx.db, { spaId: input.spaId, viewerId: ctx.user.id, metric: input.event }));
      return { received: true as const };
    }),
});

/** A profile read of a spa counts as a view of it (after the answer; see countsAsView). */
export function countProfileView(ctx: Context, spa: { id: number; role: string }, viewerId: number): void {
  if (spa.role === 'spa_management' && countsAsView(ctx.request, viewerId, spa.id))
    ctx.waitUntil(countEvent(ctx.db, { spaId: spa.id, viewerId, metric: 'profile_view' }));
}
