// The answers of the leaderboards (a board and the Summary Statistics card) as zod schemas: the procedures declare
// them as their output, the OpenAPI document is generated from them, and the types are inferred from them. The
// leaderboards screen imports the types only, so it does not load zod.
import { BOARDS, TIMEFRAMES } from './recognition.ts';
import * as z from './zod.ts';

export const boardSchema = z.enum(BOARDS).meta({ id: 'LeaderboardBoard', description: 'Which of the seven boards.' });
export const timeframeSchema = z
  .enum(TIMEFRAMES)
  .meta({ id: 'LeaderboardTimeframe', description: 'The rolling window a board or the summary counts over.' });

/** A count on the boards named (and absent on the others). */
const figure = (description: string) => z.optional(z.int()).meta({ description });

/**
 * The figures beside the points, by board: each board carries its own (spec, "Entities and their fields":
 * leaderboard entries), so every figure is present on its boards and absent on the others.
 */
const boardFigures = {
  totalFlowersReceived: figure('Therapists board only: flowers received in the window.'),
  clientsServed: figure('Therapists board only: distinct clients who gave flowers in the window.'),
  totalStarsReceived: figure('Spas board only: stars received in the window.'),
  clientsWhoRated: figure('Spas board only: rated reviews received in the window.'),
  averageRating: z
    .optional(z.nullable(z.number()))
    .meta({ description: 'Spas board only: the rating out of 5 (two decimals), null without rated reviews.' }),
  reviewCount: figure('Spas board only: the reviews received (all time, removed ones left out).'),
  userName: z.optional(z.string()).meta({ description: 'Clients board only: the member name again.' }),
  totalReceived: figure('Clients board only: medals received in the window.'),
  totalGiven: figure('Flower-givers and star-givers boards only: flowers or stars given in the window.'),
  therapistsAppreciated: figure('Flower-givers board only: distinct therapists given flowers in the window.'),
  medalsGiven: figure('Medal-givers board only: medals given in the window.'),
  clientsRewarded: figure('Medal-givers board only: distinct clients given medals in the window.'),
  totalRedFlags: figure('Problems board only: red flags received in the window.'),
  flaggedBy: figure('Problems board only: distinct members who gave red flags in the window.'),
};

/** The figure fields of a board entry. */
export type BoardFigure = keyof typeof boardFigures;

export const boardEntrySchema = z
  .object({
    rank: z.int(),
    userId: z.int(),
    name: z.string(),
    slug: z.string(),
    profilePic: z.nullable(z.string()),
    ...boardFigures,
  })
  .meta({ id: 'LeaderboardEntry', description: 'One of the ten members on a board, best first.' });

export const boardAnswerSchema = z
  .object({ board: boardSchema, timeframe: timeframeSchema, entries: z.array(boardEntrySchema) })
  .meta({ id: 'Leaderboard' });

export const summaryAnswerSchema = z
  .object({
    timeframe: timeframeSchema,
    members: z.int().meta({ description: 'Members who joined in the window.' }),
    reviews: z.int(),
    flowers: z.int(),
    stars: z.int(),
    medals: z.int(),
  })
  .meta({ id: 'LeaderboardSummary', description: 'The Summary Statistics card: counts over the window.' });

export type BoardEntry = z.infer<typeof boardEntrySchema>;
export type BoardAnswer = z.infer<typeof boardAnswerSchema>;
export type SummaryAnswer = z.infer<typeof summaryAnswerSchema>;
