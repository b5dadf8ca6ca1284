// The SQL of rules about a member that many queries share, written once: who is premium now (the same rule as
// isPremiumMember in worker/services/users.ts), who others may see (not banned, not deleted), the link, id and
// member number of a member in a list entry (none for a member others may not reach: banned or former; on the
// admin's screens, none for a former member only), and the Manila day of a timestamp column.
// `alias` names the users row in a raw query (`u`, `giver`); left out, the users table itself.
import { sql, type SQL } from 'drizzle-orm';
import { MANILA_OFFSET_MS } from '../../common/time.ts';

const columnOf = (alias: string | undefined, column: string) =>
  sql.raw(alias ? `${alias}.${column}` : `"users"."${column}"`);

/** Premium at `now`: a complimentary grant, or a trial or paid period that has not ended. */
export function premiumNow(now: number, alias?: string): SQL<number> {
  return sql<number>`(${columnOf(alias, 'is_premium')} = 1 or coalesce(${columnOf(alias, 'premium_until')}, 0) > ${now})`;
}

/**
 * Not banned and not deleted: a banned member is left out of every list, board and search, and is 404 to all but
 * admins; a former member (deleted account, ADR 022) to everyone.
 */
export function notBanned(alias?: string): SQL {
  return sql`(${columnOf(alias, 'is_banned')} = 0 and ${columnOf(alias, 'deleted_at')} is null)`;
}

/** A column of a member named in a list entry: null for a former member (deleted account). */
function unlessFormer<T>(alias: string | undefined, column: string): SQL<T | null> {
  return sql<T | null>`(case when ${columnOf(alias, 'deleted_at')} is null then ${columnOf(alias, column)} end)`;
}

/**
 * A column of a member named in a list entry that any member reads: null for a member others may not reach, banned
 * or former. A banned member is "Member not found." to everyone but admins, so nothing leads to them; what they gave
 * or wrote stays, under their name.
 */
function unlessHidden<T>(alias: string | undefined, column: string): SQL<T | null> {
  return sql<T | null>`(case when ${notBanned(alias)} then ${columnOf(alias, column)} end)`;
}

/** A member's slug as a link to them: null for a banned or former member, whom nothing links to. */
export function linkSlug(alias?: string): SQL<string | null> {
  return unlessHidden(alias, 'slug');
}

/**
 * A member's id and member number in a list entry: null for a former member, so that nothing a former member left
 * (reviews, gifts, reports) names the old account or ties their entries to each other (ADR 022), and for a banned
 * one, whom nothing leads to.
 */
export function linkId(alias?: string): SQL<number | null> {
  return unlessHidden(alias, 'id');
}

export function linkMemberNumber(alias?: string): SQL<number | null> {
  return unlessHidden(alias, 'member_number');
}

/** The same on the admin's screens (reports, the moderation queue): a banned member stays linked, a former one not. */
export function adminLinkId(alias?: string): SQL<number | null> {
  return unlessFormer(alias, 'id');
}

export function adminLinkSlug(alias?: string): SQL<string | null> {
  return unlessFormer(alias, 'slug');
}

/** YYYY-MM-DD in Asia/Manila of an epoch-milliseconds column. */
export function manilaDayOf(column: SQL): SQL<string> {
  return sql<string>`date((${column} + ${MANILA_OFFSET_MS}) / 1000, 'unixepoch')`;
}
