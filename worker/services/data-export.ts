// "Download my data" (beyond the spec; the Data Privacy Act's right of access): everything the platform holds about the
// signed-in member, as one JSON document. Every query names the member through the session (`me`, an SQL
// expression), so the read rides in the session lookup's batch: one round trip. Other members appear only as
// {id, name, slug} (never their e-mail or phone), and no password hash, session secret or token is selected.
import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import type {
  DataExport,
  ExportFavouriteList,
  ExportGift,
  ExportLineupLink,
  ExportPayment,
  ExportReceivedReview,
  ExportRedFlag,
  ExportWrittenReview,
  SessionInfo,
} from '../../common/privacy-output.ts';
import type { Role } from '../../common/roles.ts';
import { manilaDay } from '../../common/time.ts';
import { licences } from '../../db/schema.ts';
import type { Database } from '../db.ts';
import { LICENCE_COLUMNS, toLicence } from './licences.ts';
import { linkId, linkSlug } from './member-sql.ts';
import type { UserRow } from './sessions.ts';
import { isPremiumMember, isProMember, sharedMemberFields } from './users.ts';

/** The other member's columns of a row (`other`), which the export turns into one `member` object. */
interface OtherColumns {
  otherId: number | null;
  otherName: string;
  otherSlug: string | null;
}
/** A row as a query selects it: the entry's own columns and the other member's. */
type RowOf<Entry extends { member: unknown }> = Omit<Entry, 'member'> & OtherColumns;
/** A row of gifts or red flags, given by the member or received. */
type Directed<Row> = Row & { direction: 'given' | 'received' };
type Chat = DataExport['chat'];
type VisitEntry = Omit<DataExport['visits'][number], 'therapist'>;
/** A favourites list with one saved member, or with none (savedAt and the member's columns null). */
interface FavouriteRow {
  listId: number;
  listName: string;
  isDefault: number;
  listCreatedAt: number;
  savedAt: number | null;
  otherRole: Role | null;
  otherId: number | null;
  otherName: string | null;
  otherSlug: string | null;
}

/** Another member as the export names them: the public name and link only (no id nor link for a former member). */
const other = (alias: string) =>
  sql`${linkId(alias)} as otherId, ${sql.raw(`${alias}.name`)} as otherName, ${linkSlug(alias)} as otherSlug`;

function giftQuery(db: Database, table: 'stars' | 'flowers' | 'medals', me: SQL) {
  const spa = table === 'medals' ? sql`null` : sql`r.spa_id`;
  return db.all<Directed<RowOf<ExportGift>>>(sql`
    select r.id as id, case when r.giver_id = ${me} then 'given' else 'received' end as direction, r.reason as reason,
      r.created_at as createdAt, ${spa} as spaId, ${other('o')}
    from ${sql.raw(table)} as r join users as o on o.id = case when r.giver_id = ${me} then r.recipient_id else r.giver_id end
    where r.giver_id = ${me} or r.recipient_id = ${me}
    order by r.created_at desc, r.id desc`);
}

/** The queries of one export, for `readAsMember`'s batch. */
export function exportQueries(db: Database, me: SQL) {
  return [
    db.all<FavouriteRow>(sql`
      select l.id as listId, l.name as listName, l.is_default as isDefault, l.created_at as listCreatedAt,
        i.created_at as savedAt, t.role as otherRole, ${other('t')}
      from favorite_lists as l left join favorite_list_items as i on i.list_id = l.id left join users as t on t.id = i.target_user_id
      where l.user_id = ${me} order by l.created_at, l.id, i.created_at`),
    db.all<RowOf<ExportWrittenReview>>(sql`
      select r.id as id, r.review_text as reviewText, r.ambience_rating as ambienceRating, r.amenities_rating as amenitiesRating,
        r.booking_rating as bookingRating, r.selection_rating as selectionRating, r.created_at as createdAt, r.updated_at as updatedAt,
        r.reply_text as replyText, r.removed_at as removedAt, ${other('o')}
      from reviews as r join users as o on o.id = r.target_user_id where r.reviewer_id = ${me} order by r.created_at desc, r.id desc`),
    db.all<RowOf<ExportReceivedReview>>(sql`
      select r.id as id, r.review_text as reviewText, r.ambience_rating as ambienceRating, r.amenities_rating as amenitiesRating,
        r.booking_rating as bookingRating, r.selection_rating as selectionRating, r.created_at as createdAt, r.updated_at as updatedAt,
        r.reply_text as replyText, r.reply_created_at as replyCreatedAt, r.reply_updated_at as replyUpdatedAt, ${other('o')}
      from reviews as r join users as o on o.id = r.reviewer_id where r.target_user_id = ${me} and r.removed_at is null
      order by r.created_at desc, r.id desc`),
    giftQuery(db, 'stars', me),
    giftQuery(db, 'flowers', me),
    giftQuery(db, 'medals', me),
    // Red flags about the member (they may always see their own), and those a spa gave.
    db.all<Directed<RowOf<ExportRedFlag>>>(sql`
      select r.id as id, case when r.giver_id = ${me} then 'given' else 'received' end as direction, r.reason as reason,
        r.description as description, r.created_at as createdAt,
        (select d.state from red_flag_disputes as d where d.red_flag_id = r.id) as disputeState,
        (select d.statement from red_flag_disputes as d where d.red_flag_id = r.id and d.user_id = ${me}) as disputeStatement, ${other('o')}
      from red_flags as r join users as o on o.id = case when r.giver_id = ${me} then r.recipient_id else r.giver_id end
      where r.giver_id = ${me} or r.recipient_id = ${me} order by r.created_at desc, r.id desc`),
    db.all<RowOf<ExportLineupLink>>(sql`
      select l.id as id, case when l.spa_id = ${me} then 'therapist' else 'spa' end as side, l.state as state, l.created_at as createdAt,
        l.responded_at as respondedAt, l.ended_at as endedAt, ${other('o')}
      from lineup_links as l join users as o on o.id = case when l.spa_id = ${me} then l.therapist_id else l.spa_id end
      where l.spa_id = ${me} or l.therapist_id = ${me} order by l.created_at desc, l.id desc`),
    db.all<DataExport['spaAnalytics'][number]>(
      sql`select day, metric, count from spa_daily_counts where spa_id = ${me} order by day, metric`,
    ),
    db.all<ExportPayment>(sql`
      select id, plan, amount, currency, period_days as periodDays, status, created_at as createdAt, paid_at as paidAt
      from premium_checkouts where user_id = ${me} order by created_at desc`),
    db.all<Omit<SessionInfo, 'current'>>(sql`
      select id, created_at as createdAt, last_active_at as lastSeenAt, device, place from sessions where user_id = ${me}
      order by last_active_at desc`),
    db.all<RowOf<Chat['blocked'][number]>>(sql`
      select b.created_at as createdAt, ${other('o')} from chat_blocks as b join users as o on o.id = b.blocked_id
      where b.blocker_id = ${me} order by b.created_at desc`),
    db.all<RowOf<Chat['reportsFiled'][number]>>(sql`
      select c.id as id, c.reason as reason, c.state as state, c.created_at as createdAt, ${other('o')}
      from chat_reports as c join users as o on o.id = c.reported_id where c.reporter_id = ${me} order by c.created_at desc`),
    db.all<DataExport['reviewReportsFiled'][number]>(sql`
      select rr.id as id, rr.review_id as reviewId, rr.reason as reason, rr.note as note, rr.state as state, rr.created_at as createdAt
      from review_reports as rr where rr.reporter_id = ${me} order by rr.created_at desc`),
    db.all<DataExport['aiAssistUses'][number]>(
      sql`select manila_day as day, uses from ai_assist_uses where user_id = ${me} order by manila_day`,
    ),
    db.all<{ slug: string; createdAt: number }>(
      sql`select slug, created_at as createdAt from slug_history where user_id = ${me} order by created_at`,
    ),
    db
      .select(LICENCE_COLUMNS)
      .from(licences)
      .where(eq(licences.userId, me))
      .orderBy(desc(licences.createdAt), desc(licences.id)),
    db.all<
      RowOf<VisitEntry> & { therapistId: number | null; therapistName: string | null; therapistSlug: string | null }
    >(sql`
      select v.id as id, v.visited_at as visitedAt, ${other('o')},
        ${linkId('t')} as therapistId, t.name as therapistName, ${linkSlug('t')} as therapistSlug
      from visits as v join users as o on o.id = v.spa_id left join users as t on t.id = v.therapist_id
      where v.client_id = ${me} order by v.visited_at desc, v.id desc`),
  ] as const;
}

/** What the batch answers: one list of rows per query of `exportQueries`, in its order. */
type ExportResults = BatchResponse<ReturnType<typeof exportQueries>>;

const member = (row: Pick<FavouriteRow, 'otherId' | 'otherName' | 'otherSlug'>) => ({
  id: row.otherId === null ? null : Number(row.otherId),
  name: String(row.otherName),
  slug: row.otherSlug ?? null,
});

/** Drops the other member's columns from a row and puts them back as one `member` object. */
function withMember<Row extends OtherColumns>(row: Row) {
  const { otherId: _id, otherName: _name, otherSlug: _slug, ...rest } = row;
  return { ...rest, member: member(row) };
}

function favouriteListsFromRows(rows: FavouriteRow[]): ExportFavouriteList[] {
  const byId = new Map<number, ExportFavouriteList>();
  for (const row of rows) {
    const id = Number(row.listId);
    let list = byId.get(id);
    if (!list) {
      list = {
        id,
        name: String(row.listName),
        isDefault: Number(row.isDefault) === 1,
        createdAt: Number(row.listCreatedAt),
        saved: [],
      };
      byId.set(id, list);
    }
    // A saved entry's member always exists (its row goes with the member's).
    if (row.savedAt !== null && row.otherRole !== null)
      list.saved.push({ savedAt: row.savedAt, role: row.otherRole, member: member(row) });
  }
  return [...byId.values()];
}

const split = <Row extends OtherColumns>(rows: Directed<Row>[]) => ({
  given: rows.filter((row) => row.direction === 'given').map(({ direction: _d, ...row }) => withMember(row)),
  received: rows.filter((row) => row.direction === 'received').map(({ direction: _d, ...row }) => withMember(row)),
});

/** The document: the member's own account (from the session's row) and everything the queries found. */
export function buildExport(
  user: UserRow,
  results: ExportResults,
  currentSessionId: string,
  now = Date.now(),
): DataExport {
  const [
    favourites,
    written,
    received,
    stars,
    flowers,
    medals,
    redFlags,
    lineup,
    analytics,
    payments,
    sessions,
    blocks,
    chatReports,
    reviewReports,
    aiAssist,
    oldSlugs,
    licenceRows,
    visitRows,
  ] = results;
  return {
    exportedAt: new Date(now).toISOString(),
    about:
      'Your data on SpaConnect PH (Data Privacy Act of 2012, right of access). Times are milliseconds since 1970-01-01 UTC. Other members appear by their public name and profile link only.',
    account: {
      ...sharedMemberFields(user),
      email: user.email,
      pendingEmail: user.pendingEmail,
      address: user.address,
      latitude: user.latitude,
      longitude: user.longitude,
      chatInvisible: user.chatInvisible,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      formerProfileLinks: oldSlugs.map((row) => row.slug),
    },
    favourites: favouriteListsFromRows(favourites),
    reviews: { written: written.map(withMember), received: received.map(withMember) },
    gifts: { stars: split(stars), flowers: split(flowers), medals: split(medals) },
    redFlags: split(redFlags),
    lineup: lineup.map(withMember),
    spaAnalytics: user.role === 'spa_management' ? analytics : [],
    premium: {
      isPremium: isPremiumMember(user, now),
      isPro: isProMember(user, now),
      complimentary: user.isPremium,
      premiumUntil: user.premiumUntil,
      proUntil: user.proUntil,
      trialStartedAt: user.trialStartedAt,
      payments,
    },
    sessions: sessions.map((row) => ({ ...row, current: row.id === currentSessionId })),
    chat: { blocked: blocks.map(withMember), reportsFiled: chatReports.map(withMember) },
    reviewReportsFiled: reviewReports,
    aiAssistUses: aiAssist,
    licences: licenceRows.map((row) => toLicence(row, manilaDay(now))),
    visits: visitRows.map(({ therapistId, therapistName, therapistSlug, ...row }) => ({
      ...withMember(row),
      therapist:
        therapistName === null
          ? null
          : member({ otherId: therapistId, otherName: therapistName, otherSlug: therapistSlug }),
    })),
  };
}
