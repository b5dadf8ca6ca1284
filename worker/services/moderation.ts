// The moderation queue (beyond the spec): chat reports with their transcript, review reports and red flag disputes,
// open or handled, and the decision on one, a resolver per kind of report. Every decision is written in one batch
// with its audit entry; a ban goes through the same setBanned as the ban button.
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import {
  ACTIONS_BY_KIND,
  ADMIN_TEXTS,
  type ModerationAction,
  type ModerationItem,
  type ReportKind,
} from '../../common/admin.ts';
import { chatReports, redFlagDisputes, reviewReports, users } from '../../db/schema.ts';
import type { Database } from '../db.ts';
import { conflict, notFound } from '../errors.ts';
import type { Context } from '../trpc.ts';
import { setBanned } from './admin-users.ts';
import { auditEntry, type AuditTarget } from './audit.ts';
import { purgeSpaListing } from './edge-cache.ts';
import { purgeLeaderboards } from './leaderboards.ts';
import { adminLinkId, adminLinkSlug } from './member-sql.ts';
import type { UserRow } from './sessions.ts';

export function moderationQueries(db: Database, state: 'open' | 'handled') {
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
      reporter: { id: adminLinkId('reporter'), name: reporter.name, slug: adminLinkSlug('reporter') },
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
    reporterId: number | null;
    reporterName: string;
    reporterSlug: string | null;
    authorId: number | null;
    authorName: string;
    authorSlug: string | null;
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
      ${adminLinkId('reporter')} as reporterId, ${reporter.name} as reporterName, ${adminLinkSlug('reporter')} as reporterSlug,
      ${adminLinkId('author')} as authorId, author.name as authorName, ${adminLinkSlug('author')} as authorSlug, author.is_banned as authorBanned,
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
    reporterId: number | null;
    reporterName: string;
    reporterSlug: string | null;
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
      ${adminLinkId('reporter')} as reporterId, ${reporter.name} as reporterName, ${adminLinkSlug('reporter')} as reporterSlug,
      f.id as flagId, f.reason as flagReason, ${adminLinkId('giver')} as giverId, giver.name as giverName, ${adminLinkSlug('giver')} as giverSlug,
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

export function toModerationItems([chat, review, dispute]:
  [QueueResults, QueueResults, QueueResults] | readonly unknown[]): ModerationItem[] {
  const handled = (id: number | null, name: string | null) =>
    id === null || name === null ? null : { id: Number(id), name };
  // A former member (deleted account) has no id in a report: nothing ties it to the old account.
  const idOf = (id: number | null) => (id === null ? null : Number(id));
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
      transcript: (JSON.parse(row.transcript) as { senderName: string; content: string; sentAt?: number }[]).map(
        (message) => ({
          from: message.senderName,
          text: message.content,
          at: message.sentAt ?? null,
        }),
      ),
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
      reporter: { id: idOf(row.reporterId), name: row.reporterName, slug: row.reporterSlug },
      subject: {
        id: idOf(row.authorId),
        name: row.authorName,
        slug: row.authorSlug,
        isBanned: Number(row.authorBanned) === 1,
      },
      transcript: null,
      review: {
        id: Number(row.reviewId),
        text: row.reviewText,
        targetName: row.targetName,
        targetSlug: row.targetSlug,
        removed: row.removedAt !== null,
      },
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
      reporter: { id: idOf(row.reporterId), name: row.reporterName, slug: row.reporterSlug },
      subject:
        row.giverName === null
          ? null
          : {
              id: idOf(row.giverId),
              name: row.giverName,
              slug: row.giverSlug,
              isBanned: Number(row.giverBanned) === 1,
            },
      transcript: null,
      review: null,
      redFlag:
        row.flagId === null
          ? null
          : { id: Number(row.flagId), reason: row.flagReason, recipientName: row.reporterName },
      handledBy: handled(row.handlerId, row.handlerName),
      handledAt: row.resolvedAt === null ? null : Number(row.resolvedAt),
      actions: row.state === 'open' ? ACTIONS_BY_KIND.dispute : [],
    })),
  ];
  return items.sort((a, b) => b.createdAt - a.createdAt);
}

const reportHandled = () => conflict(ADMIN_TEXTS.reportHandled);
const reportNotFound = () => notFound(ADMIN_TEXTS.reportNotFound);

/** A decision on one report, as the resolvers take it. */
export interface Decision {
  id: number;
  action: ModerationAction;
  actor: UserRow;
  now: number;
}

const resolution = ({ actor, now }: Decision) => ({ resolvedAt: now, resolvedBy: actor.id });
const auditAction = ({ action }: Decision) => `report.${action}`;

/** A chat report: dismissed, or the reported member banned. */
async function resolveChatReport(ctx: Context, decision: Decision): Promise<void> {
  const [report] = await ctx.db.select().from(chatReports).where(eq(chatReports.id, decision.id));
  if (!report) throw reportNotFound();
  if (report.state !== 'open') throw reportHandled();
  if (decision.action === 'ban') await setBanned(ctx, decision.actor, report.reportedId, true);
  await ctx.db.batch([
    ctx.db
      .update(chatReports)
      .set({ state: decision.action === 'ban' ? 'banned' : 'dismissed', ...resolution(decision) })
      .where(and(eq(chatReports.id, report.id), eq(chatReports.state, 'open'))),
    auditEntry(ctx.db, decision.actor, auditAction(decision), {
      type: 'chat_report',
      id: report.id,
      detail: { memberId: report.reportedId },
    }),
  ]);
}

/** A review report: dismissed, the review removed (which handles every open report of it), or its author banned. */
async function resolveReviewReport(ctx: Context, decision: Decision): Promise<void> {
  const [report] = await ctx.db
    .select({
      id: reviewReports.id,
      state: reviewReports.state,
      reviewId: reviewReports.reviewId,
      authorId: sql<number>`(select reviewer_id from reviews where id = ${reviewReports.reviewId})`,
    })
    .from(reviewReports)
    .where(eq(reviewReports.id, decision.id));
  if (!report) throw reportNotFound();
  if (report.state !== 'open') throw reportHandled();
  const target: AuditTarget = {
    type: 'review_report',
    id: report.id,
    detail: { reviewId: report.reviewId, memberId: Number(report.authorId) },
  };
  if (decision.action === 'ban') await setBanned(ctx, decision.actor, Number(report.authorId), true);
  const removing = decision.action === 'remove-review';
  await ctx.db.batch([
    auditEntry(ctx.db, decision.actor, auditAction(decision), target),
    ...(removing
      ? [
          ctx.db.run(
            sql`update reviews set removed_at = ${decision.now}, removed_by = ${decision.actor.id} where id = ${report.reviewId} and removed_at is null`,
          ),
          ctx.db
            .update(reviewReports)
            .set({ state: 'removed', ...resolution(decision) })
            .where(and(eq(reviewReports.reviewId, report.reviewId), eq(reviewReports.state, 'open'))),
        ]
      : [
          ctx.db
            .update(reviewReports)
            .set({ state: decision.action === 'ban' ? 'banned' : 'dismissed', ...resolution(decision) })
            .where(and(eq(reviewReports.id, report.id), eq(reviewReports.state, 'open'))),
        ]),
  ]);
  if (removing) {
    await purgeLeaderboards();
    await purgeSpaListing();
  }
}

/** A red flag dispute: the flag upheld, or removed (out of the counts and, by its trigger, the Problem Clients board). */
async function resolveDispute(ctx: Context, decision: Decision): Promise<void> {
  const [dispute] = await ctx.db.select().from(redFlagDisputes).where(eq(redFlagDisputes.id, decision.id));
  if (!dispute) throw reportNotFound();
  if (dispute.state !== 'open') throw reportHandled();
  const removing = decision.action === 'remove-red-flag';
  await ctx.db.batch([
    ctx.db
      .update(redFlagDisputes)
      .set({ state: removing ? 'removed' : 'upheld', ...resolution(decision) })
      .where(and(eq(redFlagDisputes.id, dispute.id), eq(redFlagDisputes.state, 'open'))),
    ...(removing && dispute.redFlagId !== null
      ? [ctx.db.run(sql`delete from red_flags where id = ${dispute.redFlagId}`)]
      : []),
    auditEntry(ctx.db, decision.actor, auditAction(decision), {
      type: 'red_flag_dispute',
      id: dispute.id,
      detail: { redFlagId: dispute.redFlagId, memberId: dispute.userId },
    }),
  ]);
  if (removing) await purgeLeaderboards();
}

/** One resolver per kind of report. */
export const REPORT_RESOLVERS: Record<ReportKind, (ctx: Context, decision: Decision) => Promise<void>> = {
  chat: resolveChatReport,
  review: resolveReviewReport,
  dispute: resolveDispute,
};

/** Whether an action fits a kind of report (a review report cannot remove a red flag). */
export function actionFits(kind: ReportKind, action: ModerationAction): boolean {
  return ACTIONS_BY_KIND[kind].includes(action);
}
