// Member profiles: reading another member's profile, stats and lists (one database round trip each, the
// session lookup included), editing one's own (PATCH /api/profile: at most two round trips), and the profile
// picture (stored in R2 through worker/providers/media.ts). Who may see what is decided here: every read needs a
// signed-in member; a banned member is 404 to everyone but admins; red flags only reach the member, spa
// management, therapists and admins; no answer ever carries an email, a hash or session data (the member's
// own email comes from account.me only).
import { and, eq, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import * as z from '../../common/zod.ts';
import { MESSAGES } from '../../common/account.ts';
import { canSeeRedFlags, CONTACT_HANDLES, nameIssue, PROFILE_TEXTS, type Page } from '../../common/profile.ts';
import {
  errorLoggedSchema,
  givenRecordPageSchema,
  giverPageSchema,
  profilePictureSchema,
  profileStatsSchema,
  publicProfileSchema,
  receivedCountSchema,
  receivedRecordPageSchema,
  reviewPageSchema,
} from '../../common/profile-output.ts';
import { currentUserSchema } from '../../common/account-output.ts';
import { profileListInput, profileRefInput, updateProfileInput } from '../../common/profile-input.ts';
import { nameSkeleton } from '../../common/name-skeleton.ts';
import { nameKey as keyOfName } from '../../common/names.ts';
import { slugify } from '../../common/slug.ts';
import { slugHistory, users } from '../../db/schema.ts';
import { purgeSpaListing } from '../services/edge-cache.ts';
import {
  deleteReplaced,
  imagesBinding,
  inspectImage,
  mediaBucket,
  PROFILE_IMAGE_SCOPE,
  reencodeImage,
  storeImages,
} from '../providers/media.ts';
import {
  parseCursor,
  profileRead,
  recognitionPageQuery,
  reviewPageQuery,
  statsCountsRead,
  statsCountsValues,
  targetIdSql,
  targetQuery,
  toGiver,
  toGivenRecord,
  toPage,
  toPublicProfile,
  toReceivedRecord,
  toReview,
  visibleMember,
  type RecognitionKind,
} from '../services/profiles.ts';
import { releaseNameStatements } from '../services/account-deletion.ts';
import { sessionMemberId, type UserRow } from '../services/sessions.ts';
import { isFormerMemberName, isUniqueViolation } from '../services/users.ts';
import { changedNoticeStatements, emailConfirmationMail, newEmailToken } from '../services/email-change.ts';
import { confirmPasswordAgain } from '../services/password-again.ts';
import { deliverDueMail, mailProviderName, queueMailWhen } from '../providers/mail.ts';
import {
  EMAIL_CONFIRMATION_LIFETIME_MS,
  EMAIL_CONFIRMATIONS_PER_HOUR,
  emailChangeAsksPassword,
  PRIVACY_TEXTS,
} from '../../common/privacy.ts';
import { HOUR_MS, manilaDay } from '../../common/time.ts';
import { memberReadProcedure, readAsMember, router, signedInProcedure } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { toCurrentUser } from './account.ts';
import { countProfileView } from './analytics.ts';
import { badRequest, conflict, forbidden, tooManyRequests } from '../errors.ts';
import { log } from '../log.ts';

/** A page of recognitions of one kind, after the target's visibility check; `output` is the page's schema. */
function recognitionList<T>(
  kind: RecognitionKind,
  side: 'received' | 'given',
  map: (row: Parameters<typeof toGiver>[0]) => T,
  output: z.ZodType<Page<T>, Page<T>>,
  allowed: (viewer: UserRow, targetId: number) => boolean = () => true,
) {
  return memberReadProcedure
    .input(profileListInput)
    .output(output)
    .query(async ({ ctx, input }) => {
      const cursor = parseCursor(input.cursor);
      const { viewer, results } = await readAsMember(ctx, (sessionId) => {
        const target = targetIdSql(input.target, sessionId);
        return [targetQuery(ctx.db, target), recognitionPageQuery(ctx.db, kind, side, target, cursor)] as const;
      });
      const target = visibleMember(results[0][0], viewer);
      if (!allowed(viewer, target.id)) throw forbidden(PROFILE_TEXTS.redFlagsHidden);
      return toPage(results[1], map);
    });
}

function reviewList(side: 'made' | 'received') {
  return memberReadProcedure
    .input(profileListInput)
    .output(reviewPageSchema)
    .query(async ({ ctx, input }) => {
      const cursor = parseCursor(input.cursor);
      const { viewer, results } = await readAsMember(ctx, (sessionId) => {
        const target = targetIdSql(input.target, sessionId);
        return [
          targetQuery(ctx.db, target),
          reviewPageQuery(ctx.db, side, target, cursor, sessionMemberId(sessionId)),
        ] as const;
      });
      visibleMember(results[0][0], viewer);
      return toPage(results[1], toReview);
    });
}

/** The counts of one recognition (GET /api/users/{id}/star-stats and flower-stats). */
function receivedCount(pick: (counts: { starsReceived: number; flowersReceived: number }) => number) {
  return memberReadProcedure
    .input(profileRefInput)
    .output(receivedCountSchema)
    .query(async ({ ctx, input }) => {
      const { viewer, results } = await readAsMember(
        ctx,
        (sessionId) => [statsCountsRead(ctx.db, input, sessionId, statsCountsValues())] as const,
      );
      return { received: Number(pick(visibleMember(results[0][0], viewer))) };
    });
}

/**
 * What PATCH /api/profile's `email` asks for: nothing, cancelling a pending change (the current address sent back),
 * removing the address (at once; the old address is told, with a link that undoes it), or a new address to confirm
 * by mail. Removing and changing ask for the current password first (emailChangeAsksPassword).
 */
function emailChangeOf(me: UserRow, email: string | null | undefined, now: number) {
  const cancel = { pendingEmail: null, pendingEmailExpiresAt: null };
  if (email === undefined) return { changes: null };
  if (email === null) {
    if (me.email === null && me.pendingEmail === null) return { changes: null };
    return { changes: { email: null, ...cancel }, removedFrom: me.email };
  }
  if (email === me.email) return me.pendingEmail !== null ? { changes: cancel } : { changes: null };
  const { token, hash } = newEmailToken();
  return {
    changes: { pendingEmail: email, pendingEmailExpiresAt: now + EMAIL_CONFIRMATION_LIFETIME_MS },
    confirmTo: { address: email, token, hash },
  };
}

/** The SQL that gives a renamed member their new slug: kept when the name only changes case or yields it. */
function renamedSlug(name: string): SQL {
  const base = slugify(name);
  // Columns of the updated row are qualified: inside the subqueries an unqualified "id" would be theirs.
  return sql`case
    when "users"."name_key" = ${keyOfName(name)} or "users"."slug" = ${base} then "users"."slug"
    when exists (select 1 from users as other where other.slug = ${base} and other.id != "users"."id")
      or exists (select 1 from slug_history as old where old.slug = ${base} and old.user_id != "users"."id")
      then ${base} || '-' || "users"."member_number"
    else ${base} end`;
}

/** Where the update's answer sits in a rename's batch: after the two name releases and the slug history. */
const RENAME_UPDATE_INDEX = 3;

export const profilesRouter = router({
  /** GET /api/profile/by-slug/{slug}, GET /api/users/{userId}/profile. */
  profile: memberReadProcedure
    .input(profileRefInput)
    .output(publicProfileSchema)
    .query(async ({ ctx, input }) => {
      const { viewer, results } = await readAsMember(
        ctx,
        (sessionId) => [profileRead(ctx.db, input, sessionId, { today: manilaDay() })] as const,
      );
      const row = results[0][0];
      const user = visibleMember(row?.user, viewer);
      countProfileView(ctx, user, viewer.id);
      return toPublicProfile({ ...row!, user }, viewer);
    }),

  /** GET /api/users/{id}/profile-stats: the spec's shape, red flags null for viewers who may not see them. */
  stats: memberReadProcedure
    .input(profileRefInput)
    .output(profileStatsSchema)
    .query(async ({ ctx, input }) => {
      const { viewer, results } = await readAsMember(ctx, (sessionId) => {
        const target = targetIdSql(input, sessionId);
        return [
          statsCountsRead(ctx.db, input, sessionId, statsCountsValues()),
          reviewPageQuery(ctx.db, 'received', target, null, sessionMemberId(sessionId)),
          recognitionPageQuery(ctx.db, 'flowers', 'received', target, null),
          recognitionPageQuery(ctx.db, 'stars', 'received', target, null),
        ] as const;
      });
      const counts = visibleMember(results[0][0], viewer);
      return {
        starStats: {
          received: Number(counts.starsReceived),
          verifiedReceived: Number(counts.starsVerifiedReceived),
          given: Number(counts.starsGiven),
        },
        flowerStats: {
          received: Number(counts.flowersReceived),
          verifiedReceived: Number(counts.flowersVerifiedReceived),
          given: Number(counts.flowersGiven),
        },
        medalStats: {
          received: Number(counts.medalsReceived),
          verifiedReceived: Number(counts.medalsVerifiedReceived),
        },
        redFlagStats: canSeeRedFlags(viewer, counts.id)
          ? { received: Number(counts.redFlagsReceived), verifiedReceived: Number(counts.redFlagsVerifiedReceived) }
          : null,
        reviews: toPage(results[1], toReview).items,
        flowerGivers: toPage(results[2], toGiver).items,
        starGivers: toPage(results[3], toGiver).items,
      };
    }),

  starStats: receivedCount((counts) => counts.starsReceived),
  flowerStats: receivedCount((counts) => counts.flowersReceived),
  flowerGivers: recognitionList('flowers', 'received', toGiver, giverPageSchema),
  starGivers: recognitionList('stars', 'received', toGiver, giverPageSchema),
  starsGiven: recognitionList('stars', 'given', toGivenRecord, givenRecordPageSchema),
  flowersGiven: recognitionList('flowers', 'given', toGivenRecord, givenRecordPageSchema),
  medals: recognitionList('medals', 'received', toReceivedRecord, receivedRecordPageSchema),
  /** Medals a spa has awarded (its About tab); tRPC only, the spec names no REST path for it. */
  medalsAwarded: recognitionList('medals', 'given', toGivenRecord, givenRecordPageSchema),
  redFlags: recognitionList('redFlags', 'received', toReceivedRecord, receivedRecordPageSchema, (viewer, targetId) =>
    canSeeRedFlags(viewer, targetId),
  ),
  reviewsMade: reviewList('made'),
  reviewsReceived: reviewList('received'),

  /**
   * PATCH /api/profile: the first tab's name, about text (and hours) or the contact fields. One batch: the
   * rename keeps the old slug as a redirect, takes the new name only if nobody else holds it (ignoring case),
   * and answers the updated member. A new e-mail address is not used yet: it waits as
   * `pendingEmail` while a confirmation link goes to it (privacy.confirmEmail makes it the account's address),
   * so this answer never says whether another account holds it. Sending one's current address back cancels a
   * pending change; removing the address is immediate, and the old address is told with a link that undoes it.
   * A new address or a removal needs `currentPassword` (401 when wrong, limited like sign-in), as deleting the
   * account does: a stolen session alone cannot move the account's password resets elsewhere.
   */
  update: signedInProcedure
    .input(updateProfileInput)
    .output(currentUserSchema)
    .mutation(async ({ ctx, input }) => {
      const me = ctx.user;
      const nameProblem = nameIssue(me.role, input.name);
      if (nameProblem) throw badRequest(nameProblem);
      if (input.openingHours !== undefined && me.role !== 'spa_management') {
        throw badRequest(PROFILE_TEXTS.hoursOnlyForSpas);
      }
      if (input.name !== undefined && input.name !== me.name && isFormerMemberName(input.name))
        throw conflict(MESSAGES.nameTaken);
      if (emailChangeAsksPassword(me.email, input.email)) {
        if (input.currentPassword === undefined) throw badRequest(PRIVACY_TEXTS.passwordRequired);
        await confirmPasswordAgain(ctx, me, input.currentPassword);
      }

      const now = Date.now();
      const changes: Partial<typeof users.$inferInsert> = {};
      if (input.aboutMe !== undefined) changes.aboutMe = input.aboutMe;
      if (input.openingHours !== undefined)
        changes.openingHours = input.openingHours ? JSON.stringify(input.openingHours) : null;
      if (input.phoneNumber !== undefined) changes.phoneNumber = input.phoneNumber;
      for (const { key } of CONTACT_HANDLES) if (input[key] !== undefined) changes[key] = input[key];
      const email = emailChangeOf(me, input.email, now);
      Object.assign(changes, email.changes);
      const name = input.name !== undefined && input.name !== me.name ? input.name : undefined;
      if (name === undefined && Object.keys(changes).length === 0) return toCurrentUser(me, now);

      // A new name must be free ignoring case and must not look like another member's (confusable skeleton).
      const nameKey = name === undefined ? undefined : keyOfName(name);
      const skeleton = name === undefined ? undefined : nameSkeleton(name);
      const nameFree =
        nameKey && skeleton
          ? notExists(
              ctx.db
                .select({ id: users.id })
                .from(users)
                .where(and(or(eq(users.nameKey, nameKey), eq(users.nameSkeleton, skeleton)), ne(users.id, me.id))),
            )
          : undefined;
      // Each confirmation mail goes to an address the member typed: limited a minute (binding) and an hour (here).
      if (email.confirmTo) await enforceRateLimit(ctx, ctx.env.EMAIL_CHANGE_LIMITER, `email-change:${me.id}`);
      const recentConfirmations = sql`(select count(*) from email_change_tokens where user_id = ${me.id} and created_at > ${now - HOUR_MS})`;
      const underMailCap = email.confirmTo ? sql`${recentConfirmations} < ${EMAIL_CONFIRMATIONS_PER_HOUR}` : undefined;
      // The statements after the update run only when it did (it stamps updated_at with this request's time).
      const applied = sql`exists (select 1 from users where id = ${me.id} and updated_at = ${now})`;

      const update = ctx.db
        .update(users)
        .set({
          ...changes,
          ...(name ? { name, nameKey, nameSkeleton: skeleton, slug: renamedSlug(name) } : {}),
          updatedAt: now,
        })
        .where(and(eq(users.id, me.id), nameFree, underMailCap))
        .returning();
      const emailStatements = email.changes
        ? [
            // A newer link (or none) cancels the older ones.
            ctx.db.run(
              sql`update email_change_tokens set used_at = ${now} where user_id = ${me.id} and used_at is null and ${applied}`,
            ),
            ...(email.confirmTo
              ? [
                  ctx.db
                    .run(sql`insert into email_change_tokens (token_hash, user_id, new_email, expires_at, created_at)
                  select ${email.confirmTo.hash}, ${me.id}, ${email.confirmTo.address}, ${now + EMAIL_CONFIRMATION_LIFETIME_MS}, ${now}
                  where ${applied}`),
                  queueMailWhen(
                    ctx.db,
                    ctx.config,
                    {
                      to: email.confirmTo.address,
                      ...emailConfirmationMail(
                        name ?? me.name,
                        `${ctx.config.APP_URL}/confirm-email?token=${email.confirmTo.token}`,
                      ),
                      kind: 'email_confirmation',
                    },
                    applied,
                    now,
                  ),
                ]
              : []),
            ...(email.removedFrom
              ? changedNoticeStatements(
                  ctx.db,
                  ctx.config,
                  { userId: me.id, memberName: me.name, oldAddress: email.removedFrom, newAddress: null },
                  applied,
                  now,
                )
              : []),
          ]
        : [];

      const mailCount = (email.confirmTo ? 1 : 0) + (email.removedFrom ? 1 : 0);
      let updated: UserRow | undefined;
      let results: unknown[];
      try {
        results = name
          ? await ctx.db.batch([
              // A former member who held the name more than 30 days ago gives it up now (ADR 022).
              ...releaseNameStatements(ctx.db, now, { nameKey: nameKey!, skeleton: skeleton!, slug: slugify(name) }),
              // The slug in use before the rename keeps working (when the rename goes ahead).
              ctx.db.run(sql`insert or ignore into slug_history (slug, user_id)
              select slug, id from users where id = ${me.id} and name_key != ${nameKey} and ${nameFree}`),
              update,
              // A member who takes back an earlier name takes back its slug: theirs again, no longer a redirect.
              ctx.db.delete(slugHistory).where(eq(slugHistory.slug, sql`(select slug from users where id = ${me.id})`)),
              ...emailStatements,
            ])
          : emailStatements.length > 0
            ? await ctx.db.batch([update, ...emailStatements])
            : [await update];
        updated = (results[name ? RENAME_UPDATE_INDEX : 0] as UserRow[])[0];
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(MESSAGES.nameTaken);
        throw error;
      }
      if (!updated) {
        // Refused: say which (a failure path, so one more read is fine).
        const [count] = underMailCap
          ? await ctx.db.all<{ sent: number }>(sql`select ${recentConfirmations} as sent`)
          : [];
        if (count && Number(count.sent) >= EMAIL_CONFIRMATIONS_PER_HOUR) {
          ctx.resHeaders.set('Retry-After', String(HOUR_MS / 1000));
          throw tooManyRequests(PRIVACY_TEXTS.confirmationsLimit);
        }
        throw conflict(MESSAGES.nameTaken);
      }
      // The mail statements come last in the batch; each answers the id of the message it wrote.
      const mailIds = results
        .slice(results.length - mailCount)
        .flatMap((rows) => (rows as { id: number }[]).map((row) => row.id));
      if (mailIds.length > 0 && mailProviderName(ctx.config) !== 'local')
        ctx.waitUntil(deliverDueMail(ctx.db, ctx.config, { ids: mailIds }));
      if (me.role === 'spa_management') await purgeSpaListing();
      return toCurrentUser(updated, now);
    }),

  /**
   * POST /api/profile/upload-pic (multipart: profilePic). The photo is re-encoded on the server into the profile
   * picture (400x400 box) and its 200x200 thumbnail (ADR 017); a profilePicThumbnail the client still sends is
   * ignored. The new objects are stored first, then the member points at them, then the objects they replaced
   * are deleted; when the database refuses, the new objects go again. Two round trips: the session, then one batch.
   */
  uploadPicture: signedInProcedure
    .input(z.instanceof(FormData))
    .output(profilePictureSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.UPLOAD_LIMITER, `profile-picture:${ctx.user.id}`);
      const bucket = mediaBucket(ctx.env);
      const images = imagesBinding(ctx.env);
      const upload = await inspectImage(input.get('profilePic'), { field: 'profilePic' });
      const encoded = await reencodeImage(images, upload, ['profile', 'thumbnail']);

      const [stored, storedThumbnail] = await storeImages(bucket, PROFILE_IMAGE_SCOPE, ctx.user.id, encoded);
      const profilePic = stored!.url;
      const profilePicThumbnail = storedThumbnail!.url;
      let previous: { profilePic: string | null; profilePicThumbnail: string | null } | undefined;
      try {
        const [before] = await ctx.db.batch([
          ctx.db
            .select({ profilePic: users.profilePic, profilePicThumbnail: users.profilePicThumbnail })
            .from(users)
            .where(eq(users.id, ctx.user.id)),
          ctx.db
            .update(users)
            .set({ profilePic, profilePicThumbnail, updatedAt: Date.now() })
            .where(eq(users.id, ctx.user.id)),
        ]);
        previous = before[0];
      } catch (error) {
        await deleteReplaced(
          bucket,
          [profilePic, profilePicThumbnail],
          [ctx.user.profilePic, ctx.user.profilePicThumbnail],
        );
        throw error;
      }
      await deleteReplaced(
        bucket,
        [previous?.profilePic, previous?.profilePicThumbnail],
        [profilePic, profilePicThumbnail],
      );
      if (ctx.user.role === 'spa_management') await purgeSpaListing();
      return { message: 'Profile picture updated', profilePic, profilePicThumbnail };
    }),

  /** The profile screen's error fallback says the error "has been logged for review": this is that log. */
  reportError: signedInProcedure
    .input(
      z.object({ message: z.string().max(500), path: z.string().max(300), stack: z.string().max(4000).optional() }),
    )
    .output(errorLoggedSchema)
    .mutation(({ ctx, input }) => {
      log.error('profile screen error', { userId: ctx.user.id, ...input });
      return { logged: true as const };
    }),
});
