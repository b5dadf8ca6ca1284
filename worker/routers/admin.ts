// The admin dashboard's procedures (spec, "Admin dashboard (route /admin)" and its rules in "Validation rules",
// "Roles and permissions", "The calls it makes", "Error catalogue" and "Business constants and limits"): stats, spa
// listings with images, user search and lists, the ban that works (and its lifting), the chatbot flag, analytics,
// and, beyond the spec, the moderation queue and the audit log. Admins only: writes are built on adminProcedure (the
// viewer checked first), reads on adminReadProcedure (the check rides in the read's batch, one round trip). The
// queries live in the services: spas.ts, admin-users.ts, moderation.ts and admin-dashboard.ts; every write goes in
// one batch with its audit entry.
import { desc, eq, lt, sql } from 'drizzle-orm';
import * as z from '../../common/zod.ts';
import {
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
  userIdInput,
  type AuditEntry,
} from '../../common/admin.ts';
import {
  adminSpaSchema,
  adminUserSchema,
  auditEntrySchema,
  banAnswerSchema,
  chatBotAnswerSchema,
  chatbotsPageSchema,
  dashboardAnalyticsSchema,
  dashboardStatsSchema,
  moderationItemSchema,
  resolvedReportSchema,
  spaDeletedSchema,
  spaImageUploadedSchema,
} from '../../common/admin-output.ts';
import { pageSchema } from '../../common/page-output.ts';
import { pageOf, type Page } from '../../common/page.ts';
import { WEEK_MS } from '../../common/time.ts';
import { adminAuditLog, spas, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../errors.ts';
import {
  dashboardAnalyticsQueries,
  dashboardStatsQuery,
  toDashboardAnalytics,
  toDashboardStats,
} from '../services/admin-dashboard.ts';
import { searchCondition, setBanned, toAdminUser, usersQuery } from '../services/admin-users.ts';
import { auditEntryIfFound } from '../services/audit.ts';
import { adminLicencesProcedure, decideLicenceProcedure } from './licences.ts';
import {
  deleteReplaced,
  imagesBinding,
  inspectImage,
  mediaBucket,
  reencodeImage,
  storeImages,
} from '../providers/media.ts';
import { actionFits, moderationQueries, REPORT_RESOLVERS, toModerationItems } from '../services/moderation.ts';
import { checkOwner, spaColumns, spaNotFound, spaRowsQuery, toAdminSpa } from '../services/spas.ts';
import { adminProcedure, adminReadProcedure, router } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limit.ts';

export const adminRouter = router({
  /** The four stat cards: Total Spas, Total Users, Total Reviews (sum of the spas' review counts), Avg Rating. */
  stats: adminReadProcedure.output(dashboardStatsSchema).query(async ({ ctx }) => {
    const [rows] = await ctx.readAsAdmin(() => [dashboardStatsQuery(ctx.db)] as const);
    return toDashboardStats(rows[0]!);
  }),

  /** GET /api/spas: every listing with its rating, review count and Open/Closed from opening hours. */
  spas: adminReadProcedure.output(z.array(adminSpaSchema)).query(async ({ ctx }) => {
    const [rows] = await ctx.readAsAdmin(() => [spaRowsQuery(ctx.db)] as const);
    const now = Date.now();
    return rows.map((row) => toAdminSpa(row, now));
  }),

  /** POST /api/spas */
  createSpa: adminProcedure
    .input(spaInput)
    .output(adminSpaSchema)
    .mutation(async ({ ctx, input }) => {
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
  updateSpa: adminProcedure
    .input(spaUpdateInput)
    .output(adminSpaSchema)
    .mutation(async ({ ctx, input }) => {
      const { id, ...fields } = input;
      await checkOwner(ctx.db, fields.ownerUserId);
      const changes = Object.fromEntries(Object.entries(spaColumns(fields)).filter(([, value]) => value !== undefined));
      const [updated, , rows] = await ctx.db.batch([
        ctx.db.update(spas).set(changes).where(eq(spas.id, id)).returning({ id: spas.id, name: spas.name }),
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
  deleteSpa: adminProcedure
    .input(spaIdInput)
    .output(spaDeletedSchema)
    .mutation(async ({ ctx, input }) => {
      // The entry first, labelled from the row about to go; written only when there is one.
      const [, [deleted]] = await ctx.db.batch([
        auditEntryIfFound(
          ctx.db,
          ctx.user,
          'spa.delete',
          { type: 'spa', id: input.id },
          sql`select name as label from spas where id = ${input.id}`,
        ),
        ctx.db.delete(spas).where(eq(spas.id, input.id)).returning({ name: spas.name, imageUrl: spas.imageUrl }),
      ]);
      if (!deleted) throw spaNotFound();
      if (deleted.imageUrl) await deleteReplaced(mediaBucket(ctx.env), [deleted.imageUrl], []);
      return { message: 'Spa deleted', id: input.id };
    }),

  /**
   * POST /api/spas/{id}/upload-image (multipart field spaImage): the photo pipeline of profile pictures (magic
   * bytes, size, dimensions), re-encoded on the server into the spa preset's 800x600 box (ADR 017); the previous
   * image is deleted once the new one is in place. Two round trips, as for any write: the session, then one batch
   * that reads the previous image, sets the new one and writes the audit entry (an unknown spa is found there, after
   * the photo was stored, which is then deleted). The input is one
   * FormData with the spa's `id` and the `spaImage` file, so tRPC clients send it as multipart/form-data (the
   * REST path sets `id` from its address).
   */
  uploadSpaImage: adminProcedure
    .input(
      z
        .instanceof(FormData)
        .transform((form) => ({ id: form.get('id') as unknown, form }))
        .pipe(
          z.object({ id: z.coerce.number().int().positive(ADMIN_TEXTS.spaNotFound), form: z.instanceof(FormData) }),
        ),
    )
    .output(spaImageUploadedSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.UPLOAD_LIMITER, `spa-image:${ctx.user.id}`);
      const bucket = mediaBucket(ctx.env);
      const images = imagesBinding(ctx.env);
      const upload = await inspectImage(input.form.get('spaImage'), { field: 'spaImage' });
      const [stored] = await storeImages(bucket, 'spas', input.id, await reencodeImage(images, upload, ['spa']));
      const imageUrl = stored!.url;
      const imageNow = () => ctx.db.select({ imageUrl: spas.imageUrl }).from(spas).where(eq(spas.id, input.id));
      let previous: { imageUrl: string | null }[];
      let updated: { imageUrl: string | null }[];
      try {
        [previous, updated] = await ctx.db.batch([
          imageNow(),
          ctx.db.update(spas).set({ imageUrl }).where(eq(spas.id, input.id)).returning({ imageUrl: spas.imageUrl }),
          auditEntryIfFound(
            ctx.db,
            ctx.user,
            'spa.image',
            { type: 'spa', id: input.id },
            sql`select name as label from spas where id = ${input.id}`,
          ),
        ]);
      } catch (error) {
        // The same photo sent again has the same key: it goes only if the spa does not show it (left when even
        // that read fails).
        const current = await imageNow().catch(() => null);
        if (current) await deleteReplaced(bucket, [imageUrl], [current[0]?.imageUrl]);
        throw error;
      }
      // No such spa (or it was deleted meanwhile): its new image must not stay behind.
      if (updated.length === 0) {
        await deleteReplaced(bucket, [imageUrl], []);
        throw spaNotFound();
      }
      await deleteReplaced(bucket, [previous[0]?.imageUrl ?? null], [imageUrl]);
      return { message: 'Spa image uploaded successfully', imageUrl };
    }),

  /** GET /api/admin/users: the 25 latest registered members, newest first. */
  users: adminReadProcedure.output(z.array(adminUserSchema)).query(async ({ ctx }) => {
    const [rows] = await ctx.readAsAdmin(() => [usersQuery(ctx.db, null, LATEST_USERS_COUNT)] as const);
    return rows.map((row) => toAdminUser(row));
  }),

  /** POST /api/admin/search-users: by one of the spec's fields; newest first, at most 50. */
  searchUsers: adminReadProcedure
    .input(adminSearchInput)
    .output(z.array(adminUserSchema))
    .mutation(async ({ ctx, input }) => {
      const condition = searchCondition(input.field, input.term);
      const [rows] = await ctx.readAsAdmin(() => [usersQuery(ctx.db, condition, ADMIN_SEARCH_RESULTS_MAX)] as const);
      return rows.map((row) => toAdminUser(row));
    }),

  /** POST /api/admin/ban-user/{id} */
  banUser: adminProcedure
    .input(userIdInput)
    .output(banAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      await setBanned(ctx, ctx.user, input.userId, true);
      return { message: 'User banned', userId: input.userId, isBanned: true };
    }),

  /** POST /api/admin/unban-user/{id} */
  unbanUser: adminProcedure
    .input(userIdInput)
    .output(banAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      await setBanned(ctx, ctx.user, input.userId, false);
      return { message: 'User unbanned', userId: input.userId, isBanned: false };
    }),

  /** PATCH /api/admin/chatbot/{userId}: the flag is stored and shown, nothing more (docs/rest.md). */
  setChatBot: adminProcedure
    .input(chatBotInput)
    .output(chatBotAnswerSchema)
    .mutation(async ({ ctx, input }) => {
      const [updated] = await ctx.db.batch([
        ctx.db
          .update(users)
          .set({ chatBot: input.chatBot })
          .where(eq(users.id, input.userId))
          .returning({ id: users.id, name: users.name }),
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
  chatbots: adminReadProcedure
    .input(pageInput)
    .output(chatbotsPageSchema)
    .query(async ({ ctx, input }) => {
      const [rows, [counts]] = await ctx.readAsAdmin(
        () =>
          [
            usersQuery(ctx.db, null, ADMIN_PAGE_SIZE + 1, (input.page - 1) * ADMIN_PAGE_SIZE),
            ctx.db.all<{ total: number; active: number }>(
              sql`select count(*) as total, coalesce(sum(chat_bot), 0) as active from users where deleted_at is null`,
            ),
          ] as const,
      );
      const page = pageOf(
        rows,
        ADMIN_PAGE_SIZE,
        (row) => ({ ...toAdminUser(row), bioPreview: bioPreview(row.bio) }),
        () => String(input.page + 1),
      );
      return { ...page, activeCount: Number(counts!.active), total: Number(counts!.total) };
    }),

  /** Users per role, the five top rated spas, and new members and reviews per week over the last 12 weeks. */
  analytics: adminReadProcedure.output(dashboardAnalyticsSchema).query(async ({ ctx }) => {
    const now = Date.now();
    const since = now - ANALYTICS_WEEKS * WEEK_MS;
    return toDashboardAnalytics(await ctx.readAsAdmin(() => dashboardAnalyticsQueries(ctx.db, since)), since, now);
  }),

  /** The moderation queue: chat reports, review reports and red flag disputes, open or handled, newest first. */
  moderationQueue: adminReadProcedure
    .input(moderationQueueInput)
    .output(z.array(moderationItemSchema))
    .query(async ({ ctx, input }) => {
      const results = await ctx.readAsAdmin(() => moderationQueries(ctx.db, input.state));
      return toModerationItems(results);
    }),

  /** A decision on one report: dismiss, remove the review, remove the red flag, or ban the member. */
  resolveReport: adminProcedure
    .input(resolveReportInput)
    .output(resolvedReportSchema)
    .mutation(async ({ ctx, input }) => {
      if (!actionFits(input.kind, input.action)) throw badRequest(ADMIN_TEXTS.actionNotAllowed);
      await REPORT_RESOLVERS[input.kind](ctx, { id: input.id, action: input.action, actor: ctx.user, now: Date.now() });
      return { kind: input.kind, id: input.id, action: input.action };
    }),

  /** The licences admins check (GET /api/admin/licences) and a decision on one (worker/routers/licences.ts). */
  licences: adminLicencesProcedure,
  decideLicence: decideLicenceProcedure,

  /** The audit log, newest first, a page at a time (`cursor`: the last id of the previous page). */
  auditLog: adminReadProcedure
    .input(z.object({ cursor: z.coerce.number().int().positive().nullish() }).default({}))
    .output(pageSchema(auditEntrySchema))
    .query(async ({ ctx, input }): Promise<Page<AuditEntry>> => {
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
      return pageOf(
        rows,
        ADMIN_PAGE_SIZE,
        (row) => row,
        (last) => String(last.id),
      );
    }),
});
