// The answers of stars, flowers, medals and red flags as zod schemas: the procedures declare them as their output (so
// every answer is checked), the OpenAPI document is generated from them, and the server's types are inferred from
// them. The screens read the answers' types from the router, so none of them loads this module.
import { roleSchema, timestampSchema, verifiedVisitSchema } from './profile-output.ts';
import {
  HISTORY_SIDES,
  RECOGNITION_KINDS,
  RED_FLAG_DISPUTE_STATES,
  TRANSACTION_TIMEFRAMES,
  TRANSACTION_TYPES,
} from './recognition.ts';
import * as z from './zod.ts';

export const recognitionKindSchema = z.enum(RECOGNITION_KINDS).meta({ id: 'RecognitionKind' });
const historySideSchema = z.enum(HISTORY_SIDES).meta({ id: 'HistorySide' });

/** A star, flower, medal or red flag just given, and what is left of the giver's allowance today. */
export const recognitionGiftSchema = z
  .object({
    id: z.int(),
    kind: recognitionKindSchema,
    recipientId: z.int(),
    createdAt: timestampSchema,
    dailyLimit: z.int().meta({ description: 'How many of this kind the giver may give per Asia/Manila day.' }),
    remainingToday: z.int(),
    verifiedVisit: verifiedVisitSchema,
  })
  .meta({ id: 'RecognitionGift' });

export const redFlagDisputeSchema = z
  .object({
    id: z.int(),
    redFlagId: z.int(),
    state: z.enum(RED_FLAG_DISPUTE_STATES).meta({ id: 'RedFlagDisputeState' }),
    createdAt: timestampSchema,
  })
  .meta({ id: 'RedFlagDispute' });

/** The member a history is about (never a former member: their histories are not found). */
export const historyMemberSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    role: roleSchema,
    memberNumber: z.int(),
    profilePic: z.nullable(z.string()),
  })
  .meta({ id: 'HistoryMember' });

/** The other member of a medal or red flag entry; a former member has a null id, slug and member number. */
export const historyPersonSchema = z
  .object({
    id: z.nullable(z.int()),
    name: z.string(),
    slug: z.nullable(z.string()),
    memberNumber: z.nullable(z.int()),
    role: roleSchema,
    profileImageUrl: z.nullable(z.string()),
  })
  .meta({ id: 'HistoryPerson' });

/** A medal given or received: an entry of the given list has the recipient, one of the received list the giver. */
export const medalEntrySchema = z
  .object({
    id: z.int(),
    reason: z.nullable(z.string()),
    createdAt: timestampSchema,
    recipient: z.optional(historyPersonSchema).meta({ description: 'Only on an entry given.' }),
    giver: z.optional(historyPersonSchema).meta({ description: 'Only on an entry received.' }),
    verifiedVisit: verifiedVisitSchema,
  })
  .meta({ id: 'MedalEntry' });

export const redFlagEntrySchema = z
  .object({
    ...medalEntrySchema.shape,
    description: z.nullable(z.string()),
    counts: z.boolean().meta({ description: 'Red flags stop counting a year after they were given.' }),
    disputeState: z.nullable(redFlagDisputeSchema.shape.state),
  })
  .meta({ id: 'RedFlagEntry' });

export const medalHistorySchema = z
  .object({ user: historyMemberSchema, given: z.array(medalEntrySchema), received: z.array(medalEntrySchema) })
  .meta({ id: 'MedalHistory' });

export const redFlagHistorySchema = z
  .object({ user: historyMemberSchema, given: z.array(redFlagEntrySchema), received: z.array(redFlagEntrySchema) })
  .meta({ id: 'RedFlagHistory' });

/** The giver or the recipient of a star or flower; a former member has a null id, slug and member number. */
const giftPartySchema = z
  .object({
    id: z.nullable(z.int()),
    name: z.string(),
    slug: z.nullable(z.string()),
    memberNumber: z.nullable(z.int()),
  })
  .meta({ id: 'GiftParty' });

export const giftEntrySchema = z
  .object({
    id: z.int(),
    reason: z.nullable(z.string()),
    createdAt: timestampSchema,
    giver: giftPartySchema,
    recipient: giftPartySchema,
    spa: z.nullable(z.object({ id: z.int(), name: z.string() })).meta({ description: 'The spa it was given at.' }),
    verifiedVisit: verifiedVisitSchema,
  })
  .meta({ id: 'GiftEntry' });

/**
 * Stars or flowers of a member: given for a client, received otherwise. The daily limit goes to every viewer; what
 * is used and left today only to the client themselves (null for anyone else).
 */
export const giftHistorySchema = z
  .object({
    user: historyMemberSchema,
    direction: historySideSchema,
    total: z.int(),
    dailyLimit: z.object({
      limit: z.int(),
      usedToday: z.nullable(z.int()),
      remaining: z.nullable(z.int()),
    }),
    entries: z.array(giftEntrySchema),
  })
  .meta({ id: 'GiftHistory' });

export const recognitionTransactionSchema = z
  .object({
    id: z.int(),
    direction: historySideSchema,
    otherUserName: z.string(),
    otherUserSlug: z.nullable(z.string()).meta({ description: 'null for a former member.' }),
    otherUserProfilePic: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    createdAt: timestampSchema,
    verifiedVisit: verifiedVisitSchema,
  })
  .meta({ id: 'RecognitionTransaction' });

/** Given and received in the window, newest first. */
export const recognitionTransactionsSchema = z
  .object({
    user: historyMemberSchema,
    type: z.enum(TRANSACTION_TYPES),
    timeframe: z.enum(TRANSACTION_TIMEFRAMES),
    entries: z.array(recognitionTransactionSchema),
  })
  .meta({ id: 'RecognitionTransactions' });

/** A member who can receive a star or a flower, as the pickers list them. */
export const recipientChoiceSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    memberNumber: z.int(),
    profilePic: z.nullable(z.string()),
  })
  .meta({ id: 'RecipientChoice' });

/** A spa of the spa picker; `worksHere` marks the therapist's lineup spas, or the spa manager's own listings. */
export const spaChoiceSchema = z
  .object({ id: z.int(), name: z.string(), ownerUserId: z.nullable(z.int()), worksHere: z.boolean() })
  .meta({ id: 'SpaChoice' });

export type HistoryPerson = z.infer<typeof historyPersonSchema>;
export type MedalEntry = z.infer<typeof medalEntrySchema>;
export type RedFlagEntry = z.infer<typeof redFlagEntrySchema>;
