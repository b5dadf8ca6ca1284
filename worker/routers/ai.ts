// AI Assist: suggestions for a member's own text from the configured provider (worker/providers/ai.ts). The
// sentence rule is checked by the input schema (400 with the spec's hint), each call counts against the
// member's daily allowance (429), and the answer says which provider wrote it and what it changes (or that
// nothing needed to). Profiles and reviews share it.
import { and, eq } from 'drizzle-orm';
import { aiAssistProfileInput, aiAssistReviewInput } from '../../common/ai-assist.ts';
import { aiAssistAnswerSchema, aiProviderInfoSchema } from '../../common/ai-assist-output.ts';
import { users } from '../../db/schema.ts';
import { aiProvider, assist, countAssistUse } from '../providers/ai.ts';
import { notBanned } from '../services/member-sql.ts';
import { router, signedInProcedure } from '../trpc.ts';

export const aiRouter = router({
  /** The provider the screens name beside the AI Assist button. */
  provider: signedInProcedure.output(aiProviderInfoSchema).query(({ ctx }) => aiProvider(ctx.config, ctx.env).info),

  /** POST /api/ai-assist-profile: suggestions for the about text; the first is the one the editor applies. */
  assistProfile: signedInProcedure
    .input(aiAssistProfileInput)
    .output(aiAssistAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      await countAssistUse(ctx.db, ctx.user.id, ctx.resHeaders);
      // The member's real role decides the structure; profileType is accepted as the spec sends it.
      return assist(
        aiProvider(ctx.config, ctx.env),
        {
          kind: 'profile',
          text: input.currentText,
          context: { role: ctx.user.role, name: ctx.user.name },
        },
        ctx.env.ASSETS,
      );
    }),

  /**
   * POST /api/ai-assist-review: suggestions for a review being written; the screen applies the first. The
   * reviewed member's name comes from the database when targetUserId names a member others may see (spaName is the
   * spec's field); a banned or former member is treated as an unknown id.
   */
  assistReview: signedInProcedure
    .input(aiAssistReviewInput)
    .output(aiAssistAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      const [, target] = await Promise.all([
        countAssistUse(ctx.db, ctx.user.id, ctx.resHeaders),
        input.targetUserId
          ? ctx.db
              .select({ name: users.name, role: users.role })
              .from(users)
              .where(and(eq(users.id, input.targetUserId), notBanned()))
              .limit(1)
          : Promise.resolve([]),
      ]);
      return assist(
        aiProvider(ctx.config, ctx.env),
        {
          kind: 'review',
          text: input.currentText,
          context: {
            role: ctx.user.role,
            name: ctx.user.name,
            subjectName: target[0]?.name ?? input.spaName,
            subjectRole: target[0]?.role,
          },
        },
        ctx.env.ASSETS,
      );
    }),
});
