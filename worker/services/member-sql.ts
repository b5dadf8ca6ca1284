// The SQL of rules about a member that many queries share, written once: who is premium now (the same rule as
// isPremiumMember in worker/services/users.ts), who others may see (not banned, not deleted), the link to a
// member (none to a former member), and the Manila day of a timestamp column. `alias` names the users row in a
// raw query (`u`, `giver`); left out, the users table itself.
import { sql, type SQL } from 'drizzle-orm';
import { MANILA_OFFSET_MS } from '../../common/time.ts';

const columnOf = (alias: string | undefined, column: string) => sql.raw(alias ? `${alias}.${column}` : `"users"."${column}"`);

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

/** A member's slug as a link to them: null for a former member (deleted account), whom nothing links to. */
export function linkSlug(alias?: string): SQL<string | null> {
  return sql<string | null>`(case when ${columnOf(alias, 'deleted_at')} is null then ${columnOf(alias, 'slug')} end)`;
}

/** YYYY-MM-DD in Asia/Manila of an epoch-milliseconds column. */
export function manilaDayOf(column: SQL): SQL<string> {
  return sql<string>`date((${column} + ${MANILA_OFFSET_MS}) / 1000, 'unixepoch')`;
}
