// The payloads of recognition, histories and leaderboards (zod): what the server parses and the Give dialog
// checks. Apart from recognition.ts so that a screen that only shows boards and counts loads no zod.
import * as z from './zod.ts';
import {
  PICKER_SEARCH_MAX_CHARACTERS,
  RECOGNITION_REASON_MAX_CHARACTERS,
  RED_FLAG_DESCRIPTION_MAX_CHARACTERS,
  RED_FLAG_DISPUTE_MAX_CHARACTERS,
} from './limits.ts';
import {
  BOARDS,
  DEFAULT_TIMEFRAME,
  RECOGNITION_MESSAGES,
  redFlagReasonOf,
  TIMEFRAMES,
  TRANSACTION_TIMEFRAMES,
  TRANSACTION_TYPES,
} from './recognition.ts';

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const REASON_TOO_LONG = `Please keep the reason under ${RECOGNITION_REASON_MAX_CHARACTERS} characters.`;
const reason = z
  .string()
  .trim()
  .max(RECOGNITION_REASON_MAX_CHARACTERS, REASON_TOO_LONG)
  .nullish()
  .transform((value) => value || null);

/** POST /api/stars and /api/flowers. */
export const starOrFlowerInput = z.object({
  recipientId: id(RECOGNITION_MESSAGES.recipientRequired),
  spaId: id(RECOGNITION_MESSAGES.spaRequired),
  reason,
});

/** POST /api/medals. */
export const medalInput = z.object({ recipientId: id(RECOGNITION_MESSAGES.recipientRequired), reason });

/** A red flag's reason as given: required, as long as any reason may be (its meaning is `redFlagReasonOf`'s). */
export const redFlagReasonText = z
  .string({ error: RECOGNITION_MESSAGES.redFlagReasonRequired })
  .trim()
  .min(1, RECOGNITION_MESSAGES.redFlagReasonRequired)
  .max(RECOGNITION_REASON_MAX_CHARACTERS, REASON_TOO_LONG);

/** POST /api/red-flags: a reason outside the list is kept as Other, its text at the head of the description. */
export const redFlagInput = z
  .object({
    targetUserId: id(RECOGNITION_MESSAGES.recipientRequired),
    reason: redFlagReasonText,
    description: z
      .string()
      .trim()
      .max(
        RED_FLAG_DESCRIPTION_MAX_CHARACTERS,
        `Please keep the description under ${RED_FLAG_DESCRIPTION_MAX_CHARACTERS} characters.`,
      )
      .nullish()
      .transform((value) => value || null),
  })
  .transform(({ targetUserId, reason, description }) => ({ targetUserId, ...redFlagReasonOf(reason, description) }));

/** A flagged member's dispute of a red flag: a short statement for the moderation queue. */
export const disputeInput = z.object({
  redFlagId: id(RECOGNITION_MESSAGES.redFlagNotFound),
  statement: z
    .string({ error: RECOGNITION_MESSAGES.disputeRequired })
    .trim()
    .min(1, RECOGNITION_MESSAGES.disputeRequired)
    .max(RED_FLAG_DISPUTE_MAX_CHARACTERS, RECOGNITION_MESSAGES.disputeTooLong),
});

export const timeframeInput = z
  .enum(TIMEFRAMES, { error: `timeframe must be one of ${TIMEFRAMES.join(', ')}` })
  .default(DEFAULT_TIMEFRAME);
export const boardInput = z.object({ board: z.enum(BOARDS), timeframe: timeframeInput });

/** Whose history or list: a member id (REST paths), a profile slug (web routes), or neither for oneself. */
export const memberRefInput = z
  .object({
    userId: z.coerce.number().int().positive().optional(),
    slug: z.string().min(1).max(200).optional(),
  })
  .default({});
export type MemberRef = z.infer<typeof memberRefInput>;

export const transactionsInput = z.object({
  member: memberRefInput,
  type: z.enum(TRANSACTION_TYPES, { error: `type must be one of ${TRANSACTION_TYPES.join(', ')}` }),
  timeframe: z.enum(TRANSACTION_TIMEFRAMES).optional(),
});

/** A picker's search by name; blank searches nothing. */
const pickerSearch = z.string().trim().max(PICKER_SEARCH_MAX_CHARACTERS).optional();

/**
 * The spa picker: a flower's therapist's lineup, or a star's spa manager's own listings, come first; `q` narrows both
 * lists by name.
 */
export const spasInput = z
  .object({
    therapistId: z.number().int().positive().optional(),
    ownerId: z.number().int().positive().optional(),
    q: pickerSearch,
  })
  .optional();

export const recipientsInput = z.object({
  role: z.enum(['spa_management', 'therapist']),
  q: pickerSearch,
});
