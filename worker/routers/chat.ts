// Chat settings (hide me from the online list) and chat safety: blocks and reports. The socket itself is
// served by the ChatHub Durable Object; these procedures write to the database first and then tell the hub,
// which applies the setting at once, or ends whatever is between two members and stops them seeing each
// other. A report takes the session's last messages from the hub's memory: that transcript is the only part of
// a chat ever written down.
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { chatMemberInput, chatReportInput, chatSettingsInput, type ChatSettings } from '../../common/chat.ts';
import { CHAT_BLOCKS_MAX } from '../../common/limits.ts';
import { chatBlocks, chatReports, users } from '../../db/schema.ts';
import type { ChatMessage } from '../../common/chat-protocol.ts';
import {
  chatBlockSchema,
  chatOkSchema,
  chatReportCreatedSchema,
  chatReportSchema,
  chatSettingsSchema,
} from '../../common/chat-output.ts';
import { chatHub } from '../services/chat.ts';
import { adminLinkId, adminLinkSlug, notBanned } from '../services/member-sql.ts';
import { adminProcedure, router, signedInProcedure } from '../trpc.ts';
import * as z from '../../common/zod.ts';
import { badRequest, notFound } from '../errors.ts';

const REPORTS_PAGE_SIZE = 50;

export const CHAT_ROUTER_MESSAGES = {
  blockSelf: 'You cannot block yourself.',
  memberNotFound: 'Member not found.',
  tooManyBlocks: `You can block at most ${CHAT_BLOCKS_MAX} members. Unblock someone first.`,
  sessionEnded: 'That chat has ended.',
} as const;

export const chatRouter = router({
  /** My chat settings (read with the session: no extra round trip). */
  settings: signedInProcedure
    .output(chatSettingsSchema)
    .query(({ ctx }): ChatSettings => ({ invisible: ctx.user.chatInvisible })),

  /** Hides me from the online list (or lists me again): stored first, then applied by the hub at once. */
  updateSettings: signedInProcedure
    .input(chatSettingsInput)
    .output(chatSettingsSchema)
    .mutation(async ({ ctx, input }): Promise<ChatSettings> => {
      await ctx.db.update(users).set({ chatInvisible: input.invisible }).where(eq(users.id, ctx.user.id));
      await chatHub(ctx.env).setInvisible(ctx.user.id, input.invisible);
      return { invisible: input.invisible };
    }),

  /** The members I have blocked, newest first (a banned member is left out, as from every list). */
  blocks: signedInProcedure.output(z.array(chatBlockSchema)).query(({ ctx }) =>
    ctx.db
      .select({
        id: users.id,
        name: users.name,
        role: users.role,
        memberNumber: users.memberNumber,
        blockedAt: chatBlocks.createdAt,
      })
      .from(chatBlocks)
      .innerJoin(users, and(eq(users.id, chatBlocks.blockedId), notBanned()))
      .where(eq(chatBlocks.blockerId, ctx.user.id))
      .orderBy(desc(chatBlocks.createdAt)),
  ),

  /**
   * Blocks a member: one round trip when it succeeds (the checks ride inside the INSERT). A banned or former member
   * is "Member not found.", as an unknown id is.
   */
  block: signedInProcedure
    .input(chatMemberInput)
    .output(chatOkSchema)
    .mutation(async ({ ctx, input }) => {
      if (input.userId === ctx.user.id) throw badRequest(CHAT_ROUTER_MESSAGES.blockSelf);
      const inserted = await ctx.db.run(sql`
      insert into chat_blocks (blocker_id, blocked_id)
      select ${ctx.user.id}, ${input.userId}
      where exists (select 1 from users where id = ${input.userId} and ${notBanned()})
        and (select count(*) from chat_blocks where blocker_id = ${ctx.user.id}) < ${CHAT_BLOCKS_MAX}
        and not exists (select 1 from chat_blocks where blocker_id = ${ctx.user.id} and blocked_id = ${input.userId})`);
      if (inserted.rowsAffected === 0) {
        const [target] = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, input.userId), notBanned()));
        if (!target) throw notFound(CHAT_ROUTER_MESSAGES.memberNotFound);
        const [existing] = await ctx.db
          .select({ id: chatBlocks.blockedId })
          .from(chatBlocks)
          .where(and(eq(chatBlocks.blockerId, ctx.user.id), eq(chatBlocks.blockedId, input.userId)));
        if (!existing) throw badRequest(CHAT_ROUTER_MESSAGES.tooManyBlocks);
      }
      await chatHub(ctx.env).setBlock(ctx.user.id, input.userId, true);
      return { ok: true as const };
    }),

  unblock: signedInProcedure
    .input(chatMemberInput)
    .output(chatOkSchema)
    .mutation(async ({ ctx, input }) => {
      await ctx.db
        .delete(chatBlocks)
        .where(and(eq(chatBlocks.blockerId, ctx.user.id), eq(chatBlocks.blockedId, input.userId)));
      // The pair stays hidden in the hub while the other member still blocks this one.
      const [reverse] = await ctx.db
        .select({ id: chatBlocks.blockerId })
        .from(chatBlocks)
        .where(and(eq(chatBlocks.blockerId, input.userId), eq(chatBlocks.blockedId, ctx.user.id)));
      if (!reverse) await chatHub(ctx.env).setBlock(ctx.user.id, input.userId, false);
      return { ok: true as const };
    }),

  /** Reports the partner of an active session; the chat ends once the report is stored. */
  report: signedInProcedure
    .input(chatReportInput)
    .output(chatReportCreatedSchema)
    .mutation(async ({ ctx, input }) => {
      const hub = chatHub(ctx.env);
      const transcript = await hub.reportTranscript(input.sessionId, ctx.user.id);
      if (!transcript) throw notFound(CHAT_ROUTER_MESSAGES.sessionEnded);
      const [report] = await ctx.db
        .insert(chatReports)
        .values({
          reporterId: ctx.user.id,
          reportedId: transcript.reportedId,
          reason: input.reason,
          transcript: JSON.stringify(transcript.messages),
        })
        .returning({ id: chatReports.id });
      await hub.endSessionFor(input.sessionId, ctx.user.id);
      return { id: report!.id };
    }),

  /** Reports for admins, newest first, a page at a time (`before` is the last id of the previous page). */
  reports: adminProcedure
    .input(z.object({ before: z.number().int().positive().optional() }).optional())
    .output(z.array(chatReportSchema))
    .query(async ({ ctx, input }) => {
      const reporter = alias(users, 'reporter');
      const reported = alias(users, 'reported');
      const rows = await ctx.db
        .select({
          id: chatReports.id,
          reason: chatReports.reason,
          transcript: chatReports.transcript,
          createdAt: chatReports.createdAt,
          reporter: { id: adminLinkId('reporter'), name: reporter.name, slug: adminLinkSlug('reporter') },
          reported: { id: reported.id, name: reported.name, slug: reported.slug, role: reported.role },
        })
        .from(chatReports)
        .innerJoin(reporter, eq(reporter.id, chatReports.reporterId))
        .innerJoin(reported, eq(reported.id, chatReports.reportedId))
        .where(input?.before ? lt(chatReports.id, input.before) : undefined)
        .orderBy(desc(chatReports.id))
        .limit(REPORTS_PAGE_SIZE);
      return rows.map(({ transcript, ...row }) => ({ ...row, messages: JSON.parse(transcript) as ChatMessage[] }));
    }),
});
