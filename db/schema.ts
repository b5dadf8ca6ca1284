// The one schema of the platform (docs/architecture.md, "Data"). Times are integer milliseconds since the epoch;
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
    /** The name's confusable skeleton (common/name-skeleton.ts): look-alike names are refused. */
    nameSkeleton: text('name_skeleton'),
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
    /** Premium Pro (a year of analytics) runs until then: only Pro payments extend it, by their own period. */
    proUntil: integer('pro_until', { mode: 'number' }),
    isBanned: integer('is_banned', { mode: 'boolean' }).notNull().default(false),
    chatBot: integer('chat_bot', { mode: 'boolean' }).notNull().default(false),
    /** The member's chat setting: not listed among those online, and nobody can send them a chat request. */
    chatInvisible: integer('chat_invisible', { mode: 'boolean' }).notNull().default(false),
    /** Opening hours for spa listings: JSON {"mon":[["09:00","21:00"]], ...} in Asia/Manila time. */
    openingHours: text('opening_hours'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'number' }),
    /**
     * A new e-mail address waiting for its owner to follow the confirmation link: the account keeps
     * using `email` until then. Shown to the member while the newest link still works (its expiry beside it).
     */
    pendingEmail: text('pending_email'),
    pendingEmailExpiresAt: integer('pending_email_expires_at', { mode: 'number' }),
    /**
     * Set when the member deleted their account (ADR 022). The row stays as a "Former member": what they wrote
     * and gave keeps pointing at it, everything personal is erased, and their name_key, name_skeleton and old
     * slugs stay reserved for 30 days before the daily tidy-up frees them.
     */
    deletedAt: integer('deleted_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('users_name_key_unique').on(t.nameKey),
    uniqueIndex('users_name_skeleton_unique').on(t.nameSkeleton),
    uniqueIndex('users_slug_unique').on(t.slug),
    uniqueIndex('users_member_number_unique').on(t.memberNumber),
    index('users_role_created_idx').on(t.role, t.createdAt),
    index('users_created_idx').on(t.createdAt),
    // Members listed (not banned, not deleted) by when they joined: the leaderboards' "New members" counts the
    // index's entries, never the rows (worker/services/leaderboards.ts, summaryStatements).
    index('users_listed_created_idx')
      .on(t.createdAt)
      .where(sql`${t.isBanned} = 0 and ${t.deletedAt} is null`),
    index('users_email_idx').on(t.email),
    index('users_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
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
    /** Coarse, from the user agent at sign-in ("Chrome on Android"); null when it said nothing usable. */
    device: text('device'),
    /** Coarse, from Cloudflare's request.cf at sign-in ("Makati City, Philippines"); null when unknown. */
    place: text('place'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Admin-managed spa listings (spec, "Admin dashboard (route /admin)": the Spa Management tab). */
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
    /** Set when the reviewer submits again: one review per reviewer and target, shown as edited. */
    updatedAt: integer('updated_at', { mode: 'number' }),
    /** The reviewed member's one public reply (owner reply), with its own times. */
    replyText: text('reply_text'),
    replyCreatedAt: integer('reply_created_at', { mode: 'number' }),
    replyUpdatedAt: integer('reply_updated_at', { mode: 'number' }),
    /**
     * Set when a moderator removes the review: it leaves every list, count and rating (profiles, the spa
     * rating, the boards' review total), and only its author still sees it, marked removed.
     */
    removedAt: integer('removed_at', { mode: 'number' }),
    /** The admin who removed it (no foreign key: SQLite cannot add one with ON DELETE to an existing table). */
    removedBy: integer('removed_by'),
  },
  (t) => [
    index('reviews_target_created_idx').on(t.targetUserId, t.createdAt),
    index('reviews_reviewer_created_idx').on(t.reviewerId, t.createdAt),
    uniqueIndex('reviews_reviewer_target_unique').on(t.reviewerId, t.targetUserId),
    index('reviews_created_idx').on(t.createdAt),
    // Covering for the spa rating (worker/services/spa-rating.ts) and the boards' clients who rated.
    index('reviews_target_ratings_idx').on(
      t.targetUserId,
      t.createdAt,
      t.reviewerId,
      t.ambienceRating,
      t.amenitiesRating,
      t.bookingRating,
      t.selectionRating,
    ),
    // The reviews that count (`removed_at is null` is an equality here), covering every figure read from them beside
    // a member: the review count, the rating and the Top Spas board's clients who rated in a window, without reading
    // a single table row (a spa with thousands of reviews would otherwise make the board slow).
    index('reviews_counted_ratings_idx').on(
      t.targetUserId,
      t.removedAt,
      t.createdAt,
      t.ambienceRating,
      t.amenitiesRating,
      t.bookingRating,
      t.selectionRating,
    ),
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
    /**
     * Whether it moves the leaderboards (anti-gaming, decided when it is written): the giver's account was at
     * least 24 hours old and it is the giver's first to this recipient that Manila day. Triggers keep
     * board_totals in step with the counted rows (ADR 014).
     */
    counted: integer('counted', { mode: 'boolean' }).notNull().default(true),
  };
}

function recognitionIndexes(name: string) {
  return (t: { recipientId: any; giverId: any; createdAt: any; manilaDay: any; counted: any }) => [
    // Covering for the boards' per-member figures (distinct givers or recipients in a window) and the histories.
    index(`${name}_recipient_created_idx`).on(t.recipientId, t.createdAt, t.giverId, t.counted),
    index(`${name}_giver_created_idx`).on(t.giverId, t.createdAt, t.recipientId, t.counted),
    index(`${name}_giver_day_idx`).on(t.giverId, t.manilaDay),
    index(`${name}_created_idx`).on(t.createdAt),
  ];
}

// Stars and flowers name the spa they were given at: deleting a spa (an admin's action) sets that to null, which
// without an index on spa_id reads every star and flower while the write waits.
export const stars = sqliteTable(
  'stars',
  { ...recognitionColumns(), spaId: integer('spa_id').references(() => spas.id, { onDelete: 'set null' }) },
  (t) => [...recognitionIndexes('stars')(t), index('stars_spa_idx').on(t.spaId)],
);

export const flowers = sqliteTable(
  'flowers',
  { ...recognitionColumns(), spaId: integer('spa_id').references(() => spas.id, { onDelete: 'set null' }) },
  (t) => [...recognitionIndexes('flowers')(t), index('flowers_spa_idx').on(t.spaId)],
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
    /** When the token was used, or replaced by a newer one: either way it no longer works. */
    usedAt: integer('used_at', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Links that confirm a new e-mail address, after password reset's tokens: only the SHA-256 of the
 * token is kept, a link works once within 24 hours, and a newer one cancels the older ones (`used_at`).
 */
export const emailChangeTokens = sqliteTable(
  'email_change_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    /** When the link was followed, or replaced by a newer one: either way it no longer works. */
    usedAt: integer('used_at', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_change_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Links that undo a change of e-mail address, in the notice to the old address (the address confirmed in its place,
 * or removed): following one puts the old address back, cancels a pending change, spends every reset link and
 * ends every session, so a stolen session cannot keep the account by changing its address. Only the SHA-256 of
 * the token is kept; a link works once, for EMAIL_CHANGE_UNDO_LIFETIME_MS, and following one spends all of the
 * member's.
 */
export const emailUndoTokens = sqliteTable(
  'email_undo_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the notice went to, which the link gives back to the account. */
    oldEmail: text('old_email').notNull(),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    usedAt: integer('used_at', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_undo_tokens_user_idx').on(t.userId)],
);

/**
 * A member's named lists of saved spas and therapists. Each member has at most one default list ("Favorites",
 * created on first use); names are unique per member ignoring case (`name_key`). Private to their owner.
 */
export const favoriteLists = sqliteTable(
  'favorite_lists',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('favorite_lists_user_name_unique').on(t.userId, t.nameKey),
    uniqueIndex('favorite_lists_user_default_unique')
      .on(t.userId)
      .where(sql`${t.isDefault} = 1`),
  ],
);

export const favoriteListItems = sqliteTable(
  'favorite_list_items',
  {
    listId: integer('list_id')
      .notNull()
      .references(() => favoriteLists.id, { onDelete: 'cascade' }),
    targetUserId: integer('target_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.listId, t.targetUserId] }),
    index('favorite_list_items_target_idx').on(t.targetUserId),
  ],
);

/**
 * Every e-mail the platform sends goes through this outbox; the local mailbox reads it. A provider's attempts
 * are counted with the next one due at `next_attempt_at` (backoff); after the last allowed attempt the message
 * is marked failed. Once delivered or failed, the bodies (which may hold a reset link) are blanked.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    /** What the message is about (`password_reset`), for the mailbox and for reports. */
    kind: text('kind').notNull().default('message'),
    createdAt: createdAt(),
    sentAt: integer('sent_at', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'number' }).notNull().default(0),
    failedAt: integer('failed_at', { mode: 'number' }),
    /** `local` (the development mailbox), `resend` or `cloudflare`, and the provider's id for the message. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_pending_idx').on(t.sentAt, t.createdAt),
    index('mail_outbox_due_idx').on(t.sentAt, t.failedAt, t.nextAttemptAt),
  ],
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
    /** The moderation queue's decision: open until an admin dismisses it or bans the member. */
    state: text('state', { enum: ['open', 'dismissed', 'banned'] })
      .notNull()
      .default('open'),
    resolvedAt: integer('resolved_at', { mode: 'number' }),
    /** The admin who decided (no foreign key, as reviews.removed_by). */
    resolvedBy: integer('resolved_by'),
  },
  (t) => [index('chat_reports_created_idx').on(t.createdAt), index('chat_reports_reported_idx').on(t.reportedId)],
);

/**
 * Slugs a member had before a rename. Links to them keep working: the profile lookup answers with the member's
 * current slug (REST redirects there), and a new member never takes a slug that is listed here.
 */
export const slugHistory = sqliteTable(
  'slug_history',
  {
    slug: text('slug').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('slug_history_user_idx').on(t.userId)],
);

/** AI Assist calls per member and Asia/Manila day, counted for the daily limit (one upsert per call). */
export const aiAssistUses = sqliteTable(
  'ai_assist_uses',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    manilaDay: text('manila_day').notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.manilaDay] })],
);

/**
 * Premium checkouts: one row per payment provider checkout session (PayMongo), created when the member chooses
 * a plan. The webhook marks it paid once (`apply_token` names the delivery that applied it), which extends the
 * member's premium_until by the plan's period.
 */
export const premiumCheckouts = sqliteTable(
  'premium_checkouts',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    periodDays: integer('period_days').notNull(),
    status: text('status', { enum: ['pending', 'paid'] })
      .notNull()
      .default('pending'),
    applyToken: text('apply_token'),
    createdAt: createdAt(),
    paidAt: integer('paid_at', { mode: 'number' }),
  },
  (t) => [index('premium_checkouts_user_idx').on(t.userId, t.createdAt)],
);

/** Payment provider events received by the webhook, each recorded once with what came of it. */
export const paymentEvents = sqliteTable('payment_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  checkoutId: text('checkout_id'),
  outcome: text('outcome').notNull(),
  receivedAt: integer('received_at', { mode: 'number' }).notNull(),
});

// Reviews, recognition and leaderboards -------------------------------------------------------------------

/** A flagged member's dispute of a red flag, waiting in the moderation queue (the admin screen resolves it). */
export const redFlagDisputes = sqliteTable(
  'red_flag_disputes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Null once a moderator removed the red flag: the dispute stays in the queue as handled. */
    redFlagId: integer('red_flag_id').references(() => redFlags.id, { onDelete: 'set null' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    statement: text('statement').notNull(),
    state: text('state', { enum: ['open', 'upheld', 'removed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    resolvedAt: integer('resolved_at', { mode: 'number' }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('red_flag_disputes_flag_unique').on(t.redFlagId),
    index('red_flag_disputes_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * Leaderboard rollups (ADR 014): each board's points per member per rolling window, kept by triggers on the
 * recognition tables in the same statement as each write, and aged out of the rolling windows by the board
 * read itself (board_watermarks). A board is the first rows of the (board, window, points desc) index.
 */
export const boardTotals = sqliteTable(
  'board_totals',
  {
    board: text('board').notNull(),
    window: text('window').notNull(),
    memberId: integer('member_id').notNull(),
    points: integer('points').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.window, t.memberId] }),
    index('board_totals_rank_idx').on(t.board, t.window, sql`${t.points} desc`, t.memberId),
  ],
);

/** Per rolling window: recognitions created before this instant have been taken out of its totals. */
export const boardWatermarks = sqliteTable('board_watermarks', {
  window: text('window').primaryKey(),
  expiredBefore: integer('expired_before', { mode: 'number' }).notNull(),
});

// Spa business tools --------------------------------------------------------------------------------------

/**
 * The therapist lineup: a spa (a spa_management member) invites a therapist, who accepts or declines; either
 * side ends the link later. A therapist may work at several spas. At most one open link (invited or accepted)
 * per spa and therapist; declined and ended links stay as history, so a spa may invite again later.
 */
export const lineupLinks = sqliteTable(
  'lineup_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    spaId: integer('spa_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['invited', 'accepted', 'declined', 'ended'] })
      .notNull()
      .default('invited'),
    createdAt: createdAt(),
    /** When the therapist accepted or declined. */
    respondedAt: integer('responded_at', { mode: 'number' }),
    endedAt: integer('ended_at', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('lineup_links_open_unique')
      .on(t.spaId, t.therapistId)
      .where(sql`${t.state} in ('invited', 'accepted')`),
    index('lineup_links_spa_idx').on(t.spaId, t.state, t.therapistId),
    index('lineup_links_therapist_idx').on(t.therapistId, t.state, t.spaId),
  ],
);

/**
 * Spa analytics as daily rollups (ADR 016): one row per spa, Asia/Manila day and metric (profile views, map
 * popup opens, Call and Navigate taps), moved by one upsert per counted event. Never a row per view.
 */
export const spaDailyCounts = sqliteTable(
  'spa_daily_counts',
  {
    spaId: integer('spa_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    metric: text('metric').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.spaId, t.day, t.metric] })],
);

/**
 * Which viewers were already counted today, as keyed hashes only: HMAC(day's salt, metric, spa, viewer). The
 * salt of a day is deleted with that day's marks two days later, after which nobody can tell whose marks they
 * were. Nothing here names a viewer.
 */
export const analyticsSeen = sqliteTable(
  'analytics_seen',
  {
    mark: text('mark').primaryKey(),
    day: text('day').notNull(),
  },
  (t) => [index('analytics_seen_day_idx').on(t.day)],
);

/** The random salt of each day's viewer marks (analytics_seen), deleted with them. */
export const analyticsSalts = sqliteTable('analytics_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

// Admin dashboard and moderation --------------------------------------------------------------------------

/** A member's report of a review (one per member and review), waiting in the moderation queue. */
export const reviewReports = sqliteTable(
  'review_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    note: text('note'),
    state: text('state', { enum: ['open', 'dismissed', 'removed', 'banned'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    resolvedAt: integer('resolved_at', { mode: 'number' }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('review_reports_review_reporter_unique').on(t.reviewId, t.reporterId),
    index('review_reports_state_idx').on(t.state, t.createdAt),
  ],
);

/**
 * Every admin action, append-only: triggers refuse UPDATE and DELETE (migration 0011). The actor's name is
 * copied in, so the entry still says who acted if that member is ever deleted.
 */
export const adminAuditLog = sqliteTable(
  'admin_audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    /** What the target was called when the action was taken, and any detail (JSON). */
    targetLabel: text('target_label'),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt, t.id)],
);

// Trust you can check: visits and licences ---------------------------------------------------------------

/**
 * The short code a spa shows at its counter (GET /api/visits/code): six digits, issued for about a minute. A code
 * names its spa by itself, so a client records a visit with the code alone; while unexpired a code belongs to one
 * spa only (the primary key), and expired codes are swept when the next one is issued.
 */
export const visitCodes = sqliteTable(
  'visit_codes',
  {
    code: text('code').primaryKey(),
    spaId: integer('spa_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Shown as the code's end; it is still accepted for a short grace after (common/visits.ts). */
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('visit_codes_spa_expires_idx').on(t.spaId, t.expiresAt),
    index('visit_codes_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A client's recorded visit to a spa (a spa_management member), optionally with the therapist from its lineup:
 * one per client, spa and Asia/Manila day. A visit within the last 90 days makes the client's reviews, stars and
 * flowers of that spa (or of a therapist of its lineup) and the spa's medals and red flags for the client carry
 * `verifiedVisit: true`.
 */
export const visits = sqliteTable(
  'visits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    clientId: integer('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaId: integer('spa_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    therapistId: integer('therapist_id').references(() => users.id, { onDelete: 'set null' }),
    visitedAt: integer('visited_at', { mode: 'number' }).notNull(),
    /** Calendar day in Asia/Manila (YYYY-MM-DD) of the visit: one visit per client and spa a day. */
    manilaDay: text('manila_day').notNull(),
  },
  (t) => [
    uniqueIndex('visits_client_spa_day_unique').on(t.clientId, t.spaId, t.manilaDay),
    index('visits_client_spa_visited_idx').on(t.clientId, t.spaId, t.visitedAt),
    index('visits_client_therapist_visited_idx').on(t.clientId, t.therapistId, t.visitedAt),
    index('visits_client_visited_idx').on(t.clientId, t.visitedAt),
    index('visits_spa_visited_idx').on(t.spaId, t.visitedAt),
  ],
);

/**
 * A licence a member submits for checking: a therapist's DOH certificate of registration, a spa's LGU sanitary
 * permit or business permit, with a photo of the document kept privately in R2 (readable by its owner and
 * admins only). An admin approves or rejects it; an approved licence whose expiry has not passed makes its owner
 * "Licensed".
 */
export const licences = sqliteTable(
  'licences',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['doh_registration', 'sanitary_permit', 'business_permit'] }).notNull(),
    number: text('number').notNull(),
    issuedBy: text('issued_by').notNull(),
    /** The last day it is valid (YYYY-MM-DD, Asia/Manila). */
    expiresOn: text('expires_on').notNull(),
    /** The re-encoded photo of the document: its private R2 key. */
    documentKey: text('document_key').notNull(),
    state: text('state', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    /** The admin's reason, told to the member. */
    reason: text('reason'),
    createdAt: createdAt(),
    decidedAt: integer('decided_at', { mode: 'number' }),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    /** When its owner was mailed that it expires within 30 days (once per licence). */
    expiryNoticeSentAt: integer('expiry_notice_sent_at', { mode: 'number' }),
  },
  (t) => [
    index('licences_user_created_idx').on(t.userId, t.createdAt),
    index('licences_user_state_expires_idx').on(t.userId, t.state, t.expiresOn),
    index('licences_state_created_idx').on(t.state, t.createdAt),
    index('licences_state_expires_idx').on(t.state, t.expiresOn),
  ],
);
