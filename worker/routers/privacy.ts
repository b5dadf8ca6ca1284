// The account's privacy (ADR 022): the member's signed-in devices and ending them, the confirmation of a new
// e-mail address and the undoing of a change from the old one, the download of their data and the deletion of
// their account. Reads cost one database round trip (the session lookup rides in the read's batch), writes two
// (the session, then one batch).
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { MESSAGES } from '../../common/account.ts';
import { PROFILE_TEXTS } from '../../common/profile.ts';
import {
  confirmEmailInput,
  deleteAccountInput,
  sessionIdInput,
  undoEmailChangeInput,
} from '../../common/privacy-input.ts';
import { PRIVACY_TEXTS } from '../../common/privacy.ts';
import {
  accountDeletedSchema,
  dataExportSchema,
  emailChangedSchema,
  otherSessionsEndedSchema,
  sessionEndedSchema,
  sessionInfoSchema,
} from '../../common/privacy-output.ts';
import * as z from '../../common/zod.ts';
import { sessions } from '../../db/schema.ts';
import { deliverDueMail, mailProviderName } from '../providers/mail.ts';
import { closeChatSockets } from '../services/chat.ts';
import { changedNoticeStatements, hashEmailToken, looksLikeEmailToken } from '../services/email-change.ts';
import { confirmPasswordAgain } from '../services/password-again.ts';
import { blankSessionCookie, requestSessionId, sessionExpiresAt, sessionMemberId } from '../services/sessions.ts';
import { publicProcedure, router, signedInProcedure, type Context } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { addressKey } from '../services/client-address.ts';
import { buildExport, exportQueries } from '../services/data-export.ts';
import { deletionStatements } from '../services/account-deletion.ts';
import { purgeSpaListing } from '../services/edge-cache.ts';
import { purgeLeaderboards } from '../services/leaderboards.ts';
import { deleteOwnerImages, LICENCE_DOCUMENT_SCOPE, PROFILE_IMAGE_SCOPE } from '../providers/media.ts';
import { badRequest, conflict, notFound, unauthorized } from '../errors.ts';
import type { Bindings } from '../env.ts';
import { log } from '../log.ts';

/**
 * A deleted member's photos and licence documents (R2). The account is gone by now: a storage failure is logged,
 * never undone.
 */
async function deletePhotos(env: Bindings, memberId: number): Promise<void> {
  if (!env.MEDIA) {
    log.error("MEDIA binding missing: a deleted member's photos were not removed", { userId: memberId });
    return;
  }
  try {
    await deleteOwnerImages(env.MEDIA, PROFILE_IMAGE_SCOPE, memberId);
    await deleteOwnerImages(env.MEDIA, LICENCE_DOCUMENT_SCOPE, memberId);
  } catch (error) {
    log.error("a deleted member's photos could not be removed", { userId: memberId, error });
  }
}

/** A statement that writes nothing, in the place of one a batch leaves out (so the others keep their places). */
const nothingWritten = (ctx: Context) => ctx.db.all<{ id: number }>(sql`select 0 as id where 0`);

interface EmailTokenRow {
  userId: number;
  newEmail: string;
  expiresAt: number;
  usedAt: number | null;
  name: string;
  email: string | null;
  deletedAt: number | null;
  heldElsewhere: number;
}

export const privacyRouter = router({
  /** GET /api/sessions: the member's signed-in devices, the one asking marked `current`; never a secret. */
  sessions: publicProcedure.output(z.array(sessionInfoSchema)).query(async ({ ctx }) => {
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
  endSession: signedInProcedure
    .input(sessionIdInput)
    .output(sessionEndedSchema)
    .mutation(async ({ ctx, input }) => {
      const ended = await ctx.db
        .delete(sessions)
        .where(and(eq(sessions.id, input.id), eq(sessions.userId, ctx.user.id)))
        .returning({ id: sessions.id });
      if (ended.length === 0) throw notFound(PRIVACY_TEXTS.sessionNotFound);
      await closeChatSockets(ctx.env, { userId: ctx.user.id, sessionId: input.id });
      const current = input.id === ctx.sessionId;
      if (current) ctx.resHeaders.append('Set-Cookie', blankSessionCookie(ctx.request.url));
      return { ended: 1, current, message: PRIVACY_TEXTS.sessionEnded };
    }),

  /** POST /api/sessions/end-others ("Sign out everywhere else"): every session of the member but this one. */
  endOtherSessions: signedInProcedure.output(otherSessionsEndedSchema).mutation(async ({ ctx }) => {
    const ended = await ctx.db
      .delete(sessions)
      .where(and(eq(sessions.userId, ctx.user.id), ne(sessions.id, ctx.sessionId)))
      .returning({ id: sessions.id });
    await Promise.all(ended.map(({ id }) => closeChatSockets(ctx.env, { userId: ctx.user.id, sessionId: id })));
    return { ended: ended.length, message: PRIVACY_TEXTS.othersEnded(ended.length) };
  }),

  /**
   * GET /api/user/export ("Download my data"): everything the platform holds about the member, one round trip
   * (the session lookup and every query in one batch). REST answers it as a JSON attachment.
   */
  exportData: publicProcedure.output(dataExportSchema).query(async ({ ctx }) => {
    const read = await ctx.readWithSession((sessionId) => exportQueries(ctx.db, sessionMemberId(sessionId)));
    if (!read) throw unauthorized(MESSAGES.notSignedIn);
    return buildExport(read.viewer.user, read.results, read.viewer.session.id);
  }),

  /**
   * DELETE /api/user `{ password }`: deletes the signed-in member's account (ADR 022). The password is asked again
   * (401 when wrong), limited like sign-in (per client address and per account, before any hashing). What they
   * gave stays as "Former member"; everything personal is erased in one batch (worker/services/account-deletion.ts),
   * then their photos, their chat sockets and the cached boards go. The last admin is refused (409), in the same
   * batch. Two round trips: the session, then the batch.
   */
  deleteAccount: signedInProcedure
    .input(deleteAccountInput)
    .output(accountDeletedSchema)
    .mutation(async ({ ctx, input }) => {
      const me = ctx.user;
      await confirmPasswordAgain(ctx, me, input.password);

      const results = await ctx.db.batch(deletionStatements(ctx.db, me, Date.now()));
      if ((results[1] as { id: number }[]).length === 0) throw conflict(PRIVACY_TEXTS.lastAdmin);

      await Promise.all([
        closeChatSockets(ctx.env, { userId: me.id }),
        deletePhotos(ctx.env, me.id),
        // Boards show a former member nowhere from now on; a spa leaves the map.
        purgeLeaderboards(),
        me.role === 'spa_management' ? purgeSpaListing() : Promise.resolve(),
      ]);
      ctx.resHeaders.append('Set-Cookie', blankSessionCookie(ctx.request.url));
      return { deleted: true as const, message: PRIVACY_TEXTS.deleted };
    }),

  /**
   * POST /api/confirm-email `{ token }` (the link mailed to a new address): the address becomes the account's,
   * once, within 24 hours, and the old address is told. An address another account holds by then is refused
   * here (409), never when it is asked for. No session needed: the link is the proof. Two round trips (the
   * token, then one batch that re-checks everything it writes on).
   */
  confirmEmail: publicProcedure
    .input(confirmEmailInput)
    .output(emailChangedSchema)
    .mutation(async ({ ctx, input }) => {
      // Each guess costs a database read: limited per client address like new passwords are.
      await enforceRateLimit(ctx, ctx.env.RESET_PASSWORD_LIMITER, `confirm-email:${addressKey(ctx.clientIp)}`);
      if (!looksLikeEmailToken(input.token)) throw badRequest(PRIVACY_TEXTS.confirmLinkInvalid);
      const tokenHash = hashEmailToken(input.token);
      const now = Date.now();
      const [row] = await ctx.db.all<EmailTokenRow>(sql`
      select t.user_id as userId, t.new_email as newEmail, t.expires_at as expiresAt, t.used_at as usedAt,
        u.name as name, u.email as email, u.deleted_at as deletedAt,
        exists (select 1 from users as other where other.email = t.new_email and other.id != t.user_id) as heldElsewhere
      from email_change_tokens as t join users as u on u.id = t.user_id
      where t.token_hash = ${tokenHash}`);
      if (!row || row.usedAt !== null || row.deletedAt !== null) throw badRequest(PRIVACY_TEXTS.confirmLinkInvalid);
      if (row.expiresAt <= now) throw badRequest(PRIVACY_TEXTS.confirmLinkExpired);

      const usable = sql`exists (select 1 from email_change_tokens where token_hash = ${tokenHash} and used_at is null and expires_at > ${now})`;
      const free = sql`not exists (select 1 from users as other where other.email = ${row.newEmail} and other.id != ${row.userId})`;
      const oldAddress = row.email && row.email !== row.newEmail ? row.email : null;
      // The old address hears of it, with the link that undoes it, only when the change goes ahead (checked before
      // the statements below run).
      const [undoToken, notice] = oldAddress
        ? changedNoticeStatements(
            ctx.db,
            ctx.config,
            { userId: row.userId, memberName: row.name, oldAddress, newAddress: row.newEmail },
            sql`${usable} and ${free} and exists (select 1 from users where id = ${row.userId} and email = ${oldAddress} and deleted_at is null)`,
            now,
          )
        : ([nothingWritten(ctx), nothingWritten(ctx)] as const);
      const [, noticeIds, changed] = await ctx.db.batch([
        undoToken,
        notice,
        ctx.db.all<{ email: string }>(sql`
        update users set email = ${row.newEmail}, pending_email = null, pending_email_expires_at = null, updated_at = ${now}
        where id = ${row.userId} and deleted_at is null and ${usable} and ${free}
        returning email`),
        // Spent, whatever came of it: this link and any older one of the member.
        ctx.db.run(sql`update email_change_tokens set used_at = ${now} where user_id = ${row.userId} and used_at is null
        and (token_hash = ${tokenHash} or created_at <= (select created_at from email_change_tokens where token_hash = ${tokenHash}))`),
        // Refused because the address is taken: the pending change goes too.
        ctx.db.run(sql`update users set pending_email = null, pending_email_expires_at = null
        where id = ${row.userId} and pending_email = ${row.newEmail} and not ${free}`),
      ]);
      if (!changed[0]) {
        if (Number(row.heldElsewhere) === 1) throw conflict(PROFILE_TEXTS.emailTaken);
        throw badRequest(PRIVACY_TEXTS.confirmLinkInvalid);
      }
      if (noticeIds.length > 0 && mailProviderName(ctx.config) !== 'local')
        ctx.waitUntil(deliverDueMail(ctx.db, ctx.config, { ids: noticeIds.map((mail) => mail.id) }));
      return { email: changed[0].email, message: PRIVACY_TEXTS.confirmed(changed[0].email) };
    }),

  /**
   * POST /api/undo-email-change `{ token }` (the link in the notice to the old address): within 7 days, once, the
   * old address becomes the account's again, a pending change and every password reset link are spent, and every
   * session of the account ends with its chat sockets, the attacker's included (sign-out everywhere). No session
   * needed: the link is the proof. Following one link spends all of the member's. An address another account
   * holds by then is refused (409), changing nothing. Two round trips (the token, then one batch that re-checks it).
   */
  undoEmailChange: publicProcedure
    .input(undoEmailChangeInput)
    .output(emailChangedSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.RESET_PASSWORD_LIMITER, `undo-email-change:${addressKey(ctx.clientIp)}`);
      if (!looksLikeEmailToken(input.token)) throw badRequest(PRIVACY_TEXTS.undoLinkInvalid);
      const tokenHash = hashEmailToken(input.token);
      const now = Date.now();
      const [row] = await ctx.db.all<{
        userId: number;
        oldEmail: string;
        expiresAt: number;
        usedAt: number | null;
        deletedAt: number | null;
        heldElsewhere: number;
      }>(sql`
      select t.user_id as userId, t.old_email as oldEmail, t.expires_at as expiresAt, t.used_at as usedAt, u.deleted_at as deletedAt,
        exists (select 1 from users as other where other.email = t.old_email and other.id != t.user_id) as heldElsewhere
      from email_undo_tokens as t join users as u on u.id = t.user_id
      where t.token_hash = ${tokenHash}`);
      if (!row || row.usedAt !== null || row.deletedAt !== null) throw badRequest(PRIVACY_TEXTS.undoLinkInvalid);
      if (row.expiresAt <= now) throw badRequest(PRIVACY_TEXTS.undoLinkExpired);
      if (Number(row.heldElsewhere) === 1) throw conflict(PROFILE_TEXTS.emailTaken);

      // Every statement runs only while the link still works and the address is free (the last one spends the links).
      const allowed = sql`exists (select 1 from email_undo_tokens where token_hash = ${tokenHash} and used_at is null and expires_at > ${now})
      and not exists (select 1 from users as other where other.email = ${row.oldEmail} and other.id != ${row.userId})
      and exists (select 1 from users where id = ${row.userId} and deleted_at is null)`;
      const [restored, , , ended] = await ctx.db.batch([
        ctx.db.all<{ email: string }>(sql`
        update users set email = ${row.oldEmail}, pending_email = null, pending_email_expires_at = null, updated_at = ${now}
        where id = ${row.userId} and ${allowed} returning email`),
        ctx.db.run(
          sql`update email_change_tokens set used_at = ${now} where user_id = ${row.userId} and used_at is null and ${allowed}`,
        ),
        ctx.db.run(
          sql`update password_reset_tokens set used_at = ${now} where user_id = ${row.userId} and used_at is null and ${allowed}`,
        ),
        ctx.db.all<{ id: string }>(sql`delete from sessions where user_id = ${row.userId} and ${allowed} returning id`),
        ctx.db.run(
          sql`update email_undo_tokens set used_at = ${now} where user_id = ${row.userId} and used_at is null and ${allowed}`,
        ),
      ]);
      if (!restored[0]) throw badRequest(PRIVACY_TEXTS.undoLinkInvalid);
      await closeChatSockets(ctx.env, { userId: row.userId });
      // This browser was signed in as the member: its session ended with the others.
      if (ended.some(({ id }) => id === requestSessionId(ctx.request)))
        ctx.resHeaders.append('Set-Cookie', blankSessionCookie(ctx.request.url));
      return { email: restored[0].email, message: PRIVACY_TEXTS.undone(restored[0].email) };
    }),
});
