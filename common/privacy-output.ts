// The answers of the privacy procedures (ADR 022) as zod schemas: the procedures declare them as their output, the
// OpenAPI document is generated from them, and the types are inferred from them (common/privacy.ts re-exports the
// types only, so the privacy screen does not load zod for them). Keys are in the order the Worker builds them.
import { licenceSchema } from './licences-output.ts';
import { ANALYTICS_METRICS } from './analytics.ts';
import { currentUserSchema } from './account-output.ts';
import { memberLinkSchema, roleSchema, timestampSchema } from './profile-output.ts';
import { RED_FLAG_DISPUTE_STATES } from './recognition.ts';
import * as z from './zod.ts';

/** One signed-in device as GET /api/sessions lists it: the id, never the secret. */
export const sessionInfoSchema = z
  .object({
    id: z.string(),
    createdAt: timestampSchema,
    lastSeenAt: timestampSchema.meta({
      description: 'The last day the session was used (it is written at most once a day).',
    }),
    device: z
      .nullable(z.string())
      .meta({ description: 'Coarse, from the user agent at sign-in ("Chrome on Android").' }),
    place: z
      .nullable(z.string())
      .meta({ description: 'Coarse, from the IP address at sign-in ("Makati City, Philippines").' }),
    current: z.boolean().meta({ description: 'The session of the request asking.' }),
  })
  .meta({ id: 'SessionInfo' });

export const sessionEndedSchema = z
  .object({
    ended: z.int(),
    current: z.boolean().meta({ description: 'It was the session of this request: this device is signed out.' }),
    message: z.string(),
  })
  .meta({ id: 'SessionEnded' });

export const otherSessionsEndedSchema = z
  .object({ ended: z.int(), message: z.string() })
  .meta({ id: 'OtherSessionsEnded' });

export const accountDeletedSchema = z
  .object({ deleted: z.literal(true), message: z.string() })
  .meta({ id: 'AccountDeleted' });

/** A confirmed or restored e-mail address: the account's address now. */
export const emailChangedSchema = z.object({ email: z.string(), message: z.string() }).meta({ id: 'EmailChanged' });

// "Download my data" ------------------------------------------------------------------------------------------
// Other members appear as a MemberLink only: no id nor slug for a former member.

const savedMemberSchema = z.object({ savedAt: timestampSchema, role: roleSchema, member: memberLinkSchema });

const exportFavouriteListSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    isDefault: z.boolean(),
    createdAt: timestampSchema,
    saved: z.array(savedMemberSchema),
  })
  .meta({ id: 'ExportFavouriteList' });

const ratings = {
  ambienceRating: z.nullable(z.int()),
  amenitiesRating: z.nullable(z.int()),
  bookingRating: z.nullable(z.int()),
  selectionRating: z.nullable(z.int()),
};

/** A review the member wrote; `member` is the reviewed one. */
const exportWrittenReviewSchema = z
  .object({
    id: z.int(),
    reviewText: z.string(),
    ...ratings,
    createdAt: timestampSchema,
    updatedAt: z.nullable(timestampSchema),
    replyText: z.nullable(z.string()),
    removedAt: z.nullable(timestampSchema).meta({ description: 'When a moderator removed it.' }),
    member: memberLinkSchema,
  })
  .meta({ id: 'ExportWrittenReview' });

/** A review of the member (removed ones are not listed); `member` is the reviewer. */
const exportReceivedReviewSchema = z
  .object({
    id: z.int(),
    reviewText: z.string(),
    ...ratings,
    createdAt: timestampSchema,
    updatedAt: z.nullable(timestampSchema),
    replyText: z.nullable(z.string()),
    replyCreatedAt: z.nullable(timestampSchema),
    replyUpdatedAt: z.nullable(timestampSchema),
    member: memberLinkSchema,
  })
  .meta({ id: 'ExportReceivedReview' });

/** A star, flower or medal; `member` is the other side (the recipient of one given, the giver of one received). */
const exportGiftSchema = z
  .object({
    id: z.int(),
    reason: z.nullable(z.string()),
    createdAt: timestampSchema,
    spaId: z.nullable(z.int()).meta({ description: 'The spa a star or flower was given at; null for medals.' }),
    member: memberLinkSchema,
  })
  .meta({ id: 'ExportGift' });

const exportGiftsSchema = z.object({ given: z.array(exportGiftSchema), received: z.array(exportGiftSchema) });

const exportRedFlagSchema = z
  .object({
    id: z.int(),
    reason: z.nullable(z.string()),
    description: z.nullable(z.string()),
    createdAt: timestampSchema,
    disputeState: z.nullable(z.enum(RED_FLAG_DISPUTE_STATES)),
    disputeStatement: z
      .nullable(z.string())
      .meta({ description: "The member's own dispute of a red flag about them." }),
    member: memberLinkSchema,
  })
  .meta({ id: 'ExportRedFlag' });

const exportLineupLinkSchema = z
  .object({
    id: z.int(),
    side: z.enum(['therapist', 'spa']).meta({ description: 'What the other member is to the member.' }),
    state: z.enum(['invited', 'accepted', 'declined', 'ended']),
    createdAt: timestampSchema,
    respondedAt: z.nullable(timestampSchema),
    endedAt: z.nullable(timestampSchema),
    member: memberLinkSchema,
  })
  .meta({ id: 'ExportLineupLink' });

const exportAnalyticsDaySchema = z.object({
  day: z.string().meta({ description: 'Asia/Manila calendar day, YYYY-MM-DD.' }),
  metric: z.enum(ANALYTICS_METRICS),
  count: z.int(),
});

const exportPaymentSchema = z
  .object({
    id: z.string(),
    plan: z.string().meta({ description: 'The plan paid for (monthly, yearly, pro).' }),
    amount: z.int().meta({ description: 'Minor units (cents, centavos) of the currency.' }),
    currency: z.string(),
    periodDays: z.int(),
    status: z.enum(['pending', 'paid']),
    createdAt: timestampSchema,
    paidAt: z.nullable(timestampSchema),
  })
  .meta({ id: 'ExportPayment' });

const user = currentUserSchema.shape;

export const dataExportSchema = z
  .object({
    exportedAt: z.string().meta({ description: 'ISO 8601.' }),
    about: z.string(),
    account: z.object({
      id: user.id,
      name: user.name,
      slug: user.slug,
      role: user.role,
      profilePic: user.profilePic,
      profilePicThumbnail: user.profilePicThumbnail,
      isPremium: user.isPremium,
      memberNumber: user.memberNumber,
      aboutMe: user.aboutMe,
      phoneNumber: user.phoneNumber,
      openingHours: user.openingHours,
      viberHandle: user.viberHandle,
      messengerHandle: user.messengerHandle,
      telegramHandle: user.telegramHandle,
      whatsappHandle: user.whatsappHandle,
      instagramHandle: user.instagramHandle,
      tiktokHandle: user.tiktokHandle,
      facebookHandle: user.facebookHandle,
      email: z.nullable(z.string()),
      pendingEmail: z.nullable(z.string()).meta({ description: 'A new address waiting for its confirmation link.' }),
      address: z.nullable(z.string()),
      latitude: z.nullable(z.number()),
      longitude: z.nullable(z.number()),
      chatInvisible: z.boolean(),
      createdAt: timestampSchema,
      updatedAt: z.nullable(timestampSchema),
      formerProfileLinks: z.array(z.string()).meta({ description: 'The slugs the member had before, oldest first.' }),
    }),
    favourites: z.array(exportFavouriteListSchema),
    reviews: z.object({ written: z.array(exportWrittenReviewSchema), received: z.array(exportReceivedReviewSchema) }),
    gifts: z.object({ stars: exportGiftsSchema, flowers: exportGiftsSchema, medals: exportGiftsSchema }),
    redFlags: z.object({ given: z.array(exportRedFlagSchema), received: z.array(exportRedFlagSchema) }),
    lineup: z.array(exportLineupLinkSchema),
    spaAnalytics: z.array(exportAnalyticsDaySchema).meta({ description: 'Spa management only.' }),
    premium: z.object({
      isPremium: z.boolean(),
      isPro: z.boolean(),
      complimentary: z.boolean().meta({ description: 'Premium granted by an admin, with no end.' }),
      premiumUntil: z.nullable(timestampSchema),
      proUntil: z.nullable(timestampSchema),
      trialStartedAt: z.nullable(timestampSchema),
      payments: z.array(exportPaymentSchema),
    }),
    sessions: z.array(sessionInfoSchema),
    chat: z.object({
      blocked: z.array(z.object({ createdAt: timestampSchema, member: memberLinkSchema })),
      reportsFiled: z.array(
        z.object({
          id: z.int(),
          reason: z.string(),
          state: z.enum(['open', 'dismissed', 'banned']),
          createdAt: timestampSchema,
          member: memberLinkSchema,
        }),
      ),
    }),
    reviewReportsFiled: z.array(
      z.object({
        id: z.int(),
        reviewId: z.int(),
        reason: z.string(),
        note: z.nullable(z.string()),
        state: z.enum(['open', 'dismissed', 'removed', 'banned']),
        createdAt: timestampSchema,
      }),
    ),
    aiAssistUses: z.array(
      z.object({ day: z.string().meta({ description: 'Asia/Manila calendar day, YYYY-MM-DD.' }), uses: z.int() }),
    ),
    licences: z
      .array(licenceSchema)
      .meta({ description: "The licences submitted, newest first; each document's photo at its documentUrl." }),
    visits: z
      .array(
        z.object({
          id: z.int(),
          visitedAt: timestampSchema,
          member: memberLinkSchema.meta({ description: 'The spa visited.' }),
          therapist: z.nullable(memberLinkSchema),
        }),
      )
      .meta({ description: 'The visits the member recorded with a spa’s code, newest first.' }),
  })
  .meta({ id: 'DataExport' });

export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export type DataExport = z.infer<typeof dataExportSchema>;
export type ExportFavouriteList = z.infer<typeof exportFavouriteListSchema>;
export type ExportWrittenReview = z.infer<typeof exportWrittenReviewSchema>;
export type ExportReceivedReview = z.infer<typeof exportReceivedReviewSchema>;
export type ExportGift = z.infer<typeof exportGiftSchema>;
export type ExportRedFlag = z.infer<typeof exportRedFlagSchema>;
export type ExportLineupLink = z.infer<typeof exportLineupLinkSchema>;
export type ExportPayment = z.infer<typeof exportPaymentSchema>;
