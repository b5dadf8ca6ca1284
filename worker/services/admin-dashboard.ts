// The admin dashboard's figures (spec, "Admin dashboard (route /admin)": the stat cards and the Analytics tab):
// totals over the spas' computed ratings and review counts (the same subqueries the map uses), users per role, the
// top rated spas, and (beyond the spec) new members and reviews per week.
import { sql } from 'drizzle-orm';
import type { BatchResponse } from 'drizzle-orm/batch';
import { ANALYTICS_WEEKS, TOP_RATED_SPAS_COUNT } from '../../common/admin.ts';
import { ROLES, type Role } from '../../common/roles.ts';
import { WEEK_MS } from '../../common/time.ts';
import type { Database } from '../db.ts';
import { spaAverageRating, spaRankingRating, spaReviewCount } from './spa-rating.ts';
import { spaRowsQuery, toAdminSpa } from './spas.ts';

type StatsRow = { totalSpas: number; totalUsers: number; totalReviews: number | null; avgRating: number | null };

/** The four stat cards: Total Spas, Total Users, Total Reviews (the sum of the spas' review counts), Avg Rating. */
export function dashboardStatsQuery(db: Database) {
  return db.all<StatsRow>(sql`
    select count(*) as totalSpas, (select count(*) from users where deleted_at is null) as totalUsers, sum(rated.reviewCount) as totalReviews,
      round(avg(rated.averageRating), 1) as avgRating
    from (select ${spaReviewCount(sql`s.owner_user_id`)} as reviewCount, ${spaAverageRating(sql`s.owner_user_id`)} as averageRating
          from spas as s) as rated`);
}

export function toDashboardStats(row: StatsRow) {
  return {
    totalSpas: Number(row.totalSpas),
    totalUsers: Number(row.totalUsers),
    totalReviews: Number(row.totalReviews ?? 0),
    avgRating: row.avgRating === null ? null : Number(row.avgRating),
  };
}

const weeklyCount = (table: 'users' | 'reviews', since: number, extra = sql``) =>
  sql`select cast((created_at - ${since}) / ${WEEK_MS} as integer) as week, count(*) as count from ${sql.raw(table)}
      where created_at >= ${since} ${extra} group by week`;

/** Users per role, the linked spas (for the top rated), and new members and reviews per week since `since`. */
export function dashboardAnalyticsQueries(db: Database, since: number) {
  return [
    db.all<{ role: Role; count: number }>(
      sql`select role, count(*) as count from users where deleted_at is null group by role`,
    ),
    // The top rated: by the ranking rating (a Bayesian average, ADR 020), so one 10/10 review does not lead.
    spaRowsQuery(db, sql`s.owner_user_id is not null and ${spaRankingRating(sql`s.owner_user_id`)} is not null`, {
      by: sql`${spaRankingRating(sql`s.owner_user_id`)} desc, s.id`,
      limit: TOP_RATED_SPAS_COUNT,
    }),
    db.all<{ week: number; count: number }>(weeklyCount('users', since)),
    db.all<{ week: number; count: number }>(weeklyCount('reviews', since, sql`and removed_at is null`)),
  ] as const;
}

export function toDashboardAnalytics(
  [roles, spaRows, members, reviewed]: BatchResponse<ReturnType<typeof dashboardAnalyticsQueries>>,
  since: number,
  now: number,
) {
  const byWeek = (rows: { week: number; count: number }[]) =>
    new Map(rows.map((row) => [Number(row.week), Number(row.count)]));
  const memberWeeks = byWeek(members);
  const reviewWeeks = byWeek(reviewed);
  return {
    usersPerRole: ROLES.map((role) => ({ role, count: Number(roles.find((row) => row.role === role)?.count ?? 0) })),
    topRatedSpas: spaRows.map((row) => toAdminSpa(row, now)),
    weekly: Array.from({ length: ANALYTICS_WEEKS }, (_, week) => ({
      weekStart: since + week * WEEK_MS,
      newMembers: memberWeeks.get(week) ?? 0,
      reviews: reviewWeeks.get(week) ?? 0,
    })),
  };
}
