// The answers of spa analytics as zod schemas: the procedures declare them as their output (so every answer is
// checked), the OpenAPI document is generated from them, and the types the web app uses are inferred from them
// (common/analytics.ts re-exports the types only). Keys are in the order the server builds them.
import * as z from './zod.ts';

const mondayString = () => z.string().meta({ description: 'A Monday, YYYY-MM-DD (Asia/Manila).' });
const subRating = () => z.nullable(z.number());

export const analyticsWeekSchema = z
  .object({
    weekStart: mondayString(),
    profileViews: z.int(),
    visits: z.int().meta({
      description:
        "Visits clients recorded with the spa's code that week (POST /api/visits): the visits series, beside the views.",
    }),
    popupOpens: z.int(),
    callTaps: z.int(),
    navigateTaps: z.int(),
    reviews: z.int(),
    ratings: z
      .object({ ambience: subRating(), amenities: subRating(), booking: subRating(), selection: subRating() })
      .meta({ description: "Average of each sub-rating (out of 10) of the week's reviews; null without one." }),
    stars: z.int(),
    flowers: z.int().meta({ description: "Flowers the spa's lineup (therapists it has now) received." }),
  })
  .meta({ id: 'AnalyticsWeek' });

/**
 * The week in progress (the last of `weeks`): its Monday and how many of its days have begun in Manila, today
 * included (Monday 1 ... Sunday 7). Its counts are the week so far, not a week's worth.
 */
export const weekInProgressSchema = z
  .object({
    weekStart: mondayString(),
    days: z.int().meta({ description: 'The days of the week begun in Manila, today included (1 to 7).' }),
  })
  .meta({ id: 'WeekInProgress' });

export const analyticsAnswerSchema = z
  .object({
    premium: z.boolean(),
    maxWeeks: z.int().meta({ description: 'The most weeks this member may read.' }),
    weeks: z.array(analyticsWeekSchema).meta({ description: 'Asia/Manila weeks from Monday, oldest first.' }),
    previous: z
      .nullable(z.array(analyticsWeekSchema))
      .meta({ description: 'The same number of weeks just before (premium, when asked for).' }),
    thisWeek: weekInProgressSchema,
  })
  .meta({ id: 'AnalyticsReport' });

export const analyticsCsvSchema = z.object({ filename: z.string(), csv: z.string() }).meta({ id: 'AnalyticsCsv' });

export const analyticsEventAnswerSchema = z.object({ received: z.literal(true) });

export type AnalyticsWeek = z.infer<typeof analyticsWeekSchema>;
export type WeekInProgress = z.infer<typeof weekInProgressSchema>;
export type AnalyticsAnswer = z.infer<typeof analyticsAnswerSchema>;
