// Password reset (spec, "Forgot password: /forgot-password" and "Reset password: /reset-password?token=..."). Nobody
// learns from it who is a member: a request is answered with the same message and the same two database round trips
// whether or not an account matches or has an e-mail address, and the e-mail goes out after the answer. Requests are
// limited per client address and per name or address asked about (Workers Rate Limiting), and each account gets at
// most RESET_LINKS_PER_HOUR links an hour. A token works once, for an hour, and a newer one cancels the older ones.
// Choosing a new password follows the registration rules, ends every session of the member and closes their chat
// sockets.
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { MESSAGES } from '../../common/account.ts';
import { nameKey } from '../../common/names.ts';
import {
  forgotPasswordInput,
  RESET_TEXTS,
  RESET_TOKEN_LIFETIME_MS,
  resetPasswordInput,
  verifyResetTokenInput,
} from '../../common/password-reset.ts';
import { passwordResetAnswerSchema, resetTokenCheckSchema } from '../../common/password-reset-output.ts';
import { commonPasswords } from '../providers/static-data.ts';
import { hashPassword, isCommonPassword } from '../../db/password.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';
import { addressKey } from '../services/client-address.ts';
import { deliverDueMail, mailProviderName, queueMail } from '../providers/mail.ts';
import { hashResetToken, looksLikeResetToken, newResetToken, passwordResetMail } from '../services/password-reset.ts';
import { revokeUserSessions } from '../services/sessions.ts';
import { publicProcedure, router } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { HOUR_MS } from '../../common/time.ts';
import { notBanned } from '../services/member-sql.ts';
import { badRequest } from '../errors.ts';

/** Reset links one account may be sent in an hour, whoever asks. */
export const RESET_LINKS_PER_HOUR = 5;
/** Spent or expired tokens are kept a day (they count towards the hourly cap), then removed. */
const TOKEN_KEEP_MS = 24 * HOUR_MS;
/** At most this many accounts share one e-mail address for a reset request. */
const ACCOUNTS_PER_ADDRESS = 5;

export const passwordResetRouter = router({
  /** POST /api/forgot-password: `{ nameOrEmail }` → `{ success: true, message }`, the same answer for everyone. */
  request: publicProcedure
    .input(forgotPasswordInput)
    .output(passwordResetAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      const identifier = input.nameOrEmail;
      await enforceRateLimit(ctx, ctx.env.FORGOT_PASSWORD_ADDRESS_LIMITER, addressKey(ctx.clientIp));
      await enforceRateLimit(ctx, ctx.env.FORGOT_PASSWORD_ACCOUNT_LIMITER, nameKey(identifier));

      const now = Date.now();
      const recentLinks = sql<number>`(select count(*) from ${passwordResetTokens} where ${passwordResetTokens.userId} = ${users.id} and ${passwordResetTokens.createdAt} > ${now - HOUR_MS})`;
      const matches = await ctx.db
        .select({ id: users.id, name: users.name, email: users.email, isBanned: users.isBanned, recentLinks })
        .from(users)
        .where(
          or(
            eq(users.nameKey, nameKey(identifier)),
            eq(users.email, identifier),
            eq(users.email, identifier.toLowerCase()),
          ),
        )
        .limit(ACCOUNTS_PER_ADDRESS);
      const recipients = matches.filter(
        (member) => member.email && !member.isBanned && member.recentLinks < RESET_LINKS_PER_HOUR,
      );

      // One write batch either way: for each recipient the older tokens are cancelled, the new token's hash and the
      // e-mail are written; for everyone, tokens past keeping are removed.
      const writes = recipients.flatMap((member) => {
        const { token, hash } = newResetToken();
        const mail = passwordResetMail(member.name, `${ctx.config.APP_URL}/reset-password?token=${token}`);
        return [
          ctx.db
            .update(passwordResetTokens)
            .set({ usedAt: now })
            .where(and(eq(passwordResetTokens.userId, member.id), isNull(passwordResetTokens.usedAt))),
          ctx.db
            .insert(passwordResetTokens)
            .values({ tokenHash: hash, userId: member.id, expiresAt: now + RESET_TOKEN_LIFETIME_MS, createdAt: now }),
          queueMail(ctx.db, ctx.config, { to: member.email!, ...mail, kind: 'password_reset' }, now),
        ];
      });
      const results = await ctx.db.batch([
        ctx.db.delete(passwordResetTokens).where(lt(passwordResetTokens.createdAt, now - TOKEN_KEEP_MS)),
        ...writes,
      ]);
      if (recipients.length > 0 && mailProviderName(ctx.config) !== 'local') {
        const ids = results.flatMap((result) =>
          Array.isArray(result) ? (result as { id?: number }[]).map((row) => row.id) : [],
        );
        const mailIds = ids.filter((id): id is number => typeof id === 'number');
        ctx.waitUntil(deliverDueMail(ctx.db, ctx.config, { ids: mailIds }));
      }
      return { success: true as const, message: RESET_TEXTS.requestAccepted };
    }),

  /** GET /api/verify-reset-token?token=: `{ valid, expired }`. A used, replaced or unknown token is neither. */
  verify: publicProcedure
    .input(verifyResetTokenInput)
    .output(resetTokenCheckSchema)
    .query(async ({ ctx, input }) => {
      if (!looksLikeResetToken(input.token)) return { valid: false, expired: false };
      const [row] = await ctx.db
        .select({
          usedAt: passwordResetTokens.usedAt,
          expiresAt: passwordResetTokens.expiresAt,
          isBanned: users.isBanned,
        })
        .from(passwordResetTokens)
        .innerJoin(users, eq(users.id, passwordResetTokens.userId))
        .where(eq(passwordResetTokens.tokenHash, hashResetToken(input.token)))
        .limit(1);
      if (!row || row.usedAt !== null || row.isBanned) return { valid: false, expired: false };
      const expired = row.expiresAt <= Date.now();
      return { valid: !expired, expired };
    }),

  /**
   * POST /api/reset-password: `{ token, newPassword }` → `{ success: true, message }`. The password is set and the
   * token spent in one transaction (two requests with one token cannot both succeed); then every session of
   * the member ends and their chat sockets close.
   */
  reset: publicProcedure
    .input(resetPasswordInput)
    .output(passwordResetAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.RESET_PASSWORD_LIMITER, addressKey(ctx.clientIp));
      if (!looksLikeResetToken(input.token)) throw badRequest(RESET_TEXTS.linkInvalid);
      if (isCommonPassword(input.newPassword, await commonPasswords(ctx.env.ASSETS)))
        throw badRequest(MESSAGES.passwordCommon);

      const tokenHash = hashResetToken(input.token);
      const passwordHash = await hashPassword(input.newPassword, ctx.config.PASSWORD_SCRYPT_COST);
      const now = Date.now();
      const usable = and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      );
      const tokenOwner = ctx.db.select({ id: passwordResetTokens.userId }).from(passwordResetTokens).where(usable);
      const [changed, , [state]] = await ctx.db.batch([
        ctx.db
          .update(users)
          .set({ passwordHash, updatedAt: now })
          .where(and(eq(users.id, sql`(${tokenOwner})`), notBanned()))
          .returning({ id: users.id }),
        // Every token of the member (this one included) is spent, so an older link cannot be used afterwards.
        ctx.db
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.userId, sql`(${tokenOwner})`), isNull(passwordResetTokens.usedAt))),
        ctx.db
          .select({ usedAt: passwordResetTokens.usedAt, expiresAt: passwordResetTokens.expiresAt })
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.tokenHash, tokenHash)),
      ]);
      const member = changed[0];
      if (!member) {
        const expired = state && state.usedAt === null && state.expiresAt <= now;
        throw badRequest(expired ? RESET_TEXTS.linkExpired : RESET_TEXTS.linkInvalid);
      }
      await revokeUserSessions(ctx.db, ctx.env, member.id);
      return { success: true as const, message: RESET_TEXTS.resetDone };
    }),
});
