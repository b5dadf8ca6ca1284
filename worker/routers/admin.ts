// The admin dashboard (spec part 2 sections 2, 5 to 9; issue 10): stats, spa listings with images, user search
// and lists, the ban that works (and its lifting), the chatbot flag, analytics, the moderation queue and the
// audit log. Admins only: 401 signed out, 403 for everyone else. Reads ride in one batch with the session
// lookup (one round trip) and are answered only once the viewer turns out to be an admin; every write goes in
// one batch with its audit entry.
import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { z } from 'zod';
import {
  ACTIONS_BY_KIND,
  ADMIN_PAGE_SIZE,
  ADMIN_SEARCH_RESULTS_MAX,
  ADMIN_TEXTS,
  ANALYTICS_WEEKS,
  adminSearchInput,
  bioPreview,
  chatBotInput,
  LATEST_USERS_COUNT,
  moderationQueueInput,
  pageInput,
  resolveReportInput,
  spaIdInput,
  spaInput,
  spaUpdateInput,
  TOP_RATED_SPAS_COUNT,
  userIdInput,
  type AdminSearchField,
  type AdminUser,
  type AuditEntry,
  type ModerationItem,
} from '../../common/admin.ts';
import type { WeeklyHours } from '../../common/opening-hours.ts';
import { ROLES, type Role } from '../../common/roles.ts';
import { adminAuditLog, chatReports, redFlagDisputes, reviewReports, spas, users } from '../../db/schema.ts';
import { escapeLike, type Database } from '../db.ts';
import { auditEntry, auditEntryIfFound, type AuditTarget } from '../services/audit.ts';
import { purgeSpaListing } from '../services/edge-cache.ts';
import { purgeLeaderboards } from '../services/leaderboards.ts';
import { deleteReplaced, imagesBinding, inspectImage, mediaBucket, reencodeImage, storeImages } from '../services/media.ts';
import { revokeUserSessions, type UserRow } from '../services/sessions.ts';
import { isPremiumMember } from '../services/users.ts';
import { spaAverageRating, spaReviewCount } from '../services/spa-rating.ts';
import { spaRowsQuery, toAdminSpa } from '../services/spas.ts';
import { adminProcedure, adminReadProcedure, enforceRateLimit, router, type Context } from '../trpc.ts';
import { WEEK_MS } from '../../common/time.ts';
import { manilaDayOf } from '../services/member-sql.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';


// ---------------------------------------------------------------------------------------------------------
// Spas

/** The columns of the listing fields sent: the ones left out stay undefined; lists and hours become JSON. */
function spaColumns<Fields extends { amenities?: string[]; openingHours?: WeeklyHours | null }>({ amenities, openingHours, ...rest }: Fields) {
  return {
    ...rest,
    ...(amenities !== undefined ? { amenities: JSON.stringify(amenities) } : {}),
    ...(openingHours !== undefined ? { openingHours: openingHours ? JSON.stringify(openingHours) : null } : {}),
  };
}

/** The linked member must exist and be spa management; null unlinks. */
async function checkOwner(db: Database, ownerUserId: number | null | undefined): Promise<void> {
  if (ownerUserId === undefined || ownerUserId === null) return;
  const [owner] = await db.select({ role: users.role }).from(users).where(eq(users.id, ownerUserId));
  if (owner?.role !== 'spa_management') throw badRequest(ADMIN_TEXTS.ownerNotSpa);
}

const spaNotFound = () => notFound(ADMIN_TEXTS.spaNotFound);

// ---------------------------------------------------------------------------------------------------------
// Users

const USER_COLUMNS = sql`u.id as id, u.name as name, u.email as email, u.role as role, u.member_number as memberNumber,
  u.slug as slug, u.about_me as bio, u.viber_handle as viberHandle, u.messenger_handle as messengerHandle,
  u.telegram_handle as telegramHandle, u.created_at as createdAt, u.is_banned as isBanned, u.chat_bot as chatBot,
  u.profile_pic as profilePic, u.profile_pic_thumbnail as profilePicThumbnail, u.is_premium as premiumGrant,
  u.premium_until as premiumUntil`;

type UserRowSql = Omit<AdminUser, 'isBanned' | 'chatBot' | 'isPremium' | 'profileImageUrl'> & {
  isBanned: number;
  chatBot: number;
  premiumGrant: number;
  premiumUntil: number | null;
};

function usersQuery(db: Database, where: SQL | null, limit: number, offset = 0) {
  return db.all<UserRowSql>(sql`select ${USER_COLUMNS} from users as u ${where ? sql`where ${where}` : sql``}
    order by u.created_at desc, u.id desc limit ${limit} offset ${offset}`);
}

/** The spec's User entity: `profileImageUrl` is the profile picture under the name the admin screens read. */
function toAdminUser({ premiumGrant, premiumUntil, ...row }: UserRowSql, now = Date.now()): AdminUser {
  return {
    ...row,
    id: Number(row.id),
    memberNumber: Number(row.memberNumber),
    createdAt: Number(row.createdAt),
    isBanned: Number(row.isBanned) === 1,
    chatBot: Number(row.chatBot) === 1,
    profileImageUrl: row.profilePic,
    isPremium: isPremiumMember({ isPremium: Number(premiumGrant) === 1, premiumUntil: premiumUntil === null ? null : Number(premiumUntil) }, now),
  };
}

const TEXT_COLUMNS: Partial<Record<AdminSearchField, string>> = {
  name: 'u.name',
  email: 'u.email',
  bio: 'u.about_me',
  viberHandle: 'u.viber_handle',
  messengerHandle: 'u.messenger_handle',
  telegramHandle: 'u.telegram_handle',
};

/** The condition of User Management's search by one field (the spec's list). */
function searchCondition(field: AdminSearchField, term: string): SQL {
  const column = TEXT_COLUMNS[field];
  if (column) return sql`lower(${sql.raw(column)}) like ${`%${escapeLike(term)}%`} escape '\\'`;
  switch (field) {
    case 'role': {
      const roles = ROLES.filter((role) => role.includes(term.toLowerCase().replace(/\s+/g, '_')));
      return roles.length ? sql`u.role in (${sql.join(roles.map((role) => sql`${role}`), sql`, `)})` : sql`0`;
    }
    case 'memberNumber':
      if (!/^#?\d{1,15}$/.test(term)) throw badRequest(ADMIN_TEXTS.invalidMemberNumber);
      return sql`u.member_number = ${Number(term.replace('#', ''))}`;
    case 'createdAt':
      if (!/^\d{4}-\d{2}(-\d{2})?$/.test(term)) throw badRequest(ADMIN_TEXTS.invalidDate);
      // Registration dates as the Philippines sees them.
      return sql`${manilaDayOf(sql`u.created_at`)} like ${`${term}%`}`;
    case 'isBanned': {
      const answer = term.toLowerCase();
      if (answer !== 'yes' && answer !== 'no') throw badRequest(ADMIN_TEXTS.invalidBanned);
      return sql`u.is_banned = ${answer === 'yes' ? 1 : 0}`;
    }
    default:
      throw badRequest('Please choose a field to search.');
  }
}

/**
 * Bans or lifts a ban. An admin cannot ban themselves or another admin. A ban ends every session of the member
 * at once and closes their chat sockets through the hub; sign-in then refuses them (403), and search, the map,
 * the boards and the chat lists leave them out. Answers whether anything changed.
 */
async function setBanned(ctx: Context, actor: UserRow, userId: number, banned: boolean, because?: AuditTarget & { action: string }) {
  const [target] = await ctx.db
    .select({ id: users.id, name: users.name, role: users.role, isBanned: users.isBanned })
    .from(users)
    .where(eq(users.id, userId));
  if (!target) throw notFound(ADMIN_TEXTS.userNotFound);
  if (banned && target.id === actor.id) throw forbidden(ADMIN_TEXTS.cannotBanSelf);
  if (banned && target.role === 'admin') throw forbidden(ADMIN_TEXTS.cannotBanAdmin);
  const changed = target.isBanned !== banned;
  if (changed || because) {
    await ctx.db.batch([
      ctx.db.update(users).set({ isBanned: banned, updatedAt: Date.now() }).where(eq(users.id, target.id)),
      ...(changed ? [auditEntry(ctx.db, actor, banned ? 'user.ban' : 'user.unban', { type: 'user', id: target.id, label: target.name })] : []),
      ...(because ? [auditEntry(ctx.db, actor, because.action, because)] : []),
    ]);
  }
  if (banned) await revokeUserSessions(ctx.db, ctx.env, target.id);
  if (changed) {
    await purgeLeaderboards();
    if (target.role === 'spa_management') await purgeSpaListing();
  }
  return { target, changed };
}

// ---------------------------------------------------------------------------------------------------------
// Moderation

function moderationQueries(db: Database, state: 'open' | 'handled') {
  const open = state === 'open';
  const reporter = alias(users, 'reporter');
  const subject = alias(users, 'subject');
  const handler = alias(users, 'handler');
  const target = alias(users, 'target');
  const limit = 100;
  const chat = db
    .select({
      id: chatReports.id,
      createdAt: chatReports.createdAt,
      state: chatReports.state,
      reason: chatReports.reason,
      transcript: chatReports.transcript,
      reporter: { id: reporter.id, name: reporter.name, slug: reporter.slug },
      subject: { id: subject.id, name: subject.name, slug: subject.slug, isBanned: subject.isBanned },
      handlerId: handler.id,
      handlerName: handler.name,
      resolvedAt: chatReports.resolvedAt,
    })
    .from(chatReports)
    .innerJoin(reporter, eq(reporter.id, chatReports.reporterId))
    .innerJoin(subject, eq(subject.id, chatReports.reportedId))
    .leftJoin(handler, eq(handler.id, chatReports.resolvedBy))
    .where(open ? eq(chatReports.state, 'open') : sql`${chatReports.state} <> 'open'`)
    .orderBy(desc(chatReports.createdAt))
    .limit(limit);
  const review = db.all<{
    id: number;
    createdAt: number;
    state: string;
    reason: string;
    note: string | null;
    reporterId: number;
    reporterName: string;
    reporterSlug: string;
    authorId: number;
    authorName: string;
    authorSlug: string;
    authorBanned: number;
    reviewId: number;
    reviewText: string;
    removedAt: number | null;
    targetName: string;
    targetSlug: string;
    handlerId: number | null;
    handlerName: string | null;
    resolvedAt: number | null;
  }>(sql`
    select rr.id, rr.created_at as createdAt, rr.state, rr.reason, rr.note,
      ${reporter.id} as reporterId, ${reporter.name} as reporterName, ${reporter.slug} as reporterSlug,
      author.id as authorId, author.name as authorName, author.slug as authorSlug, author.is_banned as authorBanned,
      r.id as reviewId, r.review_text as reviewText, r.removed_at as removedAt,
      ${target.name} as targetName, ${target.slug} as targetSlug,
      ${handler.id} as handlerId, ${handler.name} as handlerName, rr.resolved_at as resolvedAt
    from review_reports as rr
    join reviews as r on r.id = rr.review_id
    join users as ${reporter} on ${reporter.id} = rr.reporter_id
    join users as author on author.id = r.reviewer_id
    join users as ${target} on ${target.id} = r.target_user_id
    left join users as ${handler} on ${handler.id} = rr.resolved_by
    where ${open ? sql`rr.state = 'open'` : sql`rr.state <> 'open'`}
    order by rr.created_at desc limit ${limit}`);
  const dispute = db.all<{
    id: number;
    createdAt: number;
    state: string;
    statement: string;
    reporterId: number;
    reporterName: string;
    reporterSlug: string;
    flagId: number | null;
    flagReason: string | null;
    giverId: number | null;
    giverName: string | null;
    giverSlug: string | null;
    giverBanned: number | null;
    handlerId: number | null;
    handlerName: string | null;
    resolvedAt: number | null;
  }>(sql`
    select d.id, d.created_at as createdAt, d.state, d.statement,
      ${reporter.id} as reporterId, ${reporter.name} as reporterName, ${reporter.slug} as reporterSlug,
      f.id as flagId, f.reason as flagReason, giver.id as giverId, giver.name as giverName, giver.slug as giverSlug,
      giver.is_banned as giverBanned, ${handler.id} as handlerId, ${handler.name} as handlerName, d.resolved_at as resolvedAt
    from red_flag_disputes as d
    join users as ${reporter} on ${reporter.id} = d.user_id
    left join red_flags as f on f.id = d.red_flag_id
    left join users as giver on giver.id = f.giver_id
    left join users as ${handler} on ${handler.id} = d.resolved_by
    where ${open ? sql`d.state = 'open'` : sql`d.state <> 'open'`}
    order by d.created_at desc limit ${limit}`);
  return [chat, review, dispute] as const;
}

type QueueResults = Awaited<ReturnType<typeof moderationQueries>[number]>;

function toModerationItems([chat, review, dispute]: [QueueResults, QueueResults, QueueResults] | readonly unknown[]): ModerationItem[] {
  const handled = (id: number | null, name: string | null) => (id === null || name === null ? null : { id: Number(id), name });
  const items: ModerationItem[] = [
    ...(chat as Awaited<ReturnType<typeof moderationQueries>[0]>).map((row) => ({
      kind: 'chat' as const,
      id: row.id,
      createdAt: row.createdAt,
      state: row.state,
      reason: row.reason,
      note: null,
      reporter: row.reporter,
      subject: row.subject,
      transcript: (JSON.parse(row.transcript) as { senderName: string; content: string; sentAt?: number }[]).map((message) => ({
        from: message.senderName,
        text: message.content,
        at: message.sentAt ?? null,
      })),
      review: null,
      redFlag: null,
      handledBy: handled(row.handlerId, row.handlerName),
      handledAt: row.resolvedAt,
      actions: row.state === 'open' ? ACTIONS_BY_KIND.chat : [],
    })),
    ...(review as Awaited<ReturnType<typeof moderationQueries>[1]>).map((row) => ({
      kind: 'review' as const,
      id: Number(row.id),
      createdAt: Number(row.createdAt),
      state: row.state,
      reason: row.reason,
      note: row.note,
      reporter: { id: Number(row.reporterId), name: row.reporterName, slug: row.reporterSlug },
      subject: { id: Number(row.authorId), name: row.authorName, slug: row.authorSlug, isBanned: Number(row.authorBanned) === 1 },
      transcript: null,
      review: { id: Number(row.reviewId), text: row.reviewText, targetName: row.targetName, targetSlug: row.targetSlug, removed: row.removedAt !== null },
      redFlag: null,
      handledBy: handled(row.handlerId, row.handlerName),
      handledAt: row.resolvedAt === null ? null : Number(row.resolvedAt),
      actions: row.state === 'open' ? ACTIONS_BY_KIND.review : [],
    })),
    ...(dispute as Awaited<ReturnType<typeof moderationQueries>[2]>).map((row) => ({
      kind: 'dispute' as const,
      id: Number(row.id),
      createdAt: Number(row.createdAt),
      state: row.state,
      reason: row.statement,
      note: null,
      reporter: { id: Number(row.reporterId), name: row.reporterName, slug: row.reporterSlug },
      subject:
        row.giverId === null ? null : { id: Number(row.giverId), name: row.giverName!, slug: row.giverSlug!, isBanned: Number(row.giverBanned) === 1 },
      transcript: null,
      review: null,
      redFlag: row.flagId === null ? null : { id: Number(row.flagId), reason: row.flagReason, recipientName: row.reporterName },
      handledBy: handled(row.handlerId, row.handlerName),
      handledAt: row.resolvedAt === null ? null : Number(row.resolvedAt),
      actions: row.state === 'open' ? ACTIONS_BY_KIND.dispute : [],
    })),
  ];
  return items.sort((a, b) => b.createdAt - a.createdAt);
}

const reportHandled = () => conflict(ADMIN_TEXTS.reportHandled);
const reportNotFound = () => notFound(ADMIN_TEXTS.reportNotFound);

// ---------------------------------------------------------------------------------------------------------

export const adminRouter = router({
  /** The four stat cards: Total Spas, Total Users, Total Reviews (sum of the spas' review counts), Avg Rating. */
  stats: adminReadProcedure.query(async ({ ctx }) => {
    const [[row]] = await ctx.readAsAdmin(() => [
      ctx.db.all<{ totalSpas: number; totalUsers: number; totalReviews: number | null; avgRating: number | null }>(sql`
        select count(*) as totalSpas, (select count(*) from users) as totalUsers, sum(rated.reviewCount) as totalReviews,
          round(avg(rated.averageRating), 1) as avgRating
        from (select ${spaReviewCount(sql`s.owner_user_id`)} as reviewCount, ${spaAverageRating(sql`s.owner_user_id`)} as averageRating
              from spas as s) as rated`),
    ] as const);
    return {
      totalSpas: Number(row!.totalSpas),
      totalUsers: Number(row!.totalUsers),
      totalReviews: Number(row!.totalReviews ?? 0),
      avgRating: row!.avgRating === null ? null : Number(row!.avgRating),
    };
  }),

  /** GET /api/spas: every listing with its rating, review count and Open/Closed from opening hours. */
  spas: adminReadProcedure.query(async ({ ctx }) => {
    const [rows] = await ctx.readAsAdmin(() => [spaRowsQuery(ctx.db)] as const);
    const now = Date.now();
    return rows.map((row) => toAdminSpa(row, now));
  }),

  /** POST /api/spas */
  createSpa: adminProcedure.input(spaInput).mutation(async ({ ctx, input }) => {
    await checkOwner(ctx.db, input.ownerUserId);
    // One batch: the spa, its audit entry (last_insert_rowid() is then the spa's id) and the listing as shown.
    const [, , rows] = await ctx.db.batch([
      ctx.db.insert(spas).values({ ...spaColumns(input), ownerUserId: input.ownerUserId ?? null }),
      auditEntryIfFound(
        ctx.db,
        ctx.user,
        'spa.create',
        { type: 'spa', id: sql`last_insert_rowid()` },
        sql`select name as label from spas where id = last_insert_rowid()`,
      ),
      // After the entry, last_insert_rowid() is the entry's id, which names the spa.
      spaRowsQuery(ctx.db, sql`s.id = (select target_id from admin_audit_log where id = last_insert_rowid())`),
    ]);
    return toAdminSpa(rows[0]!);
  }),

  /** PATCH /api/spas/{id}: the fields sent change; the others stay. */
  updateSpa: adminProcedure.input(spaUpdateInput).mutation(async ({ ctx, input }) => {
    const { id, ...fields } = input;
    await checkOwner(ctx.db, fields.ownerUserId);
    const changes = Object.fromEntries(Object.entries(spaColumns(fields)).filter(([, value]) => value !== undefined));
    const [updated, , rows] = await ctx.db.batch([
      ctx.db
        .update(spas)
        .set(changes)
        .where(eq(spas.id, id))
        .returning({ id: spas.id, name: spas.name }),
      auditEntryIfFound(
        ctx.db,
        ctx.user,
        'spa.update',
        { type: 'spa', id, detail: { fields: Object.keys(changes) } },
        sql`select name as label from spas where id = ${id}`,
      ),
      spaRowsQuery(ctx.db, sql`s.id = ${id}`),
    ]);
    if (updated.length === 0) throw spaNotFound();
    return toAdminSpa(rows[0]!);
  }),

  /** DELETE /api/spas/{id}: the listing and its image go together (no orphan in the bucket). */
  deleteSpa: adminProcedure.input(spaIdInput).mutation(async ({ ctx, input }) => {
    // The entry first, labelled from the row about to go; written only when there is one.
    const [, [deleted]] = await ctx.db.batch([
      auditEntryIfFound(ctx.db, ctx.user, 'spa.delete', { type: 'spa', id: input.id }, sql`select name as label from spas where id = ${input.id}`),
      ctx.db.delete(spas).where(eq(spas.id, input.id)).returning({ name: spas.name, imageUrl: spas.imageUrl }),
    ]);
    if (!deleted) throw spaNotFound();
    if (deleted.imageUrl) await deleteReplaced(mediaBucket(ctx.env), [deleted.imageUrl], []);
    return { message: 'Spa deleted', id: input.id };
  }),

  /**
   * POST /api/spas/{id}/upload-image (multipart field spaImage): the photo pipeline of profile pictures (magic
   * bytes, size, dimensions), re-encoded on the server into the spa preset's 800x600 box (ADR 017); the previous
   * image is deleted once the new one is in place. The input is one
   * FormData with the spa's `id` and the `spaImage` file, so tRPC clients send it as multipart/form-data (the
   * REST path sets `id` from its address).
   */
  uploadSpaImage: adminProcedure
    .input(
      z
        .instanceof(FormData)
        .transform((form) => ({ id: form.get('id') as unknown, form }))
        .pipe(z.object({ id: z.coerce.number().int().positive(ADMIN_TEXTS.spaNotFound), form: z.instanceof(FormData) })),
    )
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.UPLOAD_LIMITER, `spa-image:${ctx.user.id}`);
      const bucket = mediaBucket(ctx.env);
      const images = imagesBinding(ctx.env);
      const [spa] = await ctx.db.select({ imageUrl: spas.imageUrl, name: spas.name }).from(spas).where(eq(spas.id, input.id));
      if (!spa) throw spaNotFound();
      const upload = await inspectImage(input.form.get('spaImage'), { field: 'spaImage' });
      const [stored] = await storeImages(bucket, 'spas', input.id, await reencodeImage(images, upload, ['spa']));
      const imageUrl = stored!.url;
      let updated: { imageUrl: string | null }[];
      try {
        [updated] = await ctx.db.batch([
          ctx.db.update(spas).set({ imageUrl }).where(eq(spas.id, input.id)).returning({ imageUrl: spas.imageUrl }),
          auditEntry(ctx.db, ctx.user, 'spa.image', { type: 'spa', id: input.id, label: spa.name }),
        ]);
      } catch (error) {
        await deleteReplaced(bucket, [imageUrl], [spa.imageUrl]);
        throw error;
      }
      // The spa was deleted meanwhile: its new image must not stay behind.
      if (updated.length === 0) {
        await deleteReplaced(bucket, [imageUrl], []);
        throw spaNotFound();
      }
      await deleteReplaced(bucket, [spa.imageUrl], [imageUrl]);
      return { message: 'Spa image uploaded successfully', imageUrl };
    }),

  /** GET /api/admin/users: the 25 latest registered members, newest first. */
  users: adminReadProcedure.query(async ({ ctx }) => {
    const [rows] = await ctx.readAsAdmin(() => [usersQuery(ctx.db, null, LATEST_USERS_COUNT)] as const);
    return rows.map((row) => toAdminUser(row));
  }),

  /** POST /api/admin/search-users: by one of the spec's fields; newest first, at most 50. */
  searchUsers: adminReadProcedure.input(adminSearchInput).mutation(async ({ ctx, input }) => {
    const condition = searchCondition(input.field, input.term);
    const [rows] = await ctx.readAsAdmin(() => [usersQuery(ctx.db, condition, ADMIN_SEARCH_RESULTS_MAX)] as const);
    return rows.map((row) => toAdminUser(row));
  }),

  /** POST /api/admin/ban-user/{id} */
  banUser: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await setBanned(ctx, ctx.user, input.userId, true);
    return { message: 'User banned', userId: input.userId, isBanned: true };
  }),

  /** POST /api/admin/unban-user/{id} */
  unbanUser: adminProcedure.input(userIdInput).mutation(async ({ ctx, input }) => {
    await setBanned(ctx, ctx.user, input.userId, false);
    return { message: 'User unbanned', userId: input.userId, isBanned: false };
  }),

  /** PATCH /api/admin/chatbot/{userId}: the flag is stored and shown, nothing more (README). */
  setChatBot: adminProcedure.input(chatBotInput).mutation(async ({ ctx, input }) => {
    const [updated] = await ctx.db.batch([
      ctx.db.update(users).set({ chatBot: input.chatBot }).where(eq(users.id, input.userId)).returning({ id: users.id, name: users.name }),
      auditEntryIfFound(
        ctx.db,
        ctx.user,
        'user.chatbot',
        { type: 'user', id: input.userId, detail: { chatBot: input.chatBot } },
        sql`select name as label from users where id = ${input.userId}`,
      ),
    ]);
    if (updated.length === 0) throw notFound(ADMIN_TEXTS.userNotFound);
    return { message: 'ChatBot setting updated', userId: input.userId, chatBot: input.chatBot };
  }),

  /** GET /api/admin/chatbots?page=: every member a page at a time, with the flag, the bio preview and the count. */
  chatbots: adminReadProcedure.input(pageInput).query(async ({ ctx, input }) => {
    const [rows, [counts]] = await ctx.readAsAdmin(
      () =>
        [
          usersQuery(ctx.db, null, ADMIN_PAGE_SIZE, (input.page - 1) * ADMIN_PAGE_SIZE),
          ctx.db.all<{ total: number; active: number }>(sql`select count(*) as total, coalesce(sum(chat_bot), 0) as active from users`),
        ] as const,
    );
    const total = Number(counts!.total);
    return {
      users: rows.map((row) => ({ ...toAdminUser(row), bioPreview: bioPreview(row.bio) })),
      activeCount: Number(counts!.active),
      total,
      page: input.page,
      pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
    };
  }),

  /** Users per role, the five top rated spas, and new members and reviews per week over the last 12 weeks. */
  analytics: adminReadProcedure.query(async ({ ctx }) => {
    const now = Date.now();
    const since = now - ANALYTICS_WEEKS * WEEK_MS;
    const [roles, spaRows, members, reviewed] = await ctx.readAsAdmin(
      () =>
        [
          ctx.db.all<{ role: Role; count: number }>(sql`select role, count(*) as count from users group by role`),
          spaRowsQuery(ctx.db, sql`s.owner_user_id is not null`),
          ctx.db.all<{ week: number; count: number }>(
            sql`select cast((created_at - ${since}) / ${WEEK_MS} as integer) as week, count(*) as count from users where created_at >= ${since} group by week`,
          ),
          ctx.db.all<{ week: number; count: number }>(
            sql`select cast((created_at - ${since}) / ${WEEK_MS} as integer) as week, count(*) as count from reviews
                where created_at >= ${since} and removed_at is null group by week`,
          ),
        ] as const,
    );
    const byWeek = (rows: { week: number; count: number }[]) => new Map(rows.map((row) => [Number(row.week), Number(row.count)]));
    const memberWeeks = byWeek(members);
    const reviewWeeks = byWeek(reviewed);
    return {
      usersPerRole: ROLES.map((role) => ({ role, count: Number(roles.find((row) => row.role === role)?.count ?? 0) })),
      topRatedSpas: spaRows
        .map((row) => toAdminSpa(row, now))
        .filter((spa) => spa.averageRating !== null)
        .sort((a, b) => b.averageRating! - a.averageRating! || b.reviewCount - a.reviewCount)
        .slice(0, TOP_RATED_SPAS_COUNT),
      weekly: Array.from({ length: ANALYTICS_WEEKS }, (_, week) => ({
        weekStart: since + week * WEEK_MS,
        newMembers: memberWeeks.get(week) ?? 0,
        reviews: reviewWeeks.get(week) ?? 0,
      })),
    };
  }),

  /** The moderation queue: chat reports, review reports and red flag disputes, open or handled, newest first. */
  moderationQueue: adminReadProcedure.input(moderationQueueInput).query(async ({ ctx, input }) => {
    const results = await ctx.readAsAdmin(() => moderationQueries(ctx.db, input.state));
    return toModerationItems(results);
  }),

  /** A decision on one report: dismiss, remove the review, remove the red flag, or ban the member. */
  resolveReport: adminProcedure.input(resolveReportInput).mutation(async ({ ctx, input }) => {
    if (!ACTIONS_BY_KIND[input.kind].includes(input.action)) throw badRequest(ADMIN_TEXTS.actionNotAllowed);
    const now = Date.now();
    const action = `report.${input.action}`;
    const resolved = { resolvedAt: now, resolvedBy: ctx.user.id };

    if (input.kind === 'chat') {
      const [report] = await ctx.db.select().from(chatReports).where(eq(chatReports.id, input.id));
      if (!report) throw reportNotFound();
      if (report.state !== 'open') throw reportHandled();
      const target: AuditTarget = { type: 'chat_report', id: report.id, detail: { memberId: report.reportedId } };
      if (input.action === 'ban') await setBanned(ctx, ctx.user, report.reportedId, true);
      await ctx.db.batch([
        ctx.db
          .update(chatReports)
          .set({ state: input.action === 'ban' ? 'banned' : 'dismissed', ...resolved })
          .where(and(eq(chatReports.id, report.id), eq(chatReports.state, 'open'))),
        auditEntry(ctx.db, ctx.user, action, target),
      ]);
      return { kind: input.kind, id: input.id, action: input.action };
    }

    if (input.kind === 'review') {
      const [report] = await ctx.db
        .select({ id: reviewReports.id, state: reviewReports.state, reviewId: reviewReports.reviewId, authorId: sql<number>`(select reviewer_id from reviews where id = ${reviewReports.reviewId})` })
        .from(reviewReports)
        .where(eq(reviewReports.id, input.id));
      if (!report) throw reportNotFound();
      if (report.state !== 'open') throw reportHandled();
      const target: AuditTarget = { type: 'review_report', id: report.id, detail: { reviewId: report.reviewId, memberId: Number(report.authorId) } };
      if (input.action === 'ban') await setBanned(ctx, ctx.user, Number(report.authorId), true);
      const removing = input.action === 'remove-review';
      await ctx.db.batch([
        auditEntry(ctx.db, ctx.user, action, target),
        ...(removing
          ? [
              ctx.db.run(sql`update reviews set removed_at = ${now}, removed_by = ${ctx.user.id} where id = ${report.reviewId} and removed_at is null`),
              // Every open report of the removed review is handled by the same decision.
              ctx.db
                .update(reviewReports)
                .set({ state: 'removed', ...resolved })
                .where(and(eq(reviewReports.reviewId, report.reviewId), eq(reviewReports.state, 'open'))),
            ]
          : [
              ctx.db
                .update(reviewReports)
                .set({ state: input.action === 'ban' ? 'banned' : 'dismissed', ...resolved })
                .where(and(eq(reviewReports.id, report.id), eq(reviewReports.state, 'open'))),
            ]),
      ]);
      if (removing) {
        await purgeLeaderboards();
        await purgeSpaListing();
      }
      return { kind: input.kind, id: input.id, action: input.action };
    }

    const [dispute] = await ctx.db.select().from(redFlagDisputes).where(eq(redFlagDisputes.id, input.id));
    if (!dispute) throw reportNotFound();
    if (dispute.state !== 'open') throw reportHandled();
    const removing = input.action === 'remove-red-flag';
    await ctx.db.batch([
      ctx.db
        .update(redFlagDisputes)
        .set({ state: removing ? 'removed' : 'upheld', ...resolved })
        .where(and(eq(redFlagDisputes.id, dispute.id), eq(redFlagDisputes.state, 'open'))),
      // Deleting the flag takes it out of the counts and, through its trigger, the Problem Clients board.
      ...(removing && dispute.redFlagId !== null ? [ctx.db.run(sql`delete from red_flags where id = ${dispute.redFlagId}`)] : []),
      auditEntry(ctx.db, ctx.user, action, { type: 'red_flag_dispute', id: dispute.id, detail: { redFlagId: dispute.redFlagId, memberId: dispute.userId } }),
    ]);
    if (removing) await purgeLeaderboards();
    return { kind: input.kind, id: input.id, action: input.action };
  }),

  /** The audit log, newest first, a page at a time (`cursor`: the last id of the previous page). */
  auditLog: adminReadProcedure
    .input(z.object({ cursor: z.coerce.number().int().positive().nullish() }).default({}))
    .query(async ({ ctx, input }): Promise<{ entries: AuditEntry[]; nextCursor: number | null }> => {
      const [rows] = await ctx.readAsAdmin(
        () =>
          [
            ctx.db
              .select()
              .from(adminAuditLog)
              .where(input.cursor ? lt(adminAuditLog.id, input.cursor) : undefined)
              .orderBy(desc(adminAuditLog.id))
              .limit(ADMIN_PAGE_SIZE + 1),
          ] as const,
      );
      const entries = rows.slice(0, ADMIN_PAGE_SIZE);
      return { entries, nextCursor: rows.length > ADMIN_PAGE_SIZE ? entries.at(-1)!.id : null };
    }),
});
