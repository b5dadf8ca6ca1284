// Find Members (spec, "Find Members page"): POST /api/search-users. Signed-in members search names (ADR 015: FTS5
// trigram index, accents and case ignored, exact then prefix then inside); one round trip beside the session lookup;
// rate limited per member. Results carry public fields only and never banned members.
import { memberSearchInput } from '../../common/search-input.ts';
import { memberSearchPageSchema } from '../../common/search-output.ts';
import { memberSearchQuery, toSearchPage } from '../services/member-search.ts';
import { router, signedInProcedure } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limit.ts';

export const searchRouter = router({
  members: signedInProcedure
    .input(memberSearchInput)
    .output(memberSearchPageSchema)
    .query(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.SEARCH_LIMITER, `search:${ctx.user.id}`);
      const page = input.cursor ?? input.page;
      return toSearchPage(await memberSearchQuery(ctx.db, input.term, page), page);
    }),
});
