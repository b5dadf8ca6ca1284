// The leaderboards (spec, "Leaderboards (/leaderboards, labelled Top 10)"; ADR 014): seven boards over rolling
// windows and the Summary Statistics card. Public boards come from the edge cache or one round trip and say they may
// be kept by shared caches only briefly; Problem Clients is for spa management, therapists and admins only (403), is
// never cached at the edge, and rides in one batch with the session lookup.
import * as z from '../../common/zod.ts';
import { mayViewRedFlags, RECOGNITION_MESSAGES, RESTRICTED_BOARDS } from '../../common/recognition.ts';
import { boardInput, timeframeInput } from '../../common/recognition-input.ts';
import { BOARD_CACHE_TTL_SECONDS } from '../../common/limits.ts';
import { boardAnswerSchema, summaryAnswerSchema } from '../../common/leaderboard-output.ts';
import { boardStatements, publicBoard, rankEntries, summaryStatistics } from '../services/leaderboards.ts';
import { publicProcedure, router } from '../trpc.ts';
import { forbidden } from '../errors.ts';

export const leaderboardsRouter = router({
  board: publicProcedure
    .input(boardInput)
    .output(boardAnswerSchema)
    .query(async ({ ctx, input }) => {
      if (RESTRICTED_BOARDS.includes(input.board)) {
        const batch = boardStatements(ctx.db, input.board, input.timeframe);
        const { viewer, results } = await ctx.readBesideSession(batch.statements);
        batch.committed();
        // Everyone else, signed in or not, is told the same: 403.
        if (!mayViewRedFlags(viewer?.user.role)) throw forbidden(RECOGNITION_MESSAGES.problemsForbidden);
        return { board: input.board, timeframe: input.timeframe, entries: rankEntries(batch.rowsOf(results)) };
      }
      ctx.answerIsPublic(BOARD_CACHE_TTL_SECONDS);
      return publicBoard(() => ctx.db, input.board, input.timeframe);
    }),

  summary: publicProcedure
    .input(z.object({ timeframe: timeframeInput }))
    .output(summaryAnswerSchema)
    .query(async ({ ctx, input }) => {
      ctx.answerIsPublic(BOARD_CACHE_TTL_SECONDS);
      return summaryStatistics(() => ctx.db, input.timeframe);
    }),
});
