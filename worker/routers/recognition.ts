// Stars, flowers, medals and red flags: giving them (one conditional INSERT each, worker/services/recognition.ts),
// disputing a red flag, the histories (medals, red flags, stars, flowers, transactions) and the recipient lists
// of the Give Star / Give Flower dialogs. Reads ride in one batch with the session lookup (one round trip);
// a gift is the session lookup plus one batch (two). Red flags are shown only to the flagged member, spa
// management, therapists and admins.
import { sql, type SQL } from 'drizzle-orm';
import { PICKER_CHOICES_MAX, RED_FLAG_COUNTING_DAYS, TRANSACTIONS_WINDOW_DAYS } from '../../common/limits.ts';
import {
  dailyLimit,
  mayViewRedFlags,
  RECOGNITION_MESSAGES,
  TRANSACTION_KIND,
  type HistorySide,
  type RecognitionKind,
  type RedFlagDisputeState,
} from '../../common/recognition.ts';
import {
  disputeInput,
  medalInput,
  memberRefInput,
  recipientsInput,
  spasInput,
  redFlagInput,
  starOrFlowerInput,
  transactionsInput,
  type MemberRef,
} from '../../common/recognition-input.ts';
import {
  giftHistorySchema,
  medalHistorySchema,
  recipientChoiceSchema,
  recognitionGiftSchema,
  recognitionTransactionsSchema,
  redFlagDisputeSchema,
  redFlagHistorySchema,
  spaChoiceSchema,
  type HistoryPerson,
  type MedalEntry,
  type RedFlagEntry,
} from '../../common/recognition-output.ts';
import * as z from '../../common/zod.ts';
import { REVIEW_MESSAGES } from '../../common/reviews.ts';
import type { Role } from '../../common/roles.ts';
import { DAY_MS, manilaDay, secondsUntilManilaMidnight } from '../../common/time.ts';
import { containsTerm, type Database } from '../db.ts';
import { purgeLeaderboards } from '../services/leaderboards.ts';
import { therapistSpaMembers } from '../services/lineup.ts';
import {
  checkGiver,
  diagnoseStatement,
  explainRefusal,
  giveStatement,
  refusalError,
  type Gift,
} from '../services/recognition.ts';
import { memberReadProcedure, router, signedInProcedure, signedInViewer, type Context } from '../trpc.ts';
import type { UserRow } from '../services/sessions.ts';
import { memberIdBySlug, visibleMember } from '../services/profiles.ts';
import { verifiedVisitSql } from '../services/verified-visits.ts';
import { linkId, linkMemberNumber, linkSlug, notBanned, premiumNow } from '../services/member-sql.ts';
import { conflict, forbidden, notFound } from '../errors.ts';

const HISTORY_LIMIT = 200;

/** Gives one recognition: two round trips (session, then the insert and its diagnosis in one batch). */
async function give(ctx: Context & { user: UserRow }, gift: Omit<Gift, 'giverId' | 'now' | 'day'>) {
  checkGiver(gift.kind, ctx.user, gift.recipientId);
  const now = Date.now();
  const full: Gift = { ...gift, giverId: ctx.user.id, now, day: manilaDay(now) };
  const [inserted, diagnosis] = await ctx.db.batch([giveStatement(ctx.db, full), diagnoseStatement(ctx.db, full)]);
  const found = diagnosis[0];
  if (inserted.length === 0) {
    const refusal = explainRefusal(full, found);
    if (refusal.code === 'TOO_MANY_REQUESTS')
      ctx.resHeaders.set('Retry-After', String(secondsUntilManilaMidnight(now)));
    throw refusalError(refusal);
  }
  await purgeLeaderboards();
  const limit = dailyLimit(gift.kind, Number(found?.premium) === 1);
  return {
    id: inserted[0]!.id,
    kind: gift.kind,
    recipientId: gift.recipientId,
    createdAt: now,
    dailyLimit: limit,
    remainingToday: Math.max(0, limit - Number(found?.used ?? limit)),
    verifiedVisit: Number(found?.verifiedVisit) === 1,
  };
}

/** The SQL that names the member a history is about (by id or slug); the caller resolves "oneself" first. */
function memberIdSql(ref: MemberRef): SQL {
  if (ref.userId !== undefined) return sql`${ref.userId}`;
  return memberIdBySlug(ref.slug ?? '');
}

/** Resolves "oneself" (no id, no slug) to the signed-in member's id. */
async function resolveRef(ctx: Context, ref: MemberRef): Promise<MemberRef> {
  if (ref.userId !== undefined || ref.slug !== undefined) return ref;
  const viewer = signedInViewer(await ctx.session());
  return { userId: viewer.id };
}

function memberQuery(db: Database, ref: MemberRef) {
  return db.all<{
    id: number;
    name: string;
    slug: string;
    role: Role;
    memberNumber: number;
    profilePic: string | null;
    isBanned: number;
    deletedAt: number | null;
  }>(sql`
    select id, name, slug, role, member_number as memberNumber, profile_pic as profilePic, is_banned as isBanned, deleted_at as deletedAt
    from users where id = ${memberIdSql(ref)}`);
}

/** The member a history is about, as the viewer may see them (visibleMember), without the ban and deletion flags. */
function historyMember(members: Awaited<ReturnType<typeof memberQuery>>, viewer: UserRow) {
  const {
    isBanned: _banned,
    deletedAt: _deleted,
    ...shown
  } = visibleMember(members[0], viewer, REVIEW_MESSAGES.memberNotFound);
  return shown;
}

/** A number column of a former member's entry is null. */
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Whether the recognition `r` follows a visit between its giver and recipient (worker/services/verified-visits.ts). */
const VERIFIED = verifiedVisitSql(sql`r.giver_id`, sql`r.recipient_id`, sql`r.created_at`);
const verifiedOf = (row: Record<string, unknown>) => Number(row.verifiedVisit) === 1;

/** Given and received entries of medals or red flags, with the other member as the spec lists them. */
function historyQuery(db: Database, table: 'medals' | 'red_flags', side: HistorySide, ref: MemberRef) {
  const [mine, theirs] = side === 'given' ? ['giver_id', 'recipient_id'] : ['recipient_id', 'giver_id'];
  const redFlagColumns =
    table === 'red_flags'
      ? sql`, r.description as description, (select state from red_flag_disputes where red_flag_id = r.id) as disputeState`
      : sql``;
  return db.all<Record<string, unknown>>(sql`
    select r.id as id, r.reason as reason, r.created_at as createdAt, ${linkId('o')} as otherId, o.name as otherName, ${linkSlug('o')} as otherSlug,
      ${linkMemberNumber('o')} as otherMemberNumber, o.role as otherRole, o.profile_pic as otherPic,
      ${VERIFIED} as verifiedVisit${redFlagColumns}
    from ${sql.raw(table)} as r join users as o on o.id = r.${sql.raw(theirs)}
    where r.${sql.raw(mine)} = ${memberIdSql(ref)}
    order by r.created_at desc, r.id desc limit ${HISTORY_LIMIT}`);
}

/**
 * The other member of an entry; a former member (deleted account) has no id, slug nor member number: nothing links
 * to them, nor ties their entries together.
 */
function person(row: Record<string, unknown>): HistoryPerson {
  return {
    id: numberOrNull(row.otherId),
    name: String(row.otherName),
    slug: (row.otherSlug as string | null) ?? null,
    memberNumber: numberOrNull(row.otherMemberNumber),
    role: row.otherRole as Role,
    profileImageUrl: (row.otherPic as string | null) ?? null,
  };
}

/** A medal entry: the recipient of one given, the giver of one received. */
function medalEntry(row: Record<string, unknown>, side: HistorySide): MedalEntry {
  return {
    id: Number(row.id),
    reason: (row.reason as string | null) ?? null,
    createdAt: Number(row.createdAt),
    ...(side === 'given' ? { recipient: person(row) } : { giver: person(row) }),
    verifiedVisit: verifiedOf(row),
  };
}

/** A red flag entry: a medal entry's fields, its description, whether it still counts, and its dispute. */
function redFlagEntry(row: Record<string, unknown>, side: HistorySide, now: number): RedFlagEntry {
  return {
    ...medalEntry(row, side),
    description: (row.description as string | null) ?? null,
    /** Red flags stop counting a year after they were given. */
    counts: Number(row.createdAt) > now - RED_FLAG_COUNTING_DAYS * DAY_MS,
    disputeState: (row.disputeState as RedFlagDisputeState | null) ?? null,
  };
}

/** Red flags are visible to the flagged member (and the giver), spa management, therapists and admins only. */
function assertMayViewRedFlags(viewer: UserRow, memberId: number): void {
  if (viewer.id !== memberId && !mayViewRedFlags(viewer.role)) throw forbidden(RECOGNITION_MESSAGES.redFlagsForbidden);
}

async function medalOrRedFlagHistory<Entry>(
  ctx: Context,
  refInput: MemberRef,
  table: 'medals' | 'red_flags',
  entry: (row: Record<string, unknown>, side: HistorySide, now: number) => Entry,
) {
  const ref = await resolveRef(ctx, refInput);
  const { viewer, results } = await ctx.readBesideSession([
    memberQuery(ctx.db, ref),
    historyQuery(ctx.db, table, 'given', ref),
    historyQuery(ctx.db, table, 'received', ref),
  ]);
  const user = signedInViewer(viewer);
  const [members, given, received] = results as [
    Awaited<ReturnType<typeof memberQuery>>,
    Record<string, unknown>[],
    Record<string, unknown>[],
  ];
  const member = historyMember(members, user);
  if (table === 'red_flags') assertMayViewRedFlags(user, member.id);
  const now = Date.now();
  return {
    user: member,
    given: given.map((row) => entry(row, 'given', now)),
    received: received.map((row) => entry(row, 'received', now)),
  };
}

/**
 * Stars or flowers of a member: given for a client, received otherwise. The daily limit goes to every viewer: a
 * client's own (premium gives more), else the rule each client gives by; what is used and left today only to the
 * client themselves.
 */
async function starsOrFlowers(ctx: Context, refInput: MemberRef, kind: 'star' | 'flower') {
  const ref = await resolveRef(ctx, refInput);
  const table = sql.raw(kind === 'star' ? 'stars' : 'flowers');
  const member = memberIdSql(ref);
  const now = Date.now();
  const today = manilaDay(now);
  const side = sql`(case when (select role from users where id = ${member}) = 'client' then r.giver_id else r.recipient_id end)`;
  const { viewer, results } = await ctx.readBesideSession([
    memberQuery(ctx.db, ref),
    ctx.db.all<Record<string, unknown>>(sql`
      select r.id as id, r.reason as reason, r.created_at as createdAt,
        ${linkId('g')} as giverId, g.name as giverName, ${linkSlug('g')} as giverSlug, ${linkMemberNumber('g')} as giverMemberNumber,
        ${linkId('p')} as recipientId, p.name as recipientName, ${linkSlug('p')} as recipientSlug, ${linkMemberNumber('p')} as recipientMemberNumber,
        s.id as spaId, s.name as spaName, ${VERIFIED} as verifiedVisit
      from ${table} as r join users as g on g.id = r.giver_id join users as p on p.id = r.recipient_id
      left join spas as s on s.id = r.spa_id
      where ${side} = ${member}
      order by r.created_at desc, r.id desc limit ${HISTORY_LIMIT}`),
    ctx.db.all<{ total: number; usedToday: number; premium: number }>(sql`
      select (select count(*) from ${table} as r where ${side} = ${member}) as total,
        (select count(*) from ${table} where giver_id = ${member} and manila_day = ${today}) as usedToday,
        (select ${premiumNow(now)} from users where id = ${member}) as premium`),
  ]);
  const user = signedInViewer(viewer);
  const [members, rows, figures] = results as [
    Awaited<ReturnType<typeof memberQuery>>,
    Record<string, unknown>[],
    { total: number; usedToday: number; premium: number }[],
  ];
  const target = historyMember(members, user);
  const counts = figures[0]!;
  const giver = target.role === 'client';
  const limit = dailyLimit(kind, giver && Number(counts.premium) === 1);
  const own = giver && user.id === target.id;
  const usedToday = own ? Number(counts.usedToday) : null;
  return {
    user: target,
    direction: giver ? ('given' as const) : ('received' as const),
    total: Number(counts.total),
    dailyLimit: { limit, usedToday, remaining: usedToday === null ? null : Math.max(0, limit - usedToday) },
    entries: rows.map((row) => ({
      id: Number(row.id),
      reason: (row.reason as string | null) ?? null,
      createdAt: Number(row.createdAt),
      giver: {
        id: numberOrNull(row.giverId),
        name: String(row.giverName),
        slug: (row.giverSlug as string | null) ?? null,
        memberNumber: numberOrNull(row.giverMemberNumber),
      },
      recipient: {
        id: numberOrNull(row.recipientId),
        name: String(row.recipientName),
        slug: (row.recipientSlug as string | null) ?? null,
        memberNumber: numberOrNull(row.recipientMemberNumber),
      },
      spa: row.spaId === null ? null : { id: Number(row.spaId), name: String(row.spaName) },
      verifiedVisit: verifiedOf(row),
    })),
  };
}

export const recognitionRouter = router({
  giveStar: signedInProcedure
    .input(starOrFlowerInput)
    .output(recognitionGiftSchema)
    .mutation(({ ctx, input }) =>
      give(ctx, {
        kind: 'star',
        recipientId: input.recipientId,
        spa: { id: input.spaId, required: true },
        reason: input.reason,
      }),
    ),
  giveFlower: signedInProcedure
    .input(starOrFlowerInput)
    .output(recognitionGiftSchema)
    .mutation(({ ctx, input }) =>
      give(ctx, {
        kind: 'flower',
        recipientId: input.recipientId,
        spa: { id: input.spaId, required: true },
        reason: input.reason,
      }),
    ),
  giveMedal: signedInProcedure
    .input(medalInput)
    .output(recognitionGiftSchema)
    .mutation(({ ctx, input }) => give(ctx, { kind: 'medal', recipientId: input.recipientId, reason: input.reason })),
  reportRedFlag: signedInProcedure
    .input(redFlagInput)
    .output(recognitionGiftSchema)
    .mutation(({ ctx, input }) =>
      give(ctx, {
        kind: 'red_flag',
        recipientId: input.targetUserId,
        reason: input.reason,
        description: input.description,
      }),
    ),

  /** The flagged member disputes a red flag with a short statement; the record waits for the moderation queue. */
  disputeRedFlag: signedInProcedure
    .input(disputeInput)
    .output(redFlagDisputeSchema)
    .mutation(async ({ ctx, input }) => {
      const [inserted, found] = await ctx.db.batch([
        ctx.db.all<{ id: number; state: RedFlagDisputeState; createdAt: number }>(sql`
        insert into red_flag_disputes (red_flag_id, user_id, statement, state)
        select id, recipient_id, ${input.statement}, 'open' from red_flags where id = ${input.redFlagId} and recipient_id = ${ctx.user.id}
        on conflict (red_flag_id) do nothing
        returning id, state, created_at as createdAt`),
        ctx.db.all<{ recipientId: number | null; disputed: number }>(sql`
        select (select recipient_id from red_flags where id = ${input.redFlagId}) as recipientId,
          exists (select 1 from red_flag_disputes where red_flag_id = ${input.redFlagId}) as disputed`),
      ]);
      if (inserted[0])
        return {
          id: inserted[0].id,
          redFlagId: input.redFlagId,
          state: inserted[0].state,
          createdAt: inserted[0].createdAt,
        };
      const { recipientId } = found[0] ?? { recipientId: null };
      if (recipientId === null) throw notFound(RECOGNITION_MESSAGES.redFlagNotFound);
      if (Number(recipientId) !== ctx.user.id) throw forbidden(RECOGNITION_MESSAGES.disputeNotYours);
      throw conflict(RECOGNITION_MESSAGES.disputeExists);
    }),

  medalHistory: memberReadProcedure
    .input(memberRefInput)
    .output(medalHistorySchema)
    .query(({ ctx, input }) => medalOrRedFlagHistory(ctx, input, 'medals', medalEntry)),
  redFlagHistory: memberReadProcedure
    .input(memberRefInput)
    .output(redFlagHistorySchema)
    .query(({ ctx, input }) => medalOrRedFlagHistory(ctx, input, 'red_flags', redFlagEntry)),
  stars: memberReadProcedure
    .input(memberRefInput)
    .output(giftHistorySchema)
    .query(({ ctx, input }) => starsOrFlowers(ctx, input, 'star')),
  flowers: memberReadProcedure
    .input(memberRefInput)
    .output(giftHistorySchema)
    .query(({ ctx, input }) => starsOrFlowers(ctx, input, 'flower')),

  /** GET /api/users/{userId}/{type}-transactions: given and received in the window (3 months; a year for red flags). */
  transactions: memberReadProcedure
    .input(transactionsInput)
    .output(recognitionTransactionsSchema)
    .query(async ({ ctx, input }) => {
      const ref = await resolveRef(ctx, input.member);
      const kind: RecognitionKind = TRANSACTION_KIND[input.type];
      const timeframe = input.timeframe ?? (kind === 'red_flag' ? 'year' : '3months');
      const since = Date.now() - TRANSACTIONS_WINDOW_DAYS[timeframe] * DAY_MS;
      const table = sql.raw({ star: 'stars', flower: 'flowers', medal: 'medals', red_flag: 'red_flags' }[kind]);
      const member = memberIdSql(ref);
      const { viewer, results } = await ctx.readBesideSession([
        memberQuery(ctx.db, ref),
        ctx.db.all<Record<string, unknown>>(sql`
        select * from (
          select r.id as id, 'given' as direction, o.name as otherUserName, ${linkSlug('o')} as otherUserSlug, o.profile_pic as otherUserProfilePic,
            r.reason as reason, r.created_at as createdAt, ${VERIFIED} as verifiedVisit
          from ${table} as r join users as o on o.id = r.recipient_id where r.giver_id = ${member} and r.created_at >= ${since}
          union all
          select r.id, 'received', o.name, ${linkSlug('o')}, o.profile_pic, r.reason, r.created_at, ${VERIFIED}
          from ${table} as r join users as o on o.id = r.giver_id where r.recipient_id = ${member} and r.created_at >= ${since}
        ) order by createdAt desc, id desc limit ${HISTORY_LIMIT}`),
      ]);
      const user = signedInViewer(viewer);
      const [members, rows] = results as [Awaited<ReturnType<typeof memberQuery>>, Record<string, unknown>[]];
      const target = historyMember(members, user);
      if (kind === 'red_flag') assertMayViewRedFlags(user, target.id);
      return {
        user: target,
        type: input.type,
        timeframe,
        entries: rows.map((row) => ({
          id: Number(row.id),
          direction: row.direction as 'given' | 'received',
          otherUserName: String(row.otherUserName),
          otherUserSlug: (row.otherUserSlug as string | null) ?? null,
          otherUserProfilePic: (row.otherUserProfilePic as string | null) ?? null,
          reason: (row.reason as string | null) ?? null,
          createdAt: Number(row.createdAt),
          verifiedVisit: verifiedOf(row),
        })),
      };
    }),

  /** GET /api/users/spa_management and /api/users/therapist: who can receive a star or a flower (by name). */
  recipients: memberReadProcedure
    .input(recipientsInput)
    .output(z.array(recipientChoiceSchema))
    .query(async ({ ctx, input }) => {
      const { viewer, results } = await ctx.readBesideSession([
        ctx.db.all<{ id: number; name: string; slug: string; memberNumber: number; profilePic: string | null }>(sql`
        select id, name, slug, member_number as memberNumber, profile_pic as profilePic from users
        where role = ${input.role} and ${notBanned()} and ${containsTerm(sql`name_key`, input.q)}
        order by name_key limit ${PICKER_CHOICES_MAX}`),
      ]);
      signedInViewer(viewer);
      return results[0] as {
        id: number;
        name: string;
        slug: string;
        memberNumber: number;
        profilePic: string | null;
      }[];
    }),

  /**
   * The spa picker of the Give Star and Give Flower dialogs and a review's flower. With a therapist, the spas of
   * their lineup come first (`worksHere`); with a spa manager, their own listings; then other spas by name. Each
   * part holds at most PICKER_CHOICES_MAX spas, narrowed by the search: a site with thousands of spas sends a page,
   * read in name order by index, not the whole table.
   */
  spas: memberReadProcedure
    .input(spasInput)
    .output(z.array(spaChoiceSchema))
    .query(async ({ ctx, input }) => {
      const theirOwners = input?.therapistId
        ? therapistSpaMembers(input.therapistId)
        : input?.ownerId
          ? sql`(${input.ownerId})`
          : undefined;
      const spasWhere = (where: SQL) =>
        ctx.db.all<{ id: number; name: string; ownerUserId: number | null }>(sql`
        select id, name, owner_user_id as ownerUserId from spas where (${where}) and ${containsTerm(sql`name`, input?.q)}
        order by name, id limit ${PICKER_CHOICES_MAX}`);
      const { viewer, results } = await ctx.readBesideSession(
        theirOwners
          ? [
              spasWhere(sql`owner_user_id in ${theirOwners}`),
              spasWhere(sql`owner_user_id is null or owner_user_id not in ${theirOwners}`),
            ]
          : [spasWhere(sql`1`)],
      );
      signedInViewer(viewer);
      const [theirs, others] = theirOwners ? results : [[], results[0]];
      type Spa = { id: number; name: string; ownerUserId: number | null };
      return [
        ...(theirs as Spa[]).map((spa) => ({ ...spa, worksHere: true })),
        ...(others as Spa[]).map((spa) => ({ ...spa, worksHere: false })),
      ];
    }),
});
