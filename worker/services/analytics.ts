// Spa analytics (ADR 016). Counting: an event moves one daily rollup row (spa, Asia/Manila day, metric) by one
// upsert, only the first time that viewer does it for that spa that day. Who was already counted is kept as a
// keyed hash (HMAC of the metric, spa and viewer under the day's random salt); the salts and the marks are
// deleted two days later, so the database never says who viewed a spa. A member's own spa and requests without
// a session or from a crawler are not counted. The write runs after the answer (waitUntil): the read it rides
// on still answers after one round trip. Reading: the rollups, reviews, stars, the lineup's flowers and the visits
// recorded of the window, grouped by day in SQL and by week here, in the same batch as the session lookup.
import { sql, type SQL } from 'drizzle-orm';
import type { AnalyticsMetric, AnalyticsWeek, SubRatingKey, WeekInProgress } from '../../common/analytics.ts';
import { DAY_MS, dayNumber, dayString, manilaDay, mondayOf, startOfManilaDay } from '../../common/time.ts';
import type { Database } from '../db.ts';
import { countedReviews } from './spa-rating.ts';
import { manilaDayOf, notBanned } from './member-sql.ts';

/** Marks and salts older than this many days are deleted. */
const KEEP_MARK_DAYS = 2;

/** User agents of crawlers, previews and scripts: their requests are never counted. */
const CRAWLER =
  /bot|crawl|spider|slurp|preview|facebookexternalhit|headless|lighthouse|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici/i;

export function isCrawler(userAgent: string | null): boolean {
  return !userAgent || CRAWLER.test(userAgent);
}

/** Whether a viewer's request counts at all: a signed-in member, not a crawler, not looking at their own spa. */
export function countsAsView(request: Request, viewerId: number | null, spaId: number): boolean {
  return viewerId !== null && viewerId !== spaId && !isCrawler(request.headers.get('User-Agent'));
}

/** The day's salt, per isolate (another isolate reads the same one from the database). */
const salts = new Map<string, CryptoKey>();

async function saltOf(db: Database, day: string): Promise<CryptoKey> {
  const known = salts.get(day);
  if (known) return known;
  const fresh = Array.from(crypto.getRandomValues(new Uint8Array(32)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
  const [, rows] = await db.batch([
    db.run(sql`insert into analytics_salts (day, salt) values (${day}, ${fresh}) on conflict (day) do nothing`),
    db.all<{ salt: string }>(sql`select salt from analytics_salts where day = ${day}`),
  ]);
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(rows[0]!.salt),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  salts.clear();
  salts.set(day, key);
  return key;
}

async function hmacMark(key: CryptoKey, event: string): Promise<string> {
  const signature = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(event));
  return btoa(String.fromCharCode(...new Uint8Array(signature)));
}

/**
 * Events this isolate has written today (at most EVENTS_KEPT): a repeat needs no write, the database would ignore it.
 * They are kept as they are (metric, spa and viewer), in this isolate's memory only, so that a repeat costs neither
 * the keyed hash nor the salt; the database keeps only the hash.
 */
const written = { day: '', events: new Set<string>() };
const EVENTS_KEPT = 50_000;

/**
 * Counts one event for a spa, once per viewer and day: one batch (the rollup upsert unless the mark exists,
 * the mark, the pruning of old marks), plus once a day per isolate the salt. Only spa management members count.
 * An event this isolate has already written today costs nothing: a member going back to a spa's profile reads it
 * with one round trip, and without hashing anything.
 */
export async function countEvent(
  db: Database,
  event: { spaId: number; viewerId: number; metric: AnalyticsMetric },
  now = Date.now(),
) {
  const day = manilaDay(now);
  const seen = `${event.metric}:${event.spaId}:${event.viewerId}`;
  if (written.day !== day || written.events.size >= EVENTS_KEPT) Object.assign(written, { day, events: new Set() });
  if (written.events.has(seen)) return;
  const mark = await hmacMark(await saltOf(db, day), seen);
  const expired = manilaDay(now - KEEP_MARK_DAYS * DAY_MS);
  await db.batch([
    db.run(sql`
      insert into spa_daily_counts (spa_id, day, metric, count)
      select ${event.spaId}, ${day}, ${event.metric}, 1
      where not exists (select 1 from analytics_seen where mark = ${mark})
        and exists (select 1 from users where id = ${event.spaId} and role = 'spa_management' and ${notBanned()})
      on conflict (spa_id, day, metric) do update set count = count + 1`),
    db.run(sql`insert into analytics_seen (mark, day) values (${mark}, ${day}) on conflict (mark) do nothing`),
    db.run(sql`delete from analytics_seen where day < ${expired}`),
    db.run(sql`delete from analytics_salts where day < ${expired}`),
  ]);
  written.events.add(seen);
}

// ---------------------------------------------------------------------------------------------------------
// Reading

/** The first day (a Monday) of a window of `weeks` weeks that ends with the current Manila week. */
export function windowStart(weeks: number, now = Date.now()): string {
  return dayString(mondayOf(manilaDay(now)) - (weeks - 1) * 7);
}

/** The current Manila week: its Monday and how many of its days have begun (today included, 1 to 7). */
export function weekInProgress(now = Date.now()): WeekInProgress {
  const today = manilaDay(now);
  const monday = mondayOf(today);
  return { weekStart: dayString(monday), days: dayNumber(today) - monday + 1 };
}

type DayRow = { day: string; metric: string; value: number };
type ReviewDay = { day: string; reviews: number } & Record<`${SubRatingKey}Sum` | `${SubRatingKey}Count`, number>;

/**
 * The window's statements (for one batch): rollups, reviews, stars, the lineup's flowers and visits, each by day. The
 * lineup's flowers are those its therapists (now or before: the history stays) were given at this spa's listing,
 * not at another spa they also work at (read through the recipient index; a lineup is a handful of therapists).
 */
export function analyticsQueries(db: Database, spa: SQL, since: string) {
  const sinceMs = startOfManilaDay(since);
  return [
    db.all<DayRow>(
      sql`select day, metric, count as value from spa_daily_counts where spa_id = ${spa} and day >= ${since}`,
    ),
    db.all<ReviewDay>(sql`
      select ${manilaDayOf(sql`created_at`)} as day, count(*) as reviews,
        sum(ambience_rating) as ambienceSum, count(ambience_rating) as ambienceCount,
        sum(amenities_rating) as amenitiesSum, count(amenities_rating) as amenitiesCount,
        sum(booking_rating) as bookingSum, count(booking_rating) as bookingCount,
        sum(selection_rating) as selectionSum, count(selection_rating) as selectionCount
      ${countedReviews(sql`${spa}`)} and rated.created_at >= ${sinceMs} group by 1`),
    db.all<DayRow>(sql`
      select manila_day as day, 'stars' as metric, count(*) as value from stars
      where recipient_id = ${spa} and created_at >= ${sinceMs} group by 1
      union all
      select manila_day, 'flowers', count(*) from flowers
      where recipient_id in (select therapist_id from lineup_links where spa_id = ${spa})
        and spa_id in (select id from spas where owner_user_id = ${spa}) and created_at >= ${sinceMs} group by 1
      union all
      select manila_day, 'visits', count(*) from visits where spa_id = ${spa} and visited_at >= ${sinceMs} group by 1`),
  ] as const;
}

const METRIC_FIELD: Record<string, keyof AnalyticsWeek> = {
  profile_view: 'profileViews',
  visits: 'visits',
  popup_open: 'popupOpens',
  call_tap: 'callTaps',
  navigate_tap: 'navigateTaps',
  stars: 'stars',
  flowers: 'flowers',
};

/** The rows of `analyticsQueries` as `weeks` weeks from `since`. */
export function toWeeks(
  since: string,
  weeks: number,
  counts: DayRow[],
  reviewDays: ReviewDay[],
  gifts: DayRow[],
): AnalyticsWeek[] {
  const start = dayNumber(since);
  const result = Array.from({ length: weeks }, (_, i) => ({
    week: {
      weekStart: dayString(start + i * 7),
      profileViews: 0,
      visits: 0,
      popupOpens: 0,
      callTaps: 0,
      navigateTaps: 0,
      reviews: 0,
      ratings: { ambience: null, amenities: null, booking: null, selection: null },
      stars: 0,
      flowers: 0,
    } as AnalyticsWeek,
    sums: { ambience: [0, 0], amenities: [0, 0], booking: [0, 0], selection: [0, 0] } as Record<
      SubRatingKey,
      [number, number]
    >,
  }));
  const weekOf = (day: string) => result[Math.floor((dayNumber(day) - start) / 7)];
  for (const row of [...counts, ...gifts]) {
    const slot = weekOf(row.day);
    const field = METRIC_FIELD[row.metric];
    if (slot && field) (slot.week[field] as number) += Number(row.value);
  }
  for (const row of reviewDays) {
    const slot = weekOf(row.day);
    if (!slot) continue;
    slot.week.reviews += Number(row.reviews);
    for (const key of Object.keys(slot.sums) as SubRatingKey[]) {
      slot.sums[key][0] += Number(row[`${key}Sum`] ?? 0);
      slot.sums[key][1] += Number(row[`${key}Count`] ?? 0);
    }
  }
  return result.map(({ week, sums }) => {
    for (const key of Object.keys(sums) as SubRatingKey[]) {
      const [sum, count] = sums[key];
      week.ratings[key] = count === 0 ? null : Math.round((sum / count) * 100) / 100;
    }
    return week;
  });
}
