// The admin dashboard (spec, "Admin dashboard (route /admin)", "Validation rules", "Error catalogue" and
// "Business constants and limits") and the moderation queue (beyond the spec): the texts the screens and the
// server share word for word, the limits, and the inputs both validate.
import * as z from './zod.ts';
import { PHILIPPINES_BOUNDS } from './limits.ts';
import { weeklyHoursSchema } from './opening-hours-schema.ts';
import {
  REVIEW_REPORT_NOTE_MAX,
  REVIEW_REPORT_REASONS,
  REVIEW_REPORT_TEXTS,
  type ReviewReportReason,
} from './review-reports.ts';

export const LATEST_USERS_COUNT = 25;
export const TOP_RATED_SPAS_COUNT = 5;
export const BIO_PREVIEW_LENGTH = 50;
export const ADMIN_SEARCH_RESULTS_MAX = 50;
export const ADMIN_PAGE_SIZE = 25;
export const ANALYTICS_WEEKS = 12;
export const SPA_NAME_MAX = 100;
export const SPA_ADDRESS_MAX = 200;
export const SPA_DESCRIPTION_MAX = 2000;
export const SPA_PHONE_MAX = 40;
export const SPA_WEBSITE_MAX = 300;
export const SPA_AMENITIES_MAX = 30;
export const SPA_AMENITY_MAX = 60;

export const ADMIN_TEXTS = {
  title: 'Admin Dashboard',
  accessDenied: 'Access Denied',
  goBack: 'Go back',
  back: 'Back',
  logout: 'Logout',
  stats: { spas: 'Total Spas', users: 'Total Users', reviews: 'Total Reviews', rating: 'Avg Rating' },
  tabs: {
    spas: 'Spa Management',
    users: 'User Management',
    chatbots: 'ChatBot Management',
    analytics: 'Analytics',
    moderation: 'Moderation',
    audit: 'Audit Log',
  },
  addSpa: 'Add Spa',
  createSpaTitle: 'Create New Spa',
  editSpaTitle: 'Edit Spa',
  noSpas: 'No spas found.',
  open: 'Open',
  closed: 'Closed',
  requiredFields: 'Please fill in all required fields',
  deleteSpaTitle: (name: string) => `Delete ${name}?`,
  deleteSpaDescription: 'The listing and its image are deleted. This cannot be undone.',
  deleteSpa: 'Delete',
  deleting: 'Deleting…',
  spaCreated: 'Spa created',
  spaUpdated: 'Spa updated',
  spaDeleted: 'Spa deleted',
  imageUploaded: 'Spa image uploaded',
  imageUploadFailedTitle: 'Image upload failed',
  imageUploadFailed: 'Failed to upload spa image',
  imageCompressedTitle: 'Image compressed',
  imageCompressed: (percent: number) => `The image is ${percent}% smaller.`,
  processingFailedTitle: 'Processing failed',
  processingFailed: 'Failed to process image. Please try a different file.',
  searchTermRequiredTitle: 'Search term required',
  searchTermRequired: 'Please enter a search term',
  searchFailed: 'Search failed',
  latestUsers: `${LATEST_USERS_COUNT} Latest Registered Users`,
  ban: 'Ban',
  unban: 'Lift ban',
  banned: 'Banned',
  banTitle: (name: string) => `Ban ${name}?`,
  banDescription: 'Their sessions end at once and they cannot sign in. You can lift the ban later.',
  banning: 'Banning…',
  userBanned: 'Member banned',
  userUnbanned: 'Ban lifted',
  cannotBanSelf: 'You cannot ban yourself.',
  cannotBanAdmin: 'Admins cannot be banned.',
  userNotFound: 'User not found',
  spaNotFound: 'Spa not found',
  ownerNotSpa: 'The linked member must be a spa management member.',
  activeChatbots: 'Active chatbots',
  enabled: 'Enabled',
  disabled: 'Disabled',
  usersPerRole: 'Users per role',
  topRatedSpas: 'Top Rated Spas',
  weekly: 'New members and reviews per week',
  noReports: 'Nothing to review',
  reportNotFound: 'Report not found',
  reportHandled: 'This report has already been handled.',
  actionNotAllowed: 'That action does not fit this report.',
  invalidBanned: 'Please enter Yes or No',
  invalidMemberNumber: 'Please enter a member number',
  invalidDate: 'Please enter a date as YYYY-MM-DD (or YYYY-MM)',
} as const;

const required = () => z.string({ error: ADMIN_TEXTS.requiredFields }).trim().min(1, ADMIN_TEXTS.requiredFields);
/** An optional text: blank clears it (null); left out stays undefined, so PATCH leaves the stored value alone. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Please keep this under ${max} characters.`)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));
const coordinate = (min: number, max: number, label: string) =>
  z
    .number({ error: ADMIN_TEXTS.requiredFields })
    .finite()
    .min(min, `${label} must be inside the Philippines (${min} to ${max}).`)
    .max(max, `${label} must be inside the Philippines (${min} to ${max}).`);

/** Amenities as the form sends them: split on commas, trimmed, empty entries dropped (a list is accepted too). */
export function splitAmenities(value: string | readonly string[]): string[] {
  const parts = typeof value === 'string' ? value.split(',') : value;
  return parts.map((part) => part.trim()).filter(Boolean);
}

const spaFields = {
  name: required().pipe(z.string().max(SPA_NAME_MAX, `Please keep the name under ${SPA_NAME_MAX} characters.`)),
  address: required().pipe(
    z.string().max(SPA_ADDRESS_MAX, `Please keep the address under ${SPA_ADDRESS_MAX} characters.`),
  ),
  latitude: coordinate(PHILIPPINES_BOUNDS.minLat, PHILIPPINES_BOUNDS.maxLat, 'Latitude'),
  longitude: coordinate(PHILIPPINES_BOUNDS.minLng, PHILIPPINES_BOUNDS.maxLng, 'Longitude'),
  description: optionalText(SPA_DESCRIPTION_MAX),
  phone: optionalText(SPA_PHONE_MAX),
  website: optionalText(SPA_WEBSITE_MAX).refine((value) => !value || /^https?:\/\/[^\s]+$/i.test(value), {
    message: 'Please enter the website as an address starting with http:// or https://',
  }),
  amenities: z
    .union([z.string(), z.array(z.string())])
    .nullish()
    .transform((value) => (value === undefined ? undefined : splitAmenities(value ?? [])))
    .pipe(
      z
        .array(z.string().max(SPA_AMENITY_MAX, `Each amenity must be under ${SPA_AMENITY_MAX} characters.`))
        .max(SPA_AMENITIES_MAX, `Please list at most ${SPA_AMENITIES_MAX} amenities.`)
        .optional(),
    ),
  /** The listing's weekly hours (Manila time) for Open/Closed; a linked member's own hours come first. */
  openingHours: weeklyHoursSchema.nullish(),
  /** The spa management member the listing belongs to: its rating and open state are that member's. */
  ownerUserId: z.coerce.number().int().positive().nullish(),
};

export const spaInput = z.object(spaFields);
export const spaUpdateInput = z
  .object({ id: z.coerce.number().int().positive(ADMIN_TEXTS.spaNotFound), ...spaFields })
  .partial({
    name: true,
    address: true,
    latitude: true,
    longitude: true,
  })
  // An update that changes nothing (an empty PATCH body) is refused rather than sent to the database.
  .refine((input) => Object.entries(input).some(([field, value]) => field !== 'id' && value !== undefined), {
    message: 'Send at least one field to change.',
  });
export const spaIdInput = z.object({ id: z.coerce.number().int().positive(ADMIN_TEXTS.spaNotFound) });

/** The fields User Management searches, as the spec lists them; `bio` is the about text. */
export const ADMIN_SEARCH_FIELDS = [
  'name',
  'email',
  'role',
  'memberNumber',
  'bio',
  'viberHandle',
  'messengerHandle',
  'telegramHandle',
  'createdAt',
  'isBanned',
] as const;
export type AdminSearchField = (typeof ADMIN_SEARCH_FIELDS)[number];
export const ADMIN_SEARCH_FIELD_LABELS: Record<AdminSearchField, string> = {
  name: 'Name',
  email: 'Email',
  role: 'Role',
  memberNumber: 'Member number',
  bio: 'Bio',
  viberHandle: 'Viber',
  messengerHandle: 'Messenger',
  telegramHandle: 'Telegram',
  createdAt: 'Registered (YYYY-MM-DD)',
  isBanned: 'Banned (Yes/No)',
};

export const adminSearchInput = z.object({
  field: z.enum(ADMIN_SEARCH_FIELDS, { error: 'Please choose a field to search.' }),
  term: z.string({ error: ADMIN_TEXTS.searchTermRequired }).trim().min(1, ADMIN_TEXTS.searchTermRequired).max(200),
});

export const userIdInput = z.object({ userId: z.coerce.number().int().positive(ADMIN_TEXTS.userNotFound) });
export const chatBotInput = userIdInput.extend({ chatBot: z.boolean({ error: 'chatBot must be true or false.' }) });
export const pageInput = z
  .object({ page: z.coerce.number().int().min(1).max(100_000).default(1) })
  .default({ page: 1 });

/** The ChatBot tab's 50-character preview of the about text. */
export function bioPreview(bio: string | null): string {
  if (!bio) return '';
  const characters = [...bio];
  return characters.length > BIO_PREVIEW_LENGTH ? `${characters.slice(0, BIO_PREVIEW_LENGTH).join('')}…` : bio;
}

// Moderation ----------------------------------------------------------------------------------------------

export const reviewReportInput = z.object({
  reviewId: z.coerce.number().int().positive(REVIEW_REPORT_TEXTS.reviewNotFound),
  reason: z.enum(Object.keys(REVIEW_REPORT_REASONS) as [ReviewReportReason, ...ReviewReportReason[]], {
    error: REVIEW_REPORT_TEXTS.reasonRequired,
  }),
  note: z
    .string()
    .trim()
    .max(REVIEW_REPORT_NOTE_MAX, REVIEW_REPORT_TEXTS.noteTooLong)
    .optional()
    .transform((value) => value || null),
});

export const REPORT_KINDS = ['chat', 'review', 'dispute'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const MODERATION_ACTIONS = ['dismiss', 'remove-review', 'remove-red-flag', 'ban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
/** Which decisions fit which report; the server refuses any other pairing. */
export const ACTIONS_BY_KIND: Record<ReportKind, ModerationAction[]> = {
  chat: ['dismiss', 'ban'],
  review: ['dismiss', 'remove-review', 'ban'],
  dispute: ['dismiss', 'remove-red-flag'],
};
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismiss',
  'remove-review': 'Remove review',
  'remove-red-flag': 'Remove red flag',
  ban: 'Ban member',
};
export const REPORT_KIND_LABELS: Record<ReportKind, string> = {
  chat: 'Chat report',
  review: 'Review report',
  dispute: 'Red flag dispute',
};

export const moderationQueueInput = z
  .object({ state: z.enum(['open', 'handled']).default('open') })
  .default({ state: 'open' });
export const resolveReportInput = z.object({
  kind: z.enum(REPORT_KINDS),
  id: z.coerce.number().int().positive(ADMIN_TEXTS.reportNotFound),
  action: z.enum(MODERATION_ACTIONS),
});

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'spa.create': 'Created spa',
  'spa.update': 'Edited spa',
  'spa.delete': 'Deleted spa',
  'spa.image': 'Uploaded spa image',
  'user.ban': 'Banned member',
  'user.unban': 'Lifted ban',
  'user.chatbot': 'Changed chatbot flag',
  'report.dismiss': 'Dismissed report',
  'report.remove-review': 'Removed review',
  'report.remove-red-flag': 'Removed red flag',
  'report.ban': 'Banned member from a report',
  'licence.approve': 'Approved licence',
  'licence.reject': 'Rejected licence',
};

// Answers: their schemas and the types inferred from them are in admin-output.ts.

export type { AdminSpa, AdminUser, AuditEntry, ModerationItem, Spa } from './admin-output.ts';
