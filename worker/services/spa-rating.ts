// The one computation of a spa's rating (docs/architecture.md, "Beyond the spec": computed, never fixed at 4.5). A spa is a
// spa_management member; its rating out of 5 is the mean of its reviews' four sub-ratings (each out of 10),
// divided by 2, and null when no review carries sub-ratings. The map listing, the admin dashboard, the profiles and
// the leaderboards all select these columns, so they can never disagree. Correlated subqueries ride the
// (target_user_id, created_at) index of reviews: one round trip for any number of spas.
//
// Ordering by rating is another matter (ADR 020): a spa rated once by one delighted client must not head a list
// above a spa that dozens of clients rate highly. Every list ordered by rating orders by `spaRankingRating`, a
// Bayesian average that counts RATING_PRIOR_WEIGHT imaginary reviews of RATING_PRIOR_MEAN beside the real ones.
// Screens still show the plain mean with its review count ("★ 4.3 (12)", web/components/rating.tsx).
//
// Both weigh a review that follows a visit (a verified visit, worker/services/verified-visits.ts) VERIFIED_REVIEW_WEIGHT
// times a review without one (ADR 029): the mean and the ranking are weighted averages.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { clientVisitedSpaSql } from './verified-visits.ts';

/** Reviews that count: every review of the member that moderation has not removed. */
export function countedReviews(targetUserId: SQLWrapper): SQL {
  return sql`from reviews as rated where rated.target_user_id = ${targetUserId} and rated.removed_at is null`;
}

/** Reviews that count in the rating: the counted ones that carry all four sub-ratings. */
function ratedReviews(targetUserId: SQLWrapper): SQL {
  return sql`${countedReviews(targetUserId)} and rated.ambience_rating is not null and rated.amenities_rating is not null
    and rated.booking_rating is not null and rated.selection_rating is not null`;
}

/** One review's rating out of 5: its four sub-ratings (out of 10) averaged, halved (common/reviews.ts, reviewScore, shows it on the review's card). */
const REVIEW_RATING = sql`((rated.ambience_rating + rated.amenities_rating + rated.booking_rating + rated.selection_rating) / 8.0)`;

/** How much a review by a member who recorded a visit in the days before it counts, against 1 for any other (ADR 029). */
export const VERIFIED_REVIEW_WEIGHT = 2;

/** The rated reviews' ratings out of 5 with their weights, a row each. */
function weightedRatings(targetUserId: SQLWrapper): SQL {
  const verified = clientVisitedSpaSql(
    sql`rated.reviewer_id`,
    sql`rated.target_user_id`,
    sql`coalesce(rated.updated_at, rated.created_at)`,
  );
  return sql`(select ${REVIEW_RATING} as rating, case when ${verified} then ${VERIFIED_REVIEW_WEIGHT} else 1 end as weight
    ${ratedReviews(targetUserId)}) as weighted`;
}

/** The weighted average rating out of 5 (two decimals), or null without rated reviews. */
export function spaAverageRating(targetUserId: SQLWrapper): SQL<number | null> {
  return sql<
    number | null
  >`(select round(sum(weighted.weight * weighted.rating) / sum(weighted.weight), 2) from ${weightedRatings(targetUserId)})`;
}

/** How many reviews the member has received. */
export function spaReviewCount(targetUserId: SQLWrapper): SQL<number> {
  return sql<number>`(select count(*) ${countedReviews(targetUserId)})`;
}

/**
 * The prior of the ranking (ADR 020): every spa starts as if RATING_PRIOR_WEIGHT clients had rated it
 * RATING_PRIOR_MEAN out of 5 (7 out of 10 on each sub-rating: a good, unremarkable spa). Real reviews outweigh it
 * as they come: after 5 reviews it counts for half, after 45 for a tenth.
 */
export const RATING_PRIOR_MEAN = 3.5;
export const RATING_PRIOR_WEIGHT = 5;

/**
 * The rating lists are ordered by: the Bayesian average (prior weight x prior mean + the sum of the reviews'
 * weighted ratings) / (prior weight + the sum of their weights), out of 5; null without rated reviews (such a spa is
 * not ranked at all). One unverified 10/10 review makes 3.75, one verified 4.0; twenty 9/10 reviews make 4.3.
 */
export function spaRankingRating(targetUserId: SQLWrapper): SQL<number | null> {
  return sql<
    number | null
  >`(select (${RATING_PRIOR_WEIGHT} * ${RATING_PRIOR_MEAN} + sum(weighted.weight * weighted.rating))
    / (${RATING_PRIOR_WEIGHT} + sum(weighted.weight)) from ${weightedRatings(targetUserId)})`;
}
