// The account's privacy (issue 22, ADR 022): the member's signed-in devices and ending them, the confirmation of
// a new e-mail address, the download of their data and the deletion of their account. Reads cost one database
// round trip (the session lookup rides in the read's batch), writes two (the session, then one batch).
import { and, desc, eq, ne } from 'drizzle-orm';
import { MESSAGES } from '../../common/account.ts';
import { PRIVACY_TEXTS, sessionIdInput, type SessionInfo } from '../../common/privacy.ts';
import { sessions } from '../../db/schema.ts';
import { closeChatSockets } from '../services/chat.ts';
import { blankSessionCookie, sessionExpiresAt, sessionMemberId } from '../services/sessions.ts';
import { publicProcedure, router, signedInProcedure } from '../trpc.ts';
import { notFound, unauthorized } from '../errors.ts';

export const privacyRouter = router({
  /** GET /api/sessions: the member's signed-in devices, the one asking marked `current`; never a secret. */
  sessions: publicProcedure.query(async ({ ctx }): Promise<SessionInfo[]> => {
    const read = await ctx.readWithSession(
      (sessionId) =>
        [
          ctx.db
            .select({
              id: sessions.id,
              createdAt: sessions.createdAt,
              lastActiveAt: sessions.lastActiveAt,
              device: sessions.device,
              place: sessions.place,
            })
            .from(sessions)
            .where(eq(sessions.userId, sessionMemberId(sessionId)))
            .orderBy(desc(sessions.lastActiveAt), desc(sessions.createdAt)),
        ] as const,
    );
    if (!read) throw unauthorized(MESSAGES.notSignedIn);
    const now = Date.now();
    const current = read.viewer.session.id;
    return read.results[0]
      .filter((row) => row.id === current || sessionExpiresAt(row) > now)
      .map((row) => ({
        id: row.id,
        createdAt: row.createdAt,
        lastSeenAt: row.id === current ? read.viewer.session.lastActiveAt : row.lastActiveAt,
        device: row.device,
        place: row.place,
        current: row.id === current,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current));
  }),

  /**
   * DELETE /api/sessions/{id}: ends one of the member's own sessions and closes its chat sockets. Anyone else's
   * session, like an unknown id, is 404. Ending the current one signs this device out (the cookie is cleared).
   */
  endSession: signedInProcedure.input(sessionIdInput).mutation(async ({ ctx, input }) => {
    const ended = await ctx.db
      .delete(sessions)
      .where(and(eq(sessions.id, input.id), eq(sessions.userId, ctx.user.id)))
      .returning({ id: sessions.id });
    if (ended.length === 0) throw notFound(PRIVACY_TEXTS.sessionNotFound);
    await closeChatSockets(ctx.env, { sessionId: input.id });
    const current = input.id === ctx.sessionId;
    if (current) ctx.resHeaders.append('Set-Cookie', blankSessionCookie(ctx.request.url));
    return { ended: 1, current, message: PRIVACY_TEXTS.sessionEnded };
  }),

  /** POST /api/sessions/end-others ("Sign out everywhere else"): every session of the member but this one. */
  endOtherSessions: signedInProcedure.mutation(async ({ ctx }) => {
    const ended = await ctx.db
      .delete(sessions)
      .where(and(eq(sessions.userId, ctx.user.id), ne(sessions.id, ctx.sessionId)))
      .returning({ id: sessions.id });
    await Promise.all(ended.map(({ id }) => closeChatSockets(ctx.env, { sessionId: id })));
    return { ended: ended.length, message: PRIVACY_TEXTS.othersEnded(ended.length) };
  }),
});
