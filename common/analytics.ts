// Analytics for spa management: what is counted, the weeks each member may see, the answer's shape,
// the CSV export and the texts. Weeks are Asia/Manila calendar weeks starting on Monday, newest last.
import type { AnalyticsWeek } from './analytics-output.ts';
import * as z from './zod.ts';

/** Events counted into daily rollups (spa_daily_counts), once per viewer, spa and Manila day. */
export const ANALYTICS_METRICS = ['profile_view', 'popup_open', 'call_tap', 'navigate_tap'] as const;
export type AnalyticsMetric = (typeof ANALYTICS_METRICS)[number];
/** The events the map reports itself (POST /api/analytics/events); profile views are counted by the profile read. */
export const MAP_EVENTS = ['popup_open', 'call_tap', 'navigate_tap'] as const satisfies readonly AnalyticsMetric[];

/**
 * Every spa manager sees this many weeks; premium sees ANALYTICS_PREMIUM_WEEKS, the comparison and the export;
 * Premium Pro sees a year (ANALYTICS_MAX_WEEKS), the longest window the API reads.
 */
export const ANALYTICS_FREE_WEEKS = 4;
export const ANALYTICS_PREMIUM_WEEKS = 12;
export const ANALYTICS_MAX_WEEKS = 52;

export const ANALYTICS_TEXTS = {
  onlySpas: 'Analytics are for spa management.',
  premiumRequired: `Premium shows ${ANALYTICS_PREMIUM_WEEKS} weeks, the comparison with the previous period and the CSV export.`,
  proRequired: `Premium Pro shows a year (${ANALYTICS_MAX_WEEKS} weeks) of analytics.`,
  spaNotFound: 'Spa not found.',
} as const;

export const analyticsInput = z.object({
  weeks: z.coerce
    .number()
    .int()
    .min(1)
    .max(ANALYTICS_MAX_WEEKS, `weeks must be from 1 to ${ANALYTICS_MAX_WEEKS}.`)
    .default(ANALYTICS_FREE_WEEKS),
  compare: z.union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')]).default(false),
});

export const eventInput = z.object({
  spaId: z.coerce.number({ error: 'spaId must be a number.' }).int().positive('spaId must be a number.'),
  event: z.enum(MAP_EVENTS, { error: `event must be one of ${MAP_EVENTS.join(', ')}.` }),
});

export const SUB_RATING_KEYS = ['ambience', 'amenities', 'booking', 'selection'] as const;
export type SubRatingKey = (typeof SUB_RATING_KEYS)[number];

// Answers: their schemas and the types inferred from them are in analytics-output.ts.
export type { AnalyticsAnswer, AnalyticsWeek, WeekInProgress } from './analytics-output.ts';

/**
 * A week in progress drawn beside complete weeks: a count scaled to the week's pace so far (its count x 7 / the
 * days begun), so that 3 days' worth is not read as a week that collapsed. Averages (ratings) are not scaled.
 */
export function weeklyPace(count: number, days: number): number {
  return days >= 7 ? count : Math.round(((count * 7) / Math.max(1, days)) * 10) / 10;
}

/** The counts a week adds up (the ratings are averaged, not added). */
export const WEEK_COUNTS = [
  'profileViews',
  'visits',
  'popupOpens',
  'callTaps',
  'navigateTaps',
  'reviews',
  'stars',
  'flowers',
] as const;
export type WeekCount = (typeof WEEK_COUNTS)[number];

export const COUNT_LABELS: Record<WeekCount, string> = {
  profileViews: 'Profile views',
  visits: 'Visits',
  popupOpens: 'Map popup opens',
  callTaps: 'Call taps',
  navigateTaps: 'Navigate taps',
  reviews: 'Reviews',
  stars: 'Stars',
  flowers: 'Flowers (lineup)',
};

export const RATING_LABELS: Record<SubRatingKey, string> = {
  ambience: 'Ambience',
  amenities: 'Amenities',
  booking: 'Booking',
  selection: 'Selection',
};

export function totalOf(weeks: AnalyticsWeek[], key: WeekCount): number {
  return weeks.reduce((sum, week) => sum + week[key], 0);
}

/** The export: one row per week, the counts then the average sub-ratings (empty without reviews). */
export function analyticsCsv(weeks: AnalyticsWeek[]): string {
  const header = [
    'Week starting',
    ...WEEK_COUNTS.map((key) => COUNT_LABELS[key]),
    ...SUB_RATING_KEYS.map((key) => `${RATING_LABELS[key]} average`),
  ];
  const rows = weeks.map((week) => [
    week.weekStart,
    ...WEEK_COUNTS.map((key) => String(week[key])),
    ...SUB_RATING_KEYS.map((key) => (week.ratings[key] === null ? '' : week.ratings[key]!.toFixed(2))),
  ]);
  return (
    [header, ...rows]
      .map((row) => row.map((cell) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(','))
      .join('\r\n') + '\r\n'
  );
}
