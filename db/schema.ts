// The one schema of the platform (ARCHITECTURE section 3). Times are integer milliseconds since the epoch;
// recognitions also keep the Asia/Manila calendar day they were given on, which the daily limits count by.
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex, blob, primaryKey } from 'drizzle-orm/sqlite-core';
import { ROLES } from '../common/roles.ts';

const createdAt = () =>
  integer('created_at', { mode: 'number' })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** lower(name): names are unique ignoring case. */
    nameKey: text('name_key').notNull(),
    slug: text('slug').notNull(),
    memberNumber: integer('member_number').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    address: text('address'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    aboutMe: text('about_me'),
    profilePic: text('profile_pic'),
    profilePicThumbnail: text('profile_pic_thumbnail'),
    viberHandle: text('viber_handle'),
    messengerHandle: text('messenger_handle'),
    telegramHandle: text('telegram_handle'),
    whatsappHandle: text('whatsapp_handle'),
    instagramHandle: text('instagram_handle'),
    tiktokHandle: text('tiktok_handle'),
    facebookHandle: text('facebook_handle'),
    isPremium: integer('is_premium', { mode: 'boolean' }).notNull().default(false),
    premiumUntil: integer('premium_until', { mode: 'number' }),
    trialStartedAt: integer('trial_started_at', { mode: 'number' }),
    isBanned: integer('is_banned', { mode: 'boolean' }).notNull().default(false),
    chatBot: integer('chat_bot', { mode: 'boolean' }).notNull().default(false),
    /** Opening hours for spa listings: JSON {"mon":[["09:00","21:00"]], ...} in Asia/Manila time. */
    openingHours: text('opening_hours'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('users_name_key_unique').on(t.nameKey),
    uniqueIndex('users_slug_unique').on(t.slug),
    uniqueIndex('users_member_number_unique').on(t.memberNumber),
    index('users_role_created_idx').on(t.role, t.createdAt),
    index('users_created_idx').on(t.createdAt),
    index('users_email_idx').on(t.email),
  ],
);

/** Sessions after Lucia's guide: the id is public, only SHA-256 of the secret half of the token is kept. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'number' }).notNull(),
    lastActiveAt: integer('last_active_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Admin-managed spa listings (spec part 2, Spa Management tab). */
export const spas = sqliteTable(
  'spas',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    address: text('address').notNull(),
    latitude: real('latitude').notNull(),
    longitude: real('longitude').notNull(),
    description: text('description'),
    phone: text('phone'),
    website: text('website'),
    /** JSON array of strings. */
    amenities: text('amenities').notNull().default('[]'),
    imageUrl: text('image_url'),
    openingHours: text('opening_hours'),
    createdAt: createdAt(),
  },
  (t) => [index('spas_owner_idx').on(t.ownerUserId), index('spas_name_idx').on(t.name)],
);

/** Reviews of members; the four sub-ratings (out of 10) are set for spa_management targets. */
export const reviews = sqliteTable(
  'reviews',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reviewText: text('review_text').notNull(),
    ambienceRating: integer('ambience_rating'),
    amenitiesRating: integer('amenities_rating'),
    bookingRating: integer('booking_rating'),
    selectionRating: integer('selection_rating'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_target_created_idx').on(t.targetUserId, t.createdAt),
    index('reviews_reviewer_created_idx').on(t.reviewerId, t.createdAt),
  ],
);

/** Shared columns of the four recognition tables (stars, flowers, medals, red flags). */
function recognitionColumns() {
  return {
    id: integer('id').primaryKey({ autoIncrement: true }),
    giverId: integer('giver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason'),
    createdAt: createdAt(),
    /** Calendar day in Asia/Manila (YYYY-MM-DD) the recognition was given on. */
    manilaDay: text('manila_day').notNull(),
  };
}

function recognitionIndexes(name: string) {
  return (t: { recipientId: any; giverId: any; createdAt: any; manilaDay: any }) => [
    index(`${name}_recipient_created_idx`).on(t.recipientId, t.createdAt),
    index(`${name}_giver_created_idx`).on(t.giverId, t.createdAt),
    index(`${name}_giver_day_idx`).on(t.giverId, t.manilaDay),
    index(`${name}_created_idx`).on(t.createdAt),
  ];
}

export const stars = sqliteTable(
  'stars',
  { ...recognitionColumns(), spaId: integer('spa_id').references(() => spas.id, { onDelete: 'set null' }) },
  recognitionIndexes('stars'),
);

export const flowers = sqliteTable(
  'flowers',
  { ...recognitionColumns(), spaId: integer('spa_id').references(() => spas.id, { onDelete: 'set null' }) },
  recognitionIndexes('flowers'),
);

export const medals = sqliteTable('medals', recognitionColumns(), recognitionIndexes('medals'));

export const redFlags = sqliteTable(
  'red_flags',
  { ...recognitionColumns(), description: text('description') },
  recognitionIndexes('red_flags'),
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    /** SHA-256 of the token, hex. The token itself is only ever in the e-mail. */
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    usedAt: integer('used_at', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const favorites = sqliteTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.targetUserId] }), index('favorites_target_idx').on(t.targetUserId)],
);

/** Every e-mail the platform sends goes through this outbox; the local mailbox reads it. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    createdAt: createdAt(),
    sentAt: integer('sent_at', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [index('mail_outbox_pending_idx').on(t.sentAt, t.createdAt)],
);

/** Captcha solutions already accepted, so that each is accepted once; rows expire with the challenge. */
export const captchaUses = sqliteTable(
  'captcha_uses',
  {
    signature: text('signature').primaryKey(),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('captcha_uses_expires_idx').on(t.expiresAt)],
);

/** Chat blocks: the two members never see each other online again and cannot send each other requests. */
export const chatBlocks = sqliteTable(
  'chat_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('chat_blocks_blocked_idx').on(t.blockedId)],
);

/**
 * A member's report of a chat partner. The transcript (JSON, the session's last messages) is the only part
 * of a chat that is ever written down, and only because the reporter asked for it.
 */
export const chatReports = sqliteTable(
  'chat_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: integer('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    transcript: text('transcript').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_reports_created_idx').on(t.createdAt), index('chat_reports_reported_idx').on(t.reportedId)],
);
