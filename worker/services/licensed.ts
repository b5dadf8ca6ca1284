// The "Licensed" badge, one SQL fragment for every payload that shows it (the public profile, the map listing,
// member search): a correlated subquery inside the caller's own statement, so the badge costs no extra round trip.
// It rides licences_user_state_expires_idx (user_id = ?, state = 'approved', expires_on >= today, the last first),
// and an expired licence drops out by that date comparison itself: nothing has to change when a licence expires.
import { sql, type SQL } from 'drizzle-orm';
import type { LicenceBadge } from '../../common/licences.ts';
import { manilaDay } from '../../common/time.ts';

/**
 * The member's approved, unexpired licence that expires last as JSON text (`{"kind":…,"expiresOn":…}`), or null.
 * `userId`: the member's id column of the outer query. Inside json_object, wrap it in json() so it stays an object.
 * `today`: the Manila day (YYYY-MM-DD) it is valid on; a query built once and sent many times passes a placeholder,
 * so the day is the request's and never the day the query was built.
 */
export function licenceBadgeJson(userId: SQL, today: SQL | string = manilaDay()): SQL<string | null> {
  return sql<
    string | null
  >`(select json_object('kind', badge.kind, 'expiresOn', badge.expires_on) from licences as badge
    where badge.user_id = ${userId} and badge.state = 'approved' and badge.expires_on >= ${today}
    order by badge.expires_on desc limit 1)`;
}

/** The badge fields of a payload from the fragment's value (JSON text, or already parsed inside a JSON row). */
export function licensedFieldsOf(value: string | LicenceBadge | null | undefined): {
  licensed: boolean;
  licence: LicenceBadge | null;
} {
  if (value === null || value === undefined) return { licensed: false, licence: null };
  const badge = typeof value === 'string' ? (JSON.parse(value) as LicenceBadge) : value;
  return { licensed: true, licence: { kind: badge.kind, expiresOn: badge.expiresOn } };
}
