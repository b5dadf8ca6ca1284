// The answers of member profiles as zod schemas: the procedures declare them as their output (so every answer is
// checked), the OpenAPI document (GET /api/openapi.json) is generated from them, and the types the web app uses
// are inferred from them (common/profile.ts re-exports the types only, so the profile screen does not load zod).
import { CONTACT_HANDLES } from './profile.ts';
import { licensedFields } from './licence-badge-output.ts';
import { pageSchema } from './page-output.ts';
import { weeklyHoursSchema } from './opening-hours-schema.ts';
import { ROLES } from './roles.ts';
import * as z from './zod.ts';

export const roleSchema = z.enum(ROLES).meta({ id: 'Role' });
/** Milliseconds since the epoch. */
export const timestampSchema = z.int().meta({ id: 'Timestamp', description: 'Milliseconds since the epoch.' });

const contactHandles = Object.fromEntries(CONTACT_HANDLES.map(({ key }) => [key, z.nullable(z.string())])) as Record<
  (typeof CONTACT_HANDLES)[number]['key'],
  z.ZodNullable<z.ZodString>
>;

export const publicProfileSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    role: roleSchema,
    profilePic: z.nullable(z.string()),
    profilePicThumbnail: z.nullable(z.string()),
    isPremium: z.boolean(),
    memberNumber: z.int(),
    aboutMe: z.nullable(z.string()),
    phoneNumber: z.nullable(z.string()).meta({ description: 'E.164; null for a viewer who may not see it.' }),
    openingHours: z.nullable(weeklyHoursSchema).meta({ description: 'Spa management only.' }),
    ...contactHandles,
    address: z.nullable(z.string()).meta({ description: 'Spa and therapist profiles only.' }),
    latitude: z.nullable(z.string()),
    longitude: z.nullable(z.string()),
    createdAt: timestampSchema,
    isBanned: z
      .optional(z.boolean())
      .meta({ description: 'Present (true) only when an admin looks at a banned member.' }),
    reviewCounts: z.object({ received: z.int(), spasReviewed: z.int(), therapistsReviewed: z.int() }).meta({
      description:
        "Tab counts the stats do not carry: reviews received, and reviews written split by the target's role.",
    }),
    averageRating: z
      .nullable(z.number())
      .meta({ description: "A spa's rating out of 5 from its reviews; null without one, and for other roles." }),
    ...licensedFields,
  })
  .meta({ id: 'PublicProfile' });

/** Another member in a list; a former member is "Former member" with a null id and slug. */
export const memberLinkSchema = z
  .object({ id: z.nullable(z.int()), name: z.string(), slug: z.nullable(z.string()) })
  .meta({
    id: 'MemberLink',
    description:
      'Another member in a list; a former member (deleted account) is "Former member" with a null id and slug.',
  });

/** `verifiedVisit` of every review, star, flower, medal and red flag an answer shows (worker/services/verified-visits.ts). */
export const verifiedVisitSchema = z.boolean().meta({
  description:
    'True when the client of the two recorded a visit to the other side (the spa, the therapist, or a spa whose lineup held the therapist) in the 90 days before it.',
});

/** Why a review is or is not verified, for its author only (common/visits.ts verificationReason). */
export const verifiedVisitExplanationSchema = z
  .object({ verified: z.boolean(), reason: z.string() })
  .meta({ id: 'VisitVerification' });

export const giverSchema = z
  .object({
    id: z.int(),
    giverId: z.nullable(z.int()).meta({ description: 'Null for a former member, as the slug (no link).' }),
    giverSlug: z.nullable(z.string()),
    giverName: z.string(),
    createdAt: timestampSchema,
    verifiedVisit: verifiedVisitSchema,
  })
  .meta({ id: 'Giver' });

export const reviewReplySchema = z
  .object({ text: z.string(), createdAt: timestampSchema, updatedAt: z.nullable(timestampSchema) })
  .meta({ id: 'ReviewReply', description: "The reviewed member's one public reply to a review." });

export const reviewSchema = z
  .object({
    id: z.int(),
    createdAt: timestampSchema,
    updatedAt: z
      .nullable(timestampSchema)
      .meta({ description: 'When the reviewer last edited it (shown as edited), else null.' }),
    reviewText: z.string(),
    ambienceRating: z.nullable(z.int()),
    amenitiesRating: z.nullable(z.int()),
    bookingRating: z.nullable(z.int()),
    selectionRating: z.nullable(z.int()),
    reviewer: memberLinkSchema,
    targetUser: z.object({ ...memberLinkSchema.shape, role: roleSchema }),
    reply: z.nullable(reviewReplySchema),
    removed: z
      .boolean()
      .meta({ description: 'Removed by a moderator: only its author still sees it, marked removed.' }),
    verifiedVisit: verifiedVisitSchema,
    verification: z
      .nullable(verifiedVisitExplanationSchema)
      .meta({ description: 'Why it is or is not verified: for its author only, null for everyone else.' }),
  })
  .meta({ id: 'Review' });

/** A star or flower given: who received it. */
export const givenRecordSchema = z
  .object({
    id: z.int(),
    createdAt: timestampSchema,
    reason: z.nullable(z.string()),
    recipient: memberLinkSchema,
    verifiedVisit: verifiedVisitSchema,
  })
  .meta({ id: 'GivenRecord' });

/** A medal or red flag received: who gave it. */
export const receivedRecordSchema = z
  .object({
    id: z.int(),
    createdAt: timestampSchema,
    reason: z.nullable(z.string()),
    giver: memberLinkSchema,
    verifiedVisit: verifiedVisitSchema,
  })
  .meta({ id: 'ReceivedRecord' });

/** How many of those received follow a visit (`verifiedVisit: true`). */
const verifiedReceivedSchema = z.int().meta({ description: 'How many of those received are verified visits.' });

export const profileStatsSchema = z
  .object({
    starStats: z.object({ received: z.int(), verifiedReceived: verifiedReceivedSchema, given: z.int() }),
    flowerStats: z.object({ received: z.int(), verifiedReceived: verifiedReceivedSchema, given: z.int() }),
    medalStats: z.object({ received: z.int(), verifiedReceived: verifiedReceivedSchema }),
    redFlagStats: z
      .nullable(z.object({ received: z.int(), verifiedReceived: verifiedReceivedSchema }))
      .meta({ description: 'null for viewers who may not see red flags.' }),
    reviews: z.array(reviewSchema).meta({ description: 'Reviews received, newest first (the first page).' }),
    flowerGivers: z.array(giverSchema),
    starGivers: z.array(giverSchema),
  })
  .meta({ id: 'ProfileStats' });

/** The lists of a profile, a page at a time (newest first). */
export const giverPageSchema = pageSchema(giverSchema).meta({ id: 'GiverPage' });
export const givenRecordPageSchema = pageSchema(givenRecordSchema).meta({ id: 'GivenRecordPage' });
export const receivedRecordPageSchema = pageSchema(receivedRecordSchema).meta({ id: 'ReceivedRecordPage' });
export const reviewPageSchema = pageSchema(reviewSchema).meta({ id: 'ReviewPage' });

/** How many stars or flowers a member has received. */
export const receivedCountSchema = z.object({ received: z.int() }).meta({ id: 'ReceivedCount' });

/** The new profile picture and its thumbnail, as stored. */
export const profilePictureSchema = z
  .object({ message: z.string(), profilePic: z.string(), profilePicThumbnail: z.string() })
  .meta({ id: 'ProfilePictureUpdated' });

/** The screen's error report was written to the log. */
export const errorLoggedSchema = z.object({ logged: z.literal(true) });

export type PublicProfile = z.infer<typeof publicProfileSchema>;
export type MemberLink = z.infer<typeof memberLinkSchema>;
export type Giver = z.infer<typeof giverSchema>;
export type ReviewReply = z.infer<typeof reviewReplySchema>;
export type Review = z.infer<typeof reviewSchema>;
export type GivenRecord = z.infer<typeof givenRecordSchema>;
export type ReceivedRecord = z.infer<typeof receivedRecordSchema>;
export type ProfileStats = z.infer<typeof profileStatsSchema>;
