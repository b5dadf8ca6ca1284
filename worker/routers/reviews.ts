// Reviews: writing one (with an optional reward in the same atomic batch), the write-review screen's target,
// and the reviewed member's one public reply to each review (the lists are the profiles' reads). A review is
// one per reviewer and target: a second submit edits it (updated_at marks it edited). The server enforces
// every rule the screen shows: who reviews whom, not oneself, the target exists and is not banned, the text,
// the sub-ratings of a spa review (each optional; only a review with all four counts in the spa's rating), and
// which reward fits the target.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  noRewardTodayMessage,
  RECOGNITION_MESSAGES,
  redFlagReasonOf,
  type RecognitionKind,
} from '../../common/recognition.ts';
import { RED_FLAG_DESCRIPTION_MAX_CHARACTERS } from '../../common/limits.ts';
import { memberRefInput } from '../../common/recognition-input.ts';
import { replyInput, reviewIdInput, reviewInput } from '../../common/review-input.ts';
import { mayReview, REVIEW_MESSAGES, type ReviewReward } from '../../common/reviews.ts';
import {
  reviewReportSentSchema,
  reviewSubmissionSchema,
  reviewTargetSchema,
  type ReviewRewardOutcome,
} from '../../common/reviews-output.ts';
import { reviewSchema } from '../../common/profile-output.ts';
import type { Role } from '../../common/roles.ts';
import { manilaDay } from '../../common/time.ts';
import { reviewReportInput } from '../../common/admin.ts';
import { REVIEW_REPORT_TEXTS } from '../../common/review-reports.ts';
import { purgeSpaListing } from '../services/edge-cache.ts';
import { purgeLeaderboards } from '../services/leaderboards.ts';
import { therapistSpaListing } from '../services/lineup.ts';
import { diagnoseStatement, explainRefusal, giveStatement, type Gift } from '../services/recognition.ts';
import { reviews } from '../../db/schema.ts';
import { memberIdBySlug, reviewsWhere, toReview } from '../services/profiles.ts';
import { verifiedVisitSql, verifyingVisitJson, verifyingVisitOf } from '../services/verified-visits.ts';
import { verificationReason } from '../../common/visits.ts';
import { sessionMemberId } from '../services/sessions.ts';
import { memberReadProcedure, readAsMember, router, signedInProcedure } from '../trpc.ts';
import type { z } from 'zod';
import { notBanned } from '../services/member-sql.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';

/** Which reward the flags ask for, and the target role it needs (null: no reward). */
function requestedReward(
  reviewer: Role,
  input: z.infer<typeof reviewInput>,
): { kind: ReviewReward; targetRole: Role } | null {
  const asked = [input.giveFlower, input.giveStar, input.giveMedal, input.giveRedFlag].filter(Boolean).length;
  const mismatch = () => badRequest(REVIEW_MESSAGES.rewardMismatch);
  if (input.flowerSpaId !== undefined && !input.giveFlower) throw mismatch();
  if (asked === 0) return null;
  if (reviewer === 'client') {
    if (asked > 1 || input.giveMedal || input.giveRedFlag) throw mismatch();
    return input.giveFlower
      ? { kind: 'flower', targetRole: 'therapist' }
      : { kind: 'star', targetRole: 'spa_management' };
  }
  // Spa management reviewing a client: the positive button (giveStar in the spec, or giveMedal) is a medal.
  if (input.giveFlower || (input.giveRedFlag && (input.giveStar || input.giveMedal))) throw mismatch();
  if (input.giveRedFlag) {
    if (!input.redFlagReason) throw badRequest(REVIEW_MESSAGES.redFlagReasonRequired);
    return { kind: 'red_flag', targetRole: 'client' };
  }
  return { kind: 'medal', targetRole: 'client' };
}

const REVIEWABLE: Record<Role, Role[]> = {
  client: ['therapist', 'spa_management'],
  spa_management: ['client'],
  therapist: [],
  admin: [],
};

function memberWhere(ref: z.infer<typeof memberRefInput>, column: SQL): SQL {
  if (ref.userId !== undefined) return sql`${column} = ${ref.userId}`;
  return sql`${column} = ${memberIdBySlug(ref.slug ?? '')}`;
}

export const reviewsRouter = router({
  /** POST /api/user-reviews: two round trips (session; the review, its reward and what they saw, in one batch). */
  submit: signedInProcedure
    .input(reviewInput)
    .output(reviewSubmissionSchema)
    .mutation(async ({ ctx, input }) => {
      const reviewer = ctx.user;
      if (reviewer.role !== 'client' && reviewer.role !== 'spa_management')
        throw forbidden(REVIEW_MESSAGES.roleNotAllowed);
      if (input.targetUserId === reviewer.id) throw forbidden(REVIEW_MESSAGES.cannotReviewSelf);
      const reward = requestedReward(reviewer.role, input);

      const now = Date.now();
      const rating = (value: number | null | undefined) =>
        sql`case when t.role = 'spa_management' then ${value ?? null} end`;
      const allowed = REVIEWABLE[reviewer.role];
      const written = sql`exists (select 1 from reviews where reviewer_id = ${reviewer.id} and target_user_id = ${input.targetUserId}
      and (created_at = ${now} or updated_at = ${now}))`;
      const gift: Gift | null = reward
        ? {
            kind: reward.kind as RecognitionKind,
            giverId: reviewer.id,
            recipientId: input.targetUserId,
            // A star is given at the spa's own listing; a flower at the spa chosen, else the therapist's first spa.
            spa:
              input.flowerSpaId !== undefined
                ? { id: input.flowerSpaId, required: true }
                : {
                    id: sql`coalesce((select id from spas where owner_user_id = ${input.targetUserId} order by id limit 1), ${therapistSpaListing(input.targetUserId)})`,
                    required: false,
                  },
            ...(reward.kind === 'red_flag' && input.redFlagReason
              ? redFlagReasonOf(input.redFlagReason, input.reviewText.slice(0, RED_FLAG_DESCRIPTION_MAX_CHARACTERS))
              : { reason: null, description: null }),
            now,
            day: manilaDay(now),
            onlyIf: written,
          }
        : null;

      const save = ctx.db.all<{ id: number; createdAt: number; updatedAt: number | null }>(sql`
        insert into reviews (reviewer_id, target_user_id, review_text, ambience_rating, amenities_rating, booking_rating, selection_rating, created_at)
        select ${reviewer.id}, t.id, ${input.reviewText}, ${rating(input.ambienceRating)}, ${rating(input.amenitiesRating)},
          ${rating(input.bookingRating)}, ${rating(input.selectionRating)}, ${now}
        from users as t
        where t.id = ${input.targetUserId} and ${notBanned('t')} and t.role in (${sql.join(
          allowed.map((role) => sql`${role}`),
          sql`, `,
        )})
          ${reward ? sql`and t.role = ${reward.targetRole}` : sql``}
          ${input.flowerSpaId !== undefined ? sql`and exists (select 1 from spas where id = ${input.flowerSpaId})` : sql``}
        on conflict (reviewer_id, target_user_id) do update set review_text = excluded.review_text,
          ambience_rating = excluded.ambience_rating, amenities_rating = excluded.amenities_rating,
          booking_rating = excluded.booking_rating, selection_rating = excluded.selection_rating, updated_at = ${now}
        returning id, created_at as createdAt, updated_at as updatedAt`);
      // The review as saved is verified by a visit in the days up to now (worker/services/verified-visits.ts).
      const pair = [sql`${reviewer.id}`, sql`${input.targetUserId}`] as const;
      const readTarget = ctx.db.all<{
        id: number;
        name: string;
        slug: string;
        role: Role;
        hidden: number;
        verifiedVisit: number;
        verifyingVisit: string | null;
      }>(
        sql`select id, name, slug, role, not ${notBanned()} as hidden,
          ${verifiedVisitSql(...pair, sql`${now}`)} as verifiedVisit,
          ${verifyingVisitJson(...pair, sql`${now}`)} as verifyingVisit
        from users where id = ${input.targetUserId}`,
      );
      // One round trip either way: the review and its target, and the gift with what to say if it is refused.
      const [saved, targets, given, diagnosis] = gift
        ? await ctx.db.batch([save, readTarget, giveStatement(ctx.db, gift), diagnoseStatement(ctx.db, gift)])
        : [...(await ctx.db.batch([save, readTarget])), undefined, undefined];
      const target = targets[0];
      const review = saved[0];
      if (!review) {
        if (!target || Number(target.hidden) === 1) throw notFound(REVIEW_MESSAGES.memberNotFound);
        if (!mayReview(reviewer.role, target.role)) throw forbidden(REVIEW_MESSAGES.roleNotAllowed);
        if (target.role === 'therapist' && input.flowerSpaId !== undefined && Number(diagnosis?.[0]?.spaExists) !== 1)
          throw notFound(RECOGNITION_MESSAGES.spaNotFound);
        throw badRequest(REVIEW_MESSAGES.rewardMismatch);
      }

      let rewardResult: ReviewRewardOutcome | null = null;
      if (gift && reward) {
        if (given && given.length > 0) rewardResult = { kind: reward.kind, given: true, message: '' };
        else {
          const refusal = explainRefusal(gift, diagnosis?.[0]);
          const message =
            refusal.code === 'TOO_MANY_REQUESTS' && refusal.limit !== undefined
              ? noRewardTodayMessage(gift.kind, refusal.limit)
              : refusal.message;
          rewardResult = { kind: reward.kind, given: false, message };
        }
      }
      if (target!.role === 'spa_management') await purgeSpaListing();
      await purgeLeaderboards();
      const edited = review.updatedAt !== null;
      const verified = Number(target!.verifiedVisit) === 1;
      return {
        review: {
          id: review.id,
          createdAt: review.createdAt,
          updatedAt: review.updatedAt,
          edited,
          verifiedVisit: verified,
          verification: {
            verified,
            reason: verificationReason(verifyingVisitOf(target!.verifyingVisit), target!.role),
          },
        },
        target: { id: target!.id, name: target!.name, slug: target!.slug, role: target!.role },
        reward: rewardResult,
      };
    }),

  /** The write-review screen: the member to review and the viewer's own earlier review of them (to edit). */
  target: memberReadProcedure
    .input(memberRefInput)
    .output(reviewTargetSchema)
    .query(async ({ ctx, input }) => {
      const { viewer: user, results } = await readAsMember(
        ctx,
        (sessionId) =>
          [
            ctx.db.all<{
              id: number;
              name: string;
              slug: string;
              role: Role;
              profilePic: string | null;
              hidden: number;
            }>(sql`
            select id, name, slug, role, profile_pic as profilePic, not ${notBanned()} as hidden from users where ${memberWhere(input, sql`id`)}`),
            reviewsWhere(
              ctx.db,
              and(memberWhere(input, sql`${reviews.targetUserId}`), eq(reviews.reviewerId, sessionMemberId(sessionId))),
              1,
              sessionMemberId(sessionId),
            ),
          ] as const,
      );
      const [targets, mine] = results;
      const target = targets[0];
      if (!target || Number(target.hidden) === 1) return { target: null, myReview: null };
      const myReview = mine.map(toReview)[0] ?? null;
      return {
        target: {
          id: target.id,
          name: target.name,
          slug: target.slug,
          role: target.role,
          profilePic: target.profilePic,
        },
        mayReview: mayReview(user.role, target.role) && user.id !== target.id,
        myReview,
      };
    }),

  /** The reviewed member's public reply: creates it or edits it. Two round trips. */
  reply: signedInProcedure
    .input(replyInput)
    .output(reviewSchema)
    .mutation(async ({ ctx, input }) => {
      const now = Date.now();
      const [updated, found] = await ctx.db.batch([
        ctx.db.all<{ id: number }>(sql`
        update reviews set reply_text = ${input.replyText}, reply_created_at = coalesce(reply_created_at, ${now}),
          reply_updated_at = case when reply_text is null then null else ${now} end
        where id = ${input.reviewId} and target_user_id = ${ctx.user.id} and removed_at is null returning id`),
        reviewsWhere(ctx.db, eq(reviews.id, input.reviewId), 1, sql`${ctx.user.id}`),
      ]);
      return replyOutcome(ctx.user.id, updated, found);
    }),

  /**
   * A member reports a review to the moderators: a reason from the short list and an optional note, once per
   * review. Not their own review, nor one already removed. Two round trips (session; the report and the facts
   * that explain a refusal, in one batch).
   */
  report: signedInProcedure
    .input(reviewReportInput)
    .output(reviewReportSentSchema)
    .mutation(async ({ ctx, input }) => {
      const [inserted, found] = await ctx.db.batch([
        ctx.db.all<{ id: number }>(sql`
        insert into review_reports (review_id, reporter_id, reason, note)
        select id, ${ctx.user.id}, ${input.reason}, ${input.note} from reviews
        where id = ${input.reviewId} and removed_at is null and reviewer_id <> ${ctx.user.id}
        on conflict (review_id, reporter_id) do nothing returning id`),
        ctx.db.all<{ reviewerId: number; removedAt: number | null }>(
          sql`select reviewer_id as reviewerId, removed_at as removedAt from reviews where id = ${input.reviewId}`,
        ),
      ]);
      if (inserted[0]) return { id: Number(inserted[0].id), message: REVIEW_REPORT_TEXTS.sent };
      const review = found[0];
      if (!review || review.removedAt !== null) throw notFound(REVIEW_REPORT_TEXTS.reviewNotFound);
      if (Number(review.reviewerId) === ctx.user.id) throw forbidden(REVIEW_REPORT_TEXTS.ownReview);
      throw conflict(REVIEW_REPORT_TEXTS.alreadyReported);
    }),

  deleteReply: signedInProcedure
    .input(reviewIdInput)
    .output(reviewSchema)
    .mutation(async ({ ctx, input }) => {
      const [updated, found] = await ctx.db.batch([
        ctx.db.all<{ id: number }>(sql`
        update reviews set reply_text = null, reply_created_at = null, reply_updated_at = null
        where id = ${input.reviewId} and target_user_id = ${ctx.user.id} and removed_at is null returning id`),
        reviewsWhere(ctx.db, eq(reviews.id, input.reviewId), 1, sql`${ctx.user.id}`),
      ]);
      return replyOutcome(ctx.user.id, updated, found);
    }),
});

function replyOutcome(userId: number, updated: { id: number }[], found: Parameters<typeof toReview>[0][]) {
  const review = found[0];
  if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  if (updated.length === 0 || Number(review.targetId) !== userId) throw forbidden(REVIEW_MESSAGES.replyNotYours);
  return toReview(review);
}
