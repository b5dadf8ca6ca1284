// Recognition (stars, flowers, medals, red flags), histories and leaderboards: payloads, fixed lists, limits and
// texts shared by the server and the web app. Who gives what to whom is docs/architecture.md, "Rules the server enforces".
// The payloads' schemas are in recognition-input.ts: the leaderboards screen reads this module without zod.
import {
  DAILY_FLOWERS,
  DAILY_MEDALS,
  DAILY_RED_FLAGS,
  DAILY_STARS,
  PREMIUM_DAILY_MULTIPLIER,
  RED_FLAG_DISPUTE_MAX_CHARACTERS,
  RED_FLAG_REPEAT_DAYS,
} from './limits.ts';
import type { Role } from './roles.ts';

export const RECOGNITION_KINDS = ['star', 'flower', 'medal', 'red_flag'] as const;
export type RecognitionKind = (typeof RECOGNITION_KINDS)[number];

/** Giver and recipient roles per kind. */
export const RECOGNITION_RULES: Record<RecognitionKind, { giver: Role; recipient: Role; table: string }> = {
  star: { giver: 'client', recipient: 'spa_management', table: 'stars' },
  flower: { giver: 'client', recipient: 'therapist', table: 'flowers' },
  medal: { giver: 'spa_management', recipient: 'client', table: 'medals' },
  red_flag: { giver: 'spa_management', recipient: 'client', table: 'red_flags' },
};

/** The two lists of a history: what the member gave and what they received. */
export const HISTORY_SIDES = ['given', 'received'] as const;
export type HistorySide = (typeof HISTORY_SIDES)[number];

/**
 * The lists a medal or red flag history shows, in order: the giver's role sees what it gave
 * first; a list the member's role can never fill (a client gives no medals) is left out unless it holds entries.
 * A member whose role is on neither side (an admin) sees the received list, empty.
 */
export function historySides(
  kind: 'medal' | 'red_flag',
  role: Role,
  counts: Record<HistorySide, number>,
): HistorySide[] {
  const { giver, recipient } = RECOGNITION_RULES[kind];
  const sides: HistorySide[] = [];
  if (role === giver || counts.given > 0) sides.push('given');
  if (role === recipient || counts.received > 0) sides.push('received');
  return sides.length > 0 ? sides : ['received'];
}

/** How many of a kind one giver may give per Asia/Manila day. */
export function dailyLimit(kind: RecognitionKind, premium: boolean): number {
  switch (kind) {
    case 'star':
      return DAILY_STARS * (premium ? PREMIUM_DAILY_MULTIPLIER : 1);
    case 'flower':
      return DAILY_FLOWERS * (premium ? PREMIUM_DAILY_MULTIPLIER : 1);
    case 'medal':
      return DAILY_MEDALS;
    case 'red_flag':
      return DAILY_RED_FLAGS;
  }
}

/** The fixed list of red-flag reasons; Other holds any reason outside the rest. */
export const RED_FLAG_REASONS = [
  'No-show',
  'Late cancellation',
  'Inappropriate behaviour',
  'Payment issue',
  'Safety concern',
  'Other',
] as const;
export type RedFlagReason = (typeof RED_FLAG_REASONS)[number];
export const OTHER_RED_FLAG_REASON: RedFlagReason = 'Other';

/**
 * A red flag's reason as given (the spec's "fixed text"): one of the list, whatever its case, is that reason; any
 * other text is Other, and the text is kept in the red flag's description, before the giver's own description.
 */
export function redFlagReasonOf(
  given: string,
  description: string | null,
): { reason: RedFlagReason; description: string | null } {
  const listed = RED_FLAG_REASONS.find((reason) => reason.toLowerCase() === given.toLowerCase());
  if (listed) return { reason: listed, description };
  return { reason: OTHER_RED_FLAG_REASON, description: description ? `${given}: ${description}` : given };
}

const KIND_NOUNS: Record<RecognitionKind, string> = {
  star: 'star',
  flower: 'flower',
  medal: 'medal',
  red_flag: 'red flag',
};
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const RECOGNITION_MESSAGES = {
  /** Toast titles of a failure (spec, "Error catalogue"); the server's 429 text starts with them. */
  failedTitle: {
    star: 'Failed to Award Star',
    flower: 'Failed to Give Flower',
    medal: 'Failed to Award Medal',
    red_flag: 'Failed to Report Red Flag',
  } satisfies Record<RecognitionKind, string>,
  successTitle: {
    star: 'Star Awarded',
    flower: 'Flower Given',
    medal: 'Medal Awarded!',
    red_flag: 'Red Flag Reported!',
  } satisfies Record<RecognitionKind, string>,
  retry: 'Please try again.',
  recipientRequired: 'Please select a recipient',
  spaRequired: 'Please select a spa',
  notYourself: 'You cannot give recognition to yourself.',
  recipientNotFound: 'That member was not found.',
  spaNotFound: 'That spa was not found.',
  wrongGiver: {
    star: 'Only clients can give stars.',
    flower: 'Only clients can give flowers.',
    medal: 'Only spa management can award medals.',
    red_flag: 'Only spa management can report red flags.',
  } satisfies Record<RecognitionKind, string>,
  wrongRecipient: {
    star: 'Stars go to spa management accounts only.',
    flower: 'Flowers go to therapists only.',
    medal: 'Medals go to clients only.',
    red_flag: 'Red flags can only be reported for clients.',
  } satisfies Record<RecognitionKind, string>,
  redFlagRepeat: `Failed to Report Red Flag: you already reported this client in the last ${RED_FLAG_REPEAT_DAYS} days.`,
  redFlagReasonRequired: 'Please choose a reason for the red flag.',
  disputeRequired: 'Please explain why this red flag is wrong.',
  disputeTooLong: `Please keep your statement under ${RED_FLAG_DISPUTE_MAX_CHARACTERS} characters.`,
  disputeNotYours: 'Only the flagged member can dispute a red flag.',
  disputeExists: 'You have already disputed this red flag.',
  redFlagNotFound: 'Red flag not found.',
  problemsForbidden: 'Problem Clients is visible to spa management, therapists and admins only.',
  redFlagsForbidden: 'Red flags are visible only to the flagged member, spa management, therapists and admins.',
  loginToView: { stars: 'Please log in to view stars', flowers: 'Please log in to view flowers' },
} as const;

/** The 429 text when today's allowance is used: the spec's failure title, then what happened. */
export function limitReachedMessage(kind: RecognitionKind, limit: number): string {
  const noun = KIND_NOUNS[kind];
  return `${RECOGNITION_MESSAGES.failedTitle[kind]}: you can give ${plural(limit, noun)} a day. Try again tomorrow.`;
}

/** The Daily Limit line of the stars and flowers screens and their Give dialogs; what is left only for the giver. */
export function dailyLimitLine(limit: number, remaining: number | null): string {
  return `Daily Limit: ${limit} per day${remaining === null ? '' : ` · ${remaining} left today`}`;
}

/** What a Give dialog says, instead of its form, when today's allowance is used. */
export function usedUpTodayMessage(kind: RecognitionKind, limit: number): string {
  const noun = KIND_NOUNS[kind];
  return `You have given today's ${plural(limit, noun)}. You can give again tomorrow.`;
}

/** Said with a saved review when its reward could not be given today. */
export function noRewardTodayMessage(kind: RecognitionKind, limit: number): string {
  const noun = KIND_NOUNS[kind];
  return `No ${noun} was given: you have used today's ${plural(limit, noun)}.`;
}

// Histories -------------------------------------------------------------------------------------------------

export const TRANSACTION_TYPES = ['stars', 'medals', 'flowers', 'red-flags'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTION_KIND: Record<TransactionType, RecognitionKind> = {
  stars: 'star',
  medals: 'medal',
  flowers: 'flower',
  'red-flags': 'red_flag',
};
export const TRANSACTION_TIMEFRAMES = ['3months', 'year'] as const;

/** A red flag dispute: open until a moderator declines it (upheld) or removes the red flag (removed). */
export const RED_FLAG_DISPUTE_STATES = ['open', 'upheld', 'removed'] as const;
export type RedFlagDisputeState = (typeof RED_FLAG_DISPUTE_STATES)[number];

// Leaderboards ----------------------------------------------------------------------------------------------

export const TIMEFRAMES = ['weekly', 'monthly', 'yearly', 'all-time'] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const DEFAULT_TIMEFRAME: Timeframe = 'monthly';
export const TIMEFRAME_LABELS: Record<Timeframe, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
  'all-time': 'All Time',
};
/** Rolling windows in days (null: all time), so that a board is never empty on a Monday. */
export const TIMEFRAME_DAYS: Record<Timeframe, number | null> = {
  weekly: 7,
  monthly: 30,
  yearly: 365,
  'all-time': null,
};

/** The seven tabs, in the screen's order, with the REST path that serves each. */
export const BOARDS = [
  'therapists',
  'spas',
  'clients',
  'flower-givers',
  'star-givers',
  'medal-givers',
  'problems',
] as const;
export type Board = (typeof BOARDS)[number];
export const BOARD_LABELS: Record<Board, string> = {
  therapists: 'Top Therapists',
  spas: 'Top Spas',
  clients: 'Top Clients',
  'flower-givers': 'Flower Givers',
  'star-givers': 'Star Givers',
  'medal-givers': 'Medal Givers',
  problems: 'Problem Clients',
};
/**
 * The leaderboards' note beside their counts: a gift from an account under a day old (BOARD_NEW_ACCOUNT_MS), or a
 * giver's second to the same member on one Manila day, moves no board, so a board can count less than a profile.
 */
export const BOARD_COUNTING_NOTE =
  'Counts here leave out gifts from accounts less than a day old and repeat gifts to the same member on one day, so they can be lower than on a profile.';

/** Boards only spa management, therapists and admins may see. */
export const RESTRICTED_BOARDS: readonly Board[] = ['problems'];
export function mayViewRedFlags(role: Role | null | undefined): boolean {
  return role === 'spa_management' || role === 'therapist' || role === 'admin';
}
