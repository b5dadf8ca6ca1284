// The one rule of a verified visit, as SQL every query of reviews and recognition shares: a review, star, flower,
// medal or red flag between two members is verified when the client of the pair recorded a visit, in the
// VERIFIED_VISIT_DAYS up to its time, to the other side: the spa itself, the therapist the visit names, or a spa
// whose lineup held that therapist at the visit. It is symmetric in its two members, so a client's review of a spa
// and a spa's medal for a client ask the same question. Each branch is one lookup on an index of visits (client and
// spa, client and therapist, client and time), so the rule costs a few index probes per item and no round trip.
import { sql, type SQL } from 'drizzle-orm';
import { VERIFIED_VISIT_DAYS } from '../../common/visits.ts';
import { DAY_MS } from '../../common/time.ts';

const WINDOW_MS = VERIFIED_VISIT_DAYS * DAY_MS;

/** Visits (as `v`) in the window ending at `at`. */
function inWindow(at: SQL): SQL {
  return sql`v.visited_at <= ${at} and v.visited_at > ${at} - ${WINDOW_MS}`;
}

/** The visits by `client` to the spa `spa` itself in the window ending at `at`. */
function spaVisitsOf(client: SQL, spa: SQL, at: SQL): SQL {
  return sql`select v.spa_id as spaId, v.visited_at as visitedAt from visits as v
      where v.client_id = ${client} and v.spa_id = ${spa} and ${inWindow(at)}`;
}

/**
 * The rule for what a client gave a spa, when the caller knows that is what it is (a spa's rating reads only its
 * own reviews by clients): the other branches cannot match there, since spas record no visits and are never a
 * visit's therapist nor a lineup's, so one index probe answers instead of six.
 */
export function clientVisitedSpaSql(client: SQL, spa: SQL, at: SQL): SQL<number> {
  return sql<number>`exists (${spaVisitsOf(client, spa, at)})`;
}

/** The visits by `client` to `other`'s side in the window ending at `at`: their spa and time. */
function visitsOf(client: SQL, other: SQL, at: SQL): SQL {
  const window = inWindow(at);
  return sql`${spaVisitsOf(client, other, at)}
    union all
    select v.spa_id, v.visited_at from visits as v
      where v.client_id = ${client} and v.therapist_id = ${other} and ${window}
    union all
    select v.spa_id, v.visited_at from visits as v
      join lineup_links as l on l.spa_id = v.spa_id and l.therapist_id = ${other}
      where v.client_id = ${client} and ${window} and l.state in ('accepted', 'ended')
        and coalesce(l.responded_at, l.created_at) <= v.visited_at and (l.ended_at is null or l.ended_at >= v.visited_at)`;
}

/** The visits that verify what passed between `a` and `b` at `at` (either may be the client). */
function verifyingVisits(a: SQL, b: SQL, at: SQL): SQL {
  return sql`${visitsOf(a, b, at)} union all ${visitsOf(b, a, at)}`;
}

/** 1 when what passed between members `a` and `b` at time `at` (SQL expressions) follows a visit, else 0. */
export function verifiedVisitSql(a: SQL, b: SQL, at: SQL): SQL<number> {
  return sql<number>`exists (${verifyingVisits(a, b, at)})`;
}

/**
 * The latest visit that verifies it, as JSON `{"spaName", "visitedAt"}`, or null: what its author is told (read only
 * for the author's own review).
 */
export function verifyingVisitJson(a: SQL, b: SQL, at: SQL): SQL<string | null> {
  return sql<string | null>`(select json_object('spaName', s.name, 'visitedAt', m.visitedAt)
    from (${verifyingVisits(a, b, at)}) as m join users as s on s.id = m.spaId order by m.visitedAt desc limit 1)`;
}

/** `verifyingVisitJson`'s answer read back. */
export function verifyingVisitOf(json: string | null): { spaName: string; visitedAt: number } | null {
  if (json === null) return null;
  const parsed = JSON.parse(json) as { spaName: string; visitedAt: number };
  return { spaName: parsed.spaName, visitedAt: Number(parsed.visitedAt) };
}
