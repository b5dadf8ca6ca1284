// Accounts: registration, sign-in, sign-out and the current user. A read costs one database round trip and a
// write two: registration first consumes the captcha and checks the name in one batch, then creates the user
// and the session in another; sign-in reads the user (by name or confirmed e-mail address), then writes the session.
import { and, eq, or, sql } from 'drizzle-orm';
import { MESSAGES, type CurrentUser } from '../../common/account.ts';
import { loginInput, registerInput } from '../../common/account-input.ts';
import { captchaConfigSchema, currentUserSchema, successSchema } from '../../common/account-output.ts';
import * as z from '../../common/zod.ts';
import { nameSkeleton } from '../../common/name-skeleton.ts';
import { nameKey as keyOfName } from '../../common/names.ts';
import { captchaUses, sessions, users } from '../../db/schema.ts';
import { captchaProvider } from '../providers/captcha.ts';
import { addressKey } from '../services/client-address.ts';
import { commonPasswords } from '../providers/static-data.ts';
import { hashPassword, isCommonPassword, verifyPassword } from '../../db/password.ts';
import { holdsName, releaseNameStatements } from '../services/account-deletion.ts';
import { slugify } from '../../common/slug.ts';
import { insertMember, isFormerMemberName, isUniqueViolation, sharedMemberFields } from '../services/users.ts';
import { sessionOrigin } from '../services/session-origin.ts';
import {
  blankSessionCookie,
  deleteSessionByToken,
  newSession,
  readSessionToken,
  sessionCookie,
  type UserRow,
} from '../services/sessions.ts';
import { closeChatSockets } from '../services/chat.ts';
import { publicProcedure, router } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { badRequest, conflict, forbidden, internalError, unauthorized } from '../errors.ts';

/** The signed-in member's own view of their account (spec, "Entities and their fields"); never the hash or flags. */
export function toCurrentUser(user: UserRow, now = Date.now()): CurrentUser {
  return {
    ...sharedMemberFields(user),
    email: user.email,
    // A new address waiting for its confirmation link, while that link still works.
    pendingEmail: user.pendingEmail && (user.pendingEmailExpiresAt ?? 0) > now ? user.pendingEmail : null,
    address: user.address,
    latitude: user.latitude === null ? null : String(user.latitude),
    longitude: user.longitude === null ? null : String(user.longitude),
  };
}

/** A hash to verify against when the name is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;

export const accountRouter = router({
  /**
   * The current user, or null when the request carries no valid session (a cookie naming none is cleared); 401
   * "This account has been banned." when the session it carries was just ended by a ban, so the app can tell the
   * member why it signs them out.
   */
  me: publicProcedure.output(z.nullable(currentUserSchema)).query(async ({ ctx }) => {
    const validated = await ctx.session();
    if (validated) return toCurrentUser(validated.user);
    if ((await ctx.sessionEnded()) === 'banned') throw unauthorized(MESSAGES.banned);
    await ctx.forgetStaleSession();
    return null;
  }),

  captchaConfig: publicProcedure.output(captchaConfigSchema).query(({ ctx }) => {
    const provider = captchaProvider(ctx.config);
    return { provider: provider.name, siteKey: provider.siteKey };
  }),

  register: publicProcedure
    .input(registerInput)
    .output(currentUserSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.REGISTER_LIMITER, ctx.clientIp);
      if (isCommonPassword(input.password, await commonPasswords(ctx.env.ASSETS)))
        throw badRequest(MESSAGES.passwordCommon);

      const verdict = await captchaProvider(ctx.config).verify(
        input.recaptchaToken,
        ctx.request.headers.get('CF-Connecting-IP'),
      );
      if (!verdict.ok) throw badRequest(MESSAGES.captchaInvalid);

      // "Former member" is what a deleted account shows as: nobody may take it (nor a look-alike).
      if (isFormerMemberName(input.name)) throw conflict(MESSAGES.nameTaken);
      const nameKey = keyOfName(input.name);
      const skeleton = nameSkeleton(input.name);
      const passwordHash = hashPassword(input.password, ctx.config.PASSWORD_SCRYPT_COST);
      const now = Date.now();
      const [consumed, taken] = await ctx.db.batch([
        verdict.singleUse
          ? ctx.db
              .insert(captchaUses)
              .values({ signature: verdict.singleUse.key, expiresAt: verdict.singleUse.expiresAt })
              .onConflictDoNothing()
              .returning({ signature: captchaUses.signature })
          : ctx.db.select({ signature: sql<string>`'provider'` }).from(sql`(select 1)`),
        // A former member's name stays taken for 30 days (ADR 022).
        ctx.db
          .select({ id: users.id })
          .from(users)
          .where(and(or(eq(users.nameKey, nameKey), eq(users.nameSkeleton, skeleton)), holdsName(now)))
          .limit(1),
        ctx.db.delete(captchaUses).where(sql`${captchaUses.expiresAt} < ${now}`),
      ]);
      if (consumed.length === 0) throw badRequest(MESSAGES.captchaInvalid);
      if (taken.length > 0) throw conflict(MESSAGES.nameTaken);

      const session = newSession(0, now, sessionOrigin(ctx.request));
      let created: UserRow | undefined;
      try {
        const [, , , , rows] = await ctx.db.batch([
          // A former member who held the name more than 30 days ago gives it up now.
          ...releaseNameStatements(ctx.db, now, { nameKey, skeleton, slug: slugify(input.name) }),
          insertMember(ctx.db, {
            name: input.name,
            role: input.role,
            passwordHash: await passwordHash,
            createdAt: now,
          }),
          ctx.db
            .insert(sessions)
            .values({ ...session.row, userId: sql`(select id from users where name_key = ${nameKey})` }),
          ctx.db.select().from(users).where(eq(users.nameKey, nameKey)).limit(1),
        ]);
        created = rows[0];
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.nameTaken);
        throw error;
      }
      if (!created) throw internalError('The account was not created.');
      ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.request.url, session.token, session.row));
      return toCurrentUser(created);
    }),

  /**
   * Sign-in by name or by the confirmed e-mail address (`name` holds either; a new address waiting for its link
   * signs in nothing). It is limited per client address across names (password spraying; an IPv6 client by its /64)
   * and per account across addresses (a botnet guessing one password), keyed by the account's name whichever way
   * it is named, both before any password is hashed. An unknown name or address and a wrong password answer alike
   * after the same work.
   */
  login: publicProcedure
    .input(loginInput)
    .output(currentUserSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.LOGIN_ADDRESS_LIMITER, addressKey(ctx.clientIp));

      // A name wins over another account's address; an address that more than one account holds signs in neither.
      const nameKey = keyOfName(input.name);
      const named = await ctx.db
        .select()
        .from(users)
        .where(or(eq(users.nameKey, nameKey), eq(users.email, input.name), eq(users.email, input.name.toLowerCase())))
        .orderBy(sql`${users.nameKey} = ${nameKey} desc`)
        .limit(2);
      const found = named[0]?.nameKey === nameKey || named.length === 1 ? named[0] : undefined;
      await enforceRateLimit(ctx, ctx.env.LOGIN_ACCOUNT_LIMITER, found?.nameKey ?? nameKey);

      // A deleted account keeps its name reserved for a while (ADR 022), but signs in no more than an unknown name.
      const user = found && found.deletedAt === null ? found : undefined;
      decoyHash ??= hashPassword('decoy password for unknown names', ctx.config.PASSWORD_SCRYPT_COST);
      const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash));
      if (!user || !valid) throw unauthorized(MESSAGES.badCredentials);
      if (user.isBanned) throw forbidden(MESSAGES.banned);

      // The session the request carried ends, but only if its token proves it (its secret matches).
      const previous = await ctx.session();
      const session = newSession(user.id, Date.now(), sessionOrigin(ctx.request));
      await ctx.db.batch([
        ctx.db.insert(sessions).values(session.row),
        ctx.db.delete(sessions).where(previous ? eq(sessions.id, previous.session.id) : sql`0`),
      ]);
      if (previous) await closeChatSockets(ctx.env, { userId: previous.user.id, sessionId: previous.session.id });
      ctx.resHeaders.append('Set-Cookie', sessionCookie(ctx.request.url, session.token, session.row));
      return toCurrentUser(user);
    }),

  /**
   * Ends the session the request carries (if its secret matches), closes its chat sockets, and clears the
   * cookie either way.
   */
  logout: publicProcedure.output(successSchema).mutation(async ({ ctx }) => {
    const token = readSessionToken(ctx.request);
    const ended = token ? await deleteSessionByToken(ctx.db, token) : null;
    if (ended) await closeChatSockets(ctx.env, { userId: ended.userId, sessionId: ended.id });
    ctx.resHeaders.append('Set-Cookie', blankSessionCookie(ctx.request.url));
    return { success: true };
  }),
});
