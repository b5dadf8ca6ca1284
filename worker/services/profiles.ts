// The queries behind profile reads. Each read is one batch sent with the viewer's session lookup
// (Context.readWithSession), so it costs one database round trip: the target member is named inside the SQL
// (by id, by current or former slug, or as the session's own member), and visibility (banned members, red
// flags) is decided on the rows that come back. Lists are newest first, a page of PROFILE_PAGE_SIZE at a time,
// continued with an opaque cursor (`<createdAt>.<id>` of the last item).
import { and, desc, eq, isNull, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { alias } from 'drizzle-orm/sqlite-core';
import {
  canSeeContact,
  CONTACT_HANDLES,
  PROFILE_PAGE_SIZE,
  PROFILE_TEXTS,
  type ContactHandles,
  type Giver,
  type GivenRecord,
  type Page,
  type ProfileRef,
  type PublicProfile,
  type ReceivedRecord,
  type Review,
} from '../../common/profile.ts';
import { flowers, medals, redFlags, reviews, stars, users } from '../../db/schema.ts';
import { RED_FLAG_COUNTING_DAYS } from '../../common/limits.ts';
import { coordinateShown } from '../../common/geo.ts';
import { pageOf } from '../../common/page.ts';
import { builtOnce, jsonRowOf, type Database } from '../db.ts';
import { linkId, linkSlug } from './member-sql.ts';
import { sessionMemberId, type UserRow } from './sessions.ts';
import { SHARED_MEMBER_KEYS, sharedMemberFields, userColumns } from './users.ts';
import { licenceBadgeJson, licensedFieldsOf } from './licensed.ts';
import { spaAverageRating } from './spa-rating.ts';
import { verifiedVisitSql, verifyingVisitJson, verifyingVisitOf } from './verified-visits.ts';
import { verificationReason } from '../../common/visits.ts';
import { DAY_MS } from '../../common/time.ts';
import { badRequest, notFound } from '../errors.ts';

/** Slugs that never name a member: a client that lost its slug sends the literal "undefined". */
const NO_MEMBER_SLUGS = new Set(['undefined', 'null']);

/** The target member's id as an SQL expression, resolved inside the same statement. */
export function targetIdSql(ref: ProfileRef, sessionId: string): SQL {
  if ('userId' in ref) return sql`${ref.userId}`;
  if ('me' in ref) return sessionMemberId(sessionId);
  return memberIdBySlug(ref.slug);
}

/** The member a slug names now, or named before a rename (old links keep working), as an SQL expression. */
export function memberIdBySlug(rawSlug: string): SQL {
  return memberIdOfSlug(slugKey(rawSlug));
}

/** A slug as the users and slug_history tables keep it; null for one that never names a member. */
function slugKey(rawSlug: string): string | null {
  const slug = rawSlug.toLowerCase();
  return NO_MEMBER_SLUGS.has(slug) ? null : slug;
}

function memberIdOfSlug(slug: string | null | Placeholder): SQL {
  return sql`coalesce((select named.id from users as named where named.slug = ${slug}),
    (select former.user_id from slug_history as former where former.slug = ${slug}))`;
}

/**
 * A query about one target member, built once per isolate for each way a read names its target (by id, by slug, as
 * the session's own member; `builtOnce` in worker/db.ts) and sent with the request's values: building a profile's
 * SELECT took about a fifth of the Worker's CPU for a profile read. `build` names the target with `target` and any
 * other value with `sql.placeholder(name)`, given in `values`.
 */
export function targetRead<Q extends BatchItem<'sqlite'>>(build: (db: Database, target: SQL) => Q) {
  const target = sql.placeholder('target');
  const byKind = {
    id: builtOnce((db) => build(db, sql`${target}`)),
    me: builtOnce((db) => build(db, sessionMemberId(target))),
    slug: builtOnce((db) => build(db, memberIdOfSlug(target))),
  };
  return (db: Database, ref: ProfileRef, sessionId: string, values: Record<string, unknown> = {}): Q => {
    if ('userId' in ref) return byKind.id(db, { ...values, target: ref.userId });
    if ('me' in ref) return byKind.me(db, { ...values, target: sessionId });
    return byKind.slug(db, { ...values, target: slugKey(ref.slug) });
  };
}

/** The target's id, role, ban and deletion state, for the visibility checks of every read. */
export function targetQuery(db: Database, target: SQL) {
  return db
    .select({ id: users.id, role: users.role, isBanned: users.isBanned, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, target))
    .limit(1);
}

/**
 * The one rule of who may see a member: an unknown member and a former member (a deleted account, ADR 022) are
 * 404 to everyone, a banned one to anyone but an admin (`message`: the screen's own words for it). Answers the
 * member otherwise.
 */
export function visibleMember<T extends { isBanned: boolean | number; deletedAt: number | null }>(
  member: T | undefined,
  viewer: Pick<UserRow, 'role'>,
  message: string = PROFILE_TEXTS.userNotFound,
): T {
  if (!member || member.deletedAt !== null || (Number(member.isBanned) === 1 && viewer.role !== 'admin'))
    throw notFound(message);
  return member;
}

// ---------------------------------------------------------------------------------------------------------
// The profile

/** The outer row's id inside a subquery (drizzle leaves columns unqualified in single-table statements). */
const OUTER_USER_ID = sql.raw('"users"."id"');

/**
 * How many reviews the member wrote of members of a role. The member's own reviews come first (CROSS JOIN keeps
 * SQLite's loops in this order): led by the role's index, SQLite walked every member of the role, 20,000 therapists
 * for each profile read.
 */
const reviewCountOfRole = (role: string) =>
  sql<number>`(select count(*) from reviews as written cross join users as reviewed on reviewed.id = written.target_user_id
    where written.reviewer_id = ${OUTER_USER_ID} and reviewed.role = ${role})`;

/**
 * The member's columns a profile reads: what it shows and what its visibility check needs. The email, the password
 * hash and the chat settings never leave the database for it.
 */
const PROFILE_MEMBER_KEYS = [
  ...SHARED_MEMBER_KEYS,
  'address',
  'latitude',
  'longitude',
  'createdAt',
  'isBanned',
  'deletedAt',
] as const;
type ProfileMember = Pick<UserRow, (typeof PROFILE_MEMBER_KEYS)[number]>;

/** The profile card's row: the member and their review counts and rating. */
export const profileRead = targetRead((db, target) =>
  db
    .select({
      // One JSON text for the member's columns (worker/db.ts jsonRowOf): every profile read sends this query.
      user: jsonRowOf(userColumns(PROFILE_MEMBER_KEYS)),
      received: sql<number>`(select count(*) from reviews as got where got.target_user_id = ${OUTER_USER_ID} and got.removed_at is null)`,
      spasReviewed: reviewCountOfRole('spa_management'),
      therapistsReviewed: reviewCountOfRole('therapist'),
      averageRating: sql<
        number | null
      >`case when ${users.role} = 'spa_management' then ${spaAverageRating(OUTER_USER_ID)} end`,
      licence: licenceBadgeJson(OUTER_USER_ID, sql`${sql.placeholder('today')}`),
    })
    .from(users)
    .where(eq(users.id, target))
    .limit(1),
);

/** The contact fields of a profile a viewer may not see (canSeeContact): none of them. */
const NO_CONTACT = {
  phoneNumber: null,
  ...(Object.fromEntries(CONTACT_HANDLES.map(({ key }) => [key, null])) as ContactHandles),
};

/**
 * Only the public part of the row: never the email, the hash, premium dates or the chatbot flag; the phone and
 * handles only to the viewers the Contact tab shows them to (canSeeContact); a therapist's position rounded for
 * other members (common/geo.ts coordinateShown).
 */
export function toPublicProfile(
  row: {
    user: ProfileMember;
    received: number;
    spasReviewed: number;
    therapistsReviewed: number;
    averageRating: number | null;
    licence: string | null;
  },
  viewer: Pick<UserRow, 'id' | 'role'>,
): PublicProfile {
  const { user } = row;
  const located = user.role === 'spa_management' || user.role === 'therapist';
  const precise = user.role === 'spa_management' || viewer.id === user.id || viewer.role === 'admin';
  return {
    ...sharedMemberFields(user),
    ...(canSeeContact(viewer, user) ? {} : NO_CONTACT),
    address: located ? user.address : null,
    latitude: located && user.latitude !== null ? coordinateShown(user.latitude, precise) : null,
    longitude: located && user.longitude !== null ? coordinateShown(user.longitude, precise) : null,
    createdAt: user.createdAt,
    ...(viewer.role === 'admin' && user.isBanned ? { isBanned: true } : {}),
    reviewCounts: {
      received: Number(row.received),
      spasReviewed: Number(row.spasReviewed),
      therapistsReviewed: Number(row.therapistsReviewed),
    },
    averageRating: row.averageRating === null ? null : Number(row.averageRating),
    ...licensedFieldsOf(row.licence),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Counts

const countWhere = (table: string, column: string, target: SQL) =>
  sql<number>`(select count(*) from ${sql.raw(table)} where ${sql.raw(column)} = ${target})`;

/** How many of a recognition the target received that follow a visit (worker/services/verified-visits.ts). */
const verifiedReceivedCount = (table: string, target: SQL, since?: SQL) =>
  sql<number>`(select count(*) from ${sql.raw(table)} as got where got.recipient_id = ${target}
    ${since ? sql`and got.created_at >= ${since}` : sql``}
    and ${verifiedVisitSql(sql`got.giver_id`, sql`got.recipient_id`, sql`got.created_at`)})`;

/** The target row with every recognition count, in one statement; red flags given since `redFlagsSince` count. */
export const statsCountsRead = targetRead((db, target) =>
  db
    .select({
      id: users.id,
      role: users.role,
      isBanned: users.isBanned,
      deletedAt: users.deletedAt,
      starsReceived: countWhere('stars', 'recipient_id', target),
      starsGiven: countWhere('stars', 'giver_id', target),
      flowersReceived: countWhere('flowers', 'recipient_id', target),
      flowersGiven: countWhere('flowers', 'giver_id', target),
      medalsReceived: countWhere('medals', 'recipient_id', target),
      // Red flags stop counting a year after they were given (the spec's red-flag window).
      redFlagsReceived: sql<number>`(select count(*) from red_flags where recipient_id = ${target}
        and created_at >= ${sql.placeholder('redFlagsSince')})`,
      starsVerifiedReceived: verifiedReceivedCount('stars', target),
      flowersVerifiedReceived: verifiedReceivedCount('flowers', target),
      medalsVerifiedReceived: verifiedReceivedCount('medals', target),
      redFlagsVerifiedReceived: verifiedReceivedCount('red_flags', target, sql`${sql.placeholder('redFlagsSince')}`),
    })
    .from(users)
    .where(eq(users.id, target))
    .limit(1),
);

/** The values `statsCountsRead` needs beside its target: red flags stop counting a year after they were given. */
export function statsCountsValues(now = Date.now()) {
  return { redFlagsSince: now - RED_FLAG_COUNTING_DAYS * DAY_MS };
}

// ---------------------------------------------------------------------------------------------------------
// Pages

interface Cursor {
  createdAt: number;
  id: number;
}

export function parseCursor(cursor: string | null | undefined): Cursor | null {
  if (!cursor) return null;
  const match = /^(\d{1,16})\.(\d{1,16})$/.exec(cursor);
  if (!match) throw badRequest('The cursor is not valid. Start again from the first page.');
  return { createdAt: Number(match[1]), id: Number(match[2]) };
}

/** Rows after the cursor in (createdAt desc, id desc) order. */
function afterCursor(columns: { createdAt: any; id: any }, cursor: Cursor | null): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    lt(columns.createdAt, cursor.createdAt),
    and(eq(columns.createdAt, cursor.createdAt), lt(columns.id, cursor.id)),
  );
}

/** One page of rows, newest first; the cursor names the last row's (createdAt, id). */
export function toPage<R extends { id: number; createdAt: number }, T>(rows: R[], map: (row: R) => T): Page<T> {
  return pageOf(rows, PROFILE_PAGE_SIZE, map, (last) => `${last.createdAt}.${last.id}`);
}

/** Stars, flowers, medals and red flags share their columns. */
type RecognitionTable = typeof medals;
export const RECOGNITIONS = {
  stars: stars as unknown as RecognitionTable,
  flowers: flowers as unknown as RecognitionTable,
  medals,
  redFlags: redFlags as unknown as RecognitionTable,
};
export type RecognitionKind = keyof typeof RECOGNITIONS;

/**
 * A page of one kind of recognition: received by the target (with the giver) or given by the target (with the
 * recipient).
 */
export function recognitionPageQuery(
  db: Database,
  kind: RecognitionKind,
  side: 'received' | 'given',
  target: SQL,
  cursor: Cursor | null,
) {
  const table = RECOGNITIONS[kind];
  const other = alias(users, 'other');
  const [own, theirs] = side === 'received' ? [table.recipientId, table.giverId] : [table.giverId, table.recipientId];
  return db
    .select({
      id: table.id,
      createdAt: table.createdAt,
      reason: table.reason,
      otherId: linkId('other'),
      otherName: other.name,
      otherSlug: linkSlug('other'),
      verifiedVisit: verifiedVisitSql(sql`${table.giverId}`, sql`${table.recipientId}`, sql`${table.createdAt}`),
    })
    .from(table)
    .innerJoin(other, eq(other.id, theirs))
    .where(and(eq(own, target), afterCursor(table, cursor)))
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(PROFILE_PAGE_SIZE + 1);
}

type RecognitionRow = {
  id: number;
  createdAt: number;
  reason: string | null;
  otherId: number | null;
  otherName: string;
  otherSlug: string | null;
  verifiedVisit: number;
};

export const toGiver = (row: RecognitionRow): Giver => ({
  id: row.id,
  giverId: row.otherId,
  giverSlug: row.otherSlug,
  giverName: row.otherName,
  createdAt: row.createdAt,
  verifiedVisit: Number(row.verifiedVisit) === 1,
});

export const toGivenRecord = (row: RecognitionRow): GivenRecord => ({
  id: row.id,
  createdAt: row.createdAt,
  reason: row.reason,
  recipient: { id: row.otherId, name: row.otherName, slug: row.otherSlug },
  verifiedVisit: Number(row.verifiedVisit) === 1,
});

export const toReceivedRecord = (row: RecognitionRow): ReceivedRecord => ({
  id: row.id,
  createdAt: row.createdAt,
  reason: row.reason,
  giver: { id: row.otherId, name: row.otherName, slug: row.otherSlug },
  verifiedVisit: Number(row.verifiedVisit) === 1,
});

/**
 * Reviews with their reviewer and reviewed member, as every review list shows them (the profile's tabs, the
 * write-review screen, a reply's answer): newest first, at most `limit`. A review moderation removed is left
 * out, except for its author (`viewerId`, an SQL expression of the viewer's id), who sees it marked removed. A
 * review is verified by a visit in the days up to its last edit; its author is also told which visit, or none.
 */
export function reviewsWhere(db: Database, condition: SQL | undefined, limit: number, viewerId: SQL) {
  const reviewer = alias(users, 'reviewer');
  const reviewed = alias(users, 'reviewed');
  const pair = [sql`${reviews.reviewerId}`, sql`${reviews.targetUserId}`] as const;
  const at = sql`coalesce(${reviews.updatedAt}, ${reviews.createdAt})`;
  return db
    .select({
      id: reviews.id,
      createdAt: reviews.createdAt,
      updatedAt: reviews.updatedAt,
      reviewText: reviews.reviewText,
      ambienceRating: reviews.ambienceRating,
      amenitiesRating: reviews.amenitiesRating,
      bookingRating: reviews.bookingRating,
      selectionRating: reviews.selectionRating,
      replyText: reviews.replyText,
      replyCreatedAt: reviews.replyCreatedAt,
      replyUpdatedAt: reviews.replyUpdatedAt,
      reviewerId: linkId('reviewer'),
      reviewerName: reviewer.name,
      reviewerSlug: linkSlug('reviewer'),
      targetId: linkId('reviewed'),
      targetName: reviewed.name,
      targetSlug: linkSlug('reviewed'),
      targetRole: reviewed.role,
      removedAt: reviews.removedAt,
      verifiedVisit: verifiedVisitSql(...pair, at),
      ownReview: sql<number>`${reviews.reviewerId} = ${viewerId}`,
      verifyingVisit: sql<
        string | null
      >`case when ${reviews.reviewerId} = ${viewerId} then ${verifyingVisitJson(...pair, at)} end`,
    })
    .from(reviews)
    .innerJoin(reviewer, eq(reviewer.id, reviews.reviewerId))
    .innerJoin(reviewed, eq(reviewed.id, reviews.targetUserId))
    .where(and(condition, or(isNull(reviews.removedAt), eq(reviews.reviewerId, viewerId))))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(limit);
}

/** A page of reviews written by the target (`made`) or about the target (`received`). */
export function reviewPageQuery(
  db: Database,
  side: 'made' | 'received',
  target: SQL,
  cursor: Cursor | null,
  viewerId: SQL,
) {
  return reviewsWhere(
    db,
    and(eq(side === 'made' ? reviews.reviewerId : reviews.targetUserId, target), afterCursor(reviews, cursor)),
    PROFILE_PAGE_SIZE + 1,
    viewerId,
  );
}

type ReviewRow = Awaited<ReturnType<typeof reviewsWhere>>[number];

export const toReview = (row: ReviewRow): Review => ({
  id: row.id,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  reviewText: row.reviewText,
  ambienceRating: row.ambienceRating,
  amenitiesRating: row.amenitiesRating,
  bookingRating: row.bookingRating,
  selectionRating: row.selectionRating,
  reviewer: { id: row.reviewerId, name: row.reviewerName, slug: row.reviewerSlug },
  targetUser: { id: row.targetId, name: row.targetName, slug: row.targetSlug, role: row.targetRole },
  reply:
    row.replyText === null
      ? null
      : { text: row.replyText, createdAt: row.replyCreatedAt ?? row.createdAt, updatedAt: row.replyUpdatedAt },
  removed: row.removedAt !== null,
  verifiedVisit: Number(row.verifiedVisit) === 1,
  verification:
    Number(row.ownReview) === 1
      ? {
          verified: Number(row.verifiedVisit) === 1,
          reason: verificationReason(verifyingVisitOf(row.verifyingVisit), row.targetRole),
        }
      : null,
});
