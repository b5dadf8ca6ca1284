// The lineup as SQL for other domains: the spa members a therapist works for (accepted links), and a
// therapist's first spa listing (the spa a review's flower is given at).
import { sql, type SQL } from 'drizzle-orm';

/** The spa members (users.id) with the therapist in their lineup, as a list for `in`: read by the therapist's index. */
export function therapistSpaMembers(therapistId: number): SQL {
  return sql`(select lineup.spa_id from lineup_links as lineup where lineup.therapist_id = ${therapistId} and lineup.state = 'accepted')`;
}

/** A spa listing (spas.id) owned by one of the therapist's spas, the longest-standing link first; null without one. */
export function therapistSpaListing(therapistId: number): SQL<number | null> {
  return sql<
    number | null
  >`(select listing.id from lineup_links as lineup join spas as listing on listing.owner_user_id = lineup.spa_id
    where lineup.therapist_id = ${therapistId} and lineup.state = 'accepted'
    order by coalesce(lineup.responded_at, lineup.created_at), listing.id limit 1)`;
}
