// Member search (ADR 015): names are matched in the `users_search` FTS5 index (trigram tokenizer, accents and
// case ignored, any part of a name), kept in step with users by triggers (migration 0011). Banned members are
// left out; results rank exact, then prefix, then inside matches, then by name, a page at a time. A prefix match is
// one the index finds at the start of the name (the same phrase with FTS5's `^`, one more look-up in the index rather
// than a highlight of every matched name, which cost "cruz" 36 ms of its 50), and a prefix match as long as the name
// is an exact one. Terms shorter than the index's trigrams match the start of any word of the name (a scan of
// name_key; accents are not folded for them).
import { sql } from 'drizzle-orm';
import {
  MEMBER_SEARCH_PAGE_SIZE,
  SEARCH_INSIDE_MIN_LENGTH,
  type MemberSearchPage,
  type MemberSearchResult,
} from '../../common/search.ts';
import { escapeLike, type Database } from '../db.ts';
import { licenceBadgeJson, licensedFieldsOf } from './licensed.ts';
import { notBanned } from './member-sql.ts';
import { pageOf } from '../../common/page.ts';

type Row = Omit<MemberSearchResult, 'memberNumber' | 'licensed' | 'licence'> & {
  memberNumber: number | string;
  licence: string | null;
};

/** The term as one FTS5 phrase (double quotes doubled), so no character of it is query syntax. */
function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/** The result's columns, the badge as of this query's Manila day. */
const columns = () => sql`u.id as id, u.name as name, u.slug as slug, u.role as role, u.member_number as memberNumber,
  u.profile_pic_thumbnail as profilePicThumbnail, ${licenceBadgeJson(sql.raw('u.id'))} as licence`;

export function memberSearchQuery(db: Database, term: string, page: number) {
  const offset = (page - 1) * MEMBER_SEARCH_PAGE_SIZE;
  const limit = MEMBER_SEARCH_PAGE_SIZE + 1;
  if ([...term].length < SEARCH_INSIDE_MIN_LENGTH) {
    // One or two letters: the start of any word of the name ("sp" finds "Makati Serenity Spa"), names that
    // start with them first.
    const key = escapeLike(term);
    return db.all<Row>(sql`
      select ${columns()} from users as u
      where (u.name_key like ${`${key}%`} escape '\\' or u.name_key like ${`% ${key}%`} escape '\\') and ${notBanned('u')}
      order by u.name_key not like ${`${key}%`} escape '\\', u.name_key, u.id limit ${limit} offset ${offset}`);
  }
  return db.all<Row>(sql`
    select ${columns()} from (
      select rowid as id, rowid in (select rowid from users_search where users_search match ${`^${ftsPhrase(term)}`}) as atStart
      from users_search where users_search match ${ftsPhrase(term)}
    ) as hit join users as u on u.id = hit.id
    where ${notBanned('u')}
    order by case when hit.atStart and length(u.name) = ${[...term].length} then 0 when hit.atStart then 1 else 2 end,
      u.name_key, u.id
    limit ${limit} offset ${offset}`);
}

/** A page of results; the cursor is the next page's number. */
export function toSearchPage(rows: Row[], page: number): MemberSearchPage {
  return pageOf(
    rows,
    MEMBER_SEARCH_PAGE_SIZE,
    ({ licence, ...row }) => ({ ...row, memberNumber: Number(row.memberNumber), ...licensedFieldsOf(licence) }),
    () => String(page + 1),
  );
}
