// The answers of the admin dashboard, the moderation queue, the audit log and the spa listings as zod schemas: the
// procedures declare them as their output (so every answer is checked), the OpenAPI document is generated from them,
// and the types the web app uses are inferred from them (common/admin.ts re-exports the types only). Keys are in
// the order the server builds them, so an answer read through its schema is the same JSON.
import { MODERATION_ACTIONS, REPORT_KINDS } from './admin.ts';
import { weeklyHoursSchema } from './opening-hours-schema.ts';
import { pageSchema } from './page-output.ts';
import { memberLinkSchema, roleSchema, timestampSchema } from './profile-output.ts';
import * as z from './zod.ts';

// Spa listings ---------------------------------------------------------------------------------------------

const spaListingFields = {
  id: z.int(),
  name: z.string(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  description: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  website: z.nullable(z.string()),
  amenities: z.array(z.string()),
  imageUrl: z.nullable(z.string()),
  averageRating: z
    .nullable(z.number())
    .meta({ description: "The linked member's rating out of 5 from its reviews; null without one." }),
  reviewCount: z.int(),
};
const spaOpenFields = {
  isOpen: z.boolean().meta({
    description: "Open now by the linked member's hours, else the listing's own; closed when neither is known.",
  }),
  owner: z
    .nullable(z.object({ id: z.int(), name: z.string(), slug: z.string() }))
    .meta({ description: 'The spa management member the listing belongs to: the recipient of a star given there.' }),
};

/** A spa listing as every signed-in member reads it (GET /api/spas; spec, "Entities and their fields": Spa). */
export const spaSchema = z.object({ ...spaListingFields, ...spaOpenFields }).meta({ id: 'Spa' });

/** What the dashboard reads and edits besides: the listing's own hours. */
export const adminSpaSchema = z
  .object({
    ...spaListingFields,
    openingHours: z
      .nullable(weeklyHoursSchema)
      .meta({ description: "The listing's own hours, as the admin entered them (null: not set)." }),
    ...spaOpenFields,
  })
  .meta({ id: 'AdminSpa' });

export const spaDeletedSchema = z.object({ message: z.string(), id: z.int() });
export const spaImageUploadedSchema = z.object({ message: z.string(), imageUrl: z.string() });

// Dashboard ------------------------------------------------------------------------------------------------

/** The four stat cards. */
export const dashboardStatsSchema = z
  .object({
    totalSpas: z.int(),
    totalUsers: z.int(),
    totalReviews: z.int().meta({ description: "The sum of the spas' review counts." }),
    avgRating: z.nullable(z.number()).meta({ description: "The average of the spas' ratings; null without one." }),
  })
  .meta({ id: 'DashboardStats' });

export const dashboardAnalyticsSchema = z
  .object({
    usersPerRole: z.array(z.object({ role: roleSchema, count: z.int() })),
    topRatedSpas: z.array(adminSpaSchema),
    weekly: z
      .array(z.object({ weekStart: timestampSchema, newMembers: z.int(), reviews: z.int() }))
      .meta({ description: 'New members and reviews per week, oldest first.' }),
  })
  .meta({ id: 'DashboardAnalytics' });

// Members --------------------------------------------------------------------------------------------------

const adminUserFields = {
  id: z.int(),
  name: z.string(),
  email: z.nullable(z.string()),
  role: roleSchema,
  memberNumber: z.int(),
  slug: z.string(),
  bio: z.nullable(z.string()).meta({ description: 'The about text.' }),
  viberHandle: z.nullable(z.string()),
  messengerHandle: z.nullable(z.string()),
  telegramHandle: z.nullable(z.string()),
  createdAt: timestampSchema,
  isBanned: z.boolean(),
  chatBot: z.boolean(),
  profilePic: z.nullable(z.string()),
  profilePicThumbnail: z.nullable(z.string()),
  profileImageUrl: z
    .nullable(z.string())
    .meta({ description: 'The profile picture under the name the admin screens read.' }),
  isPremium: z.boolean(),
};

/** The spec's User entity as admins read it. */
export const adminUserSchema = z.object(adminUserFields).meta({ id: 'AdminUser' });

/** A member in the ChatBot tab: with the 50-character preview of the about text. */
export const chatbotUserSchema = z.object({ ...adminUserFields, bioPreview: z.string() }).meta({ id: 'ChatbotUser' });

export const chatbotsPageSchema = z.object({
  ...pageSchema(chatbotUserSchema).shape,
  activeCount: z.int().meta({ description: 'Members with the chatbot flag set.' }),
  total: z.int(),
});

export const banAnswerSchema = z.object({ message: z.string(), userId: z.int(), isBanned: z.boolean() });
export const chatBotAnswerSchema = z.object({ message: z.string(), userId: z.int(), chatBot: z.boolean() });

// Moderation -----------------------------------------------------------------------------------------------

export const moderationItemSchema = z
  .object({
    kind: z.enum(REPORT_KINDS),
    id: z.int(),
    createdAt: timestampSchema,
    state: z.string().meta({ description: 'open, or the decision taken (dismissed, banned, removed, upheld).' }),
    reason: z.string(),
    note: z.nullable(z.string()),
    reporter: memberLinkSchema,
    subject: z
      .nullable(
        z.object({ id: z.nullable(z.int()), name: z.string(), slug: z.nullable(z.string()), isBanned: z.boolean() }),
      )
      .meta({ description: "Who the report is about: the chat partner, the review's author, or the flag's giver." }),
    transcript: z.nullable(z.array(z.object({ from: z.string(), text: z.string(), at: z.nullable(timestampSchema) }))),
    review: z.nullable(
      z.object({
        id: z.int(),
        text: z.string(),
        targetName: z.string(),
        targetSlug: z.string(),
        removed: z.boolean(),
      }),
    ),
    redFlag: z.nullable(z.object({ id: z.int(), reason: z.nullable(z.string()), recipientName: z.string() })),
    handledBy: z.nullable(z.object({ id: z.int(), name: z.string() })),
    handledAt: z.nullable(timestampSchema),
    actions: z.array(z.enum(MODERATION_ACTIONS)).meta({ description: 'The decisions still open to take.' }),
  })
  .meta({ id: 'ModerationItem' });

export const resolvedReportSchema = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.int(),
  action: z.enum(MODERATION_ACTIONS),
});

export const auditEntrySchema = z
  .object({
    id: z.int(),
    actorId: z.int(),
    actorName: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.nullable(z.int()),
    targetLabel: z.nullable(z.string()).meta({ description: 'What the target was called when the action was taken.' }),
    detail: z.nullable(z.string()).meta({ description: 'Any detail, as JSON.' }),
    createdAt: timestampSchema,
  })
  .meta({ id: 'AuditEntry' });

export type Spa = z.infer<typeof spaSchema>;
export type AdminSpa = z.infer<typeof adminSpaSchema>;
export type AdminUser = z.infer<typeof adminUserSchema>;
export type ModerationItem = z.infer<typeof moderationItemSchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
