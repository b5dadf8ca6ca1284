// The one computation of a spa's rating (docs/architecture.md, "Beyond the spec": computed, never fixed at 4.5). A spa is a
// spa_management member; its rating out of 5 is the mean of its reviews' four sub-ratings (each out of 10),
// divided by 2, and null when no review carries sub-ratings. The map listing, the admin dashboard and the
// leaderboards all select these columns, so the three can never disagree. Correlated subqueries ride the
// (target_user_id, created_at) index of reviews: one round trip for any number of spas.
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Reviews that count: every review of the member that moderation has not removed. */
export function countedReviews(targetUserId: SQLWrapper): SQL {
  return sql`from reviews as rated where rated.target_user_id = ${targetUserId} and rated.removed_at is null`;
}

/** The average rating out of 5 (two decimals), or null without rated reviews. */
export function spaAverageRating(targetUserId: SQLWrapper): SQL<number | null> {
  return sql<number | null>`(select round(avg((rated.ambience_rating + rated.amenities_rating + rated.booking_rating + rated.selection_rating) / 4.0) / 2, 2)
    ${countedReviews(targetUserId)} and rated.ambience_rating is not null and rated.amenities_rating is not null
    and rated.booking_rating is not null and rated.selection_rating is not null)`;
}

/** How many reviews the member has received. */
export function spaReviewCount(targetUserId: SQLWrapper): SQL<number> {
  return sql<number>`(select count(*) ${countedReviews(targetUserId)})`;
}

/** Top rated, as the map's filter and the boards mean it; defined once in common/ for the web app too. */
export { TOP_RATED_MINIMUM } from '../../common/limits.ts';
