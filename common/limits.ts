// Business constants from the spec (both parts' "Business constants and limits") in one place.
export const MINIMUM_AGE = 21;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 60;
/** Longest name or e-mail address a field takes (an e-mail address is at most 254 characters): sign-in and password reset. */
export const NAME_OR_EMAIL_MAX_LENGTH = 254;
export const BOTTOM_NAV_HEIGHT_PX = 60;
/** The signed-in home's header; the map fills the screen between it and the bottom bar. */
export const HOME_HEADER_HEIGHT_PX = 60;
/**
 * The home's map area's height: `--vh` is the visible viewport's hundredth (web/lib/startup.ts); before the app has
 * set it, the dynamic viewport's (on a phone `1vh` is the viewport without the address bar, taller than what shows).
 */
export const HOME_MAP_AREA_HEIGHT = `calc(var(--vh, 1dvh) * 100 - ${HOME_HEADER_HEIGHT_PX + BOTTOM_NAV_HEIGHT_PX}px)`;

export const QUERY_FRESH_MS = 5 * 60_000;
export const QUERY_GC_MS = 10 * 60_000;
export const SESSION_USER_CACHE_MS = 2 * 60_000;

export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 3000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const CHAT_REQUEST_LIFETIME_MS = 30_000;
export const CHAT_REQUESTS_REGULAR = 1;
export const CHAT_REQUESTS_PREMIUM = 3;
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/** Countdown tick of an incoming request (spec, "Business constants and limits"). */
export const CHAT_COUNTDOWN_TICK_MS = 1000;
/**
 * A member whose last chat socket drops (a reload, a lost network) keeps their chats and requests this long;
 * the hub ends them when the time is up and the member has not come back.
 */
export const CHAT_RECONNECT_GRACE_MS = 30_000;
/** A member may block at most this many others (the list rides along when their socket connects). */
export const CHAT_BLOCKS_MAX = 500;
export const CHAT_REPORT_REASON_MAX_LENGTH = 500;
/** Messages a report keeps: the last ones of the session, held only in the hub's memory until then. */
export const CHAT_REPORT_TRANSCRIPT_LENGTH = 20;

export const MANILA_TIME_ZONE = 'Asia/Manila';
export const MANILA_CENTER = { latitude: 14.5995, longitude: 120.9842 } as const;
export const PHILIPPINES_BOUNDS = { minLat: 4.5, maxLat: 21.5, minLng: 116, maxLng: 127 } as const;

/** Request bodies on /api and /trpc (413 beyond); upload routes declare their own, larger limit. */
export const REQUEST_BODY_MAX_BYTES = 64 * 1024;
/** Calls one tRPC batch may carry (the web client's batch link uses the same number). */
export const TRPC_MAX_BATCH_SIZE = 10;
/** Procedures that hash a password: never batched, so one request costs at most one hash. */
export const UNBATCHED_PROCEDURES: readonly string[] = [
  'account.login',
  'account.register',
  'passwordReset.reset',
  'privacy.deleteAccount',
  // A change of e-mail address checks the current password.
  'profiles.update',
];
/** Chat sockets one member may hold open at once (tabs and devices). */
export const CHAT_SOCKETS_PER_MEMBER = 5;
/**
 * Top rated, as the map's filter and the boards mean it: a rating of at least 4.5 out of 5
 * (spec, "Map (home for logged-in users, and /map)").
 */
export const TOP_RATED_MINIMUM = 4.5;
/** The profile screen's clock ticks every 60 s (spec, "Business constants and limits"). */
export const PROFILE_CLOCK_TICK_MS = 60_000;

// Reviews, recognition and leaderboards -------------------------------------------------------------------
/** Review text: at most 1,000 words (spec, "Validation rules"). */
export const REVIEW_MAX_WORDS = 1000;
/** A review's text in characters: far above 1,000 words, below the request body limit. */
export const REVIEW_MAX_CHARACTERS = 20_000;
export const REVIEW_REPLY_MAX_CHARACTERS = 2000;
/** The write-review screen's rotating hint (spec, "Business constants and limits"). */
export const REVIEW_HINT_INTERVAL_MS = 6000;
export const REVIEW_HINT_FADE_MS = 800;
/** Recognitions per giver per Asia/Manila day: stars and flowers (spec: 1, premium 3x), medals and red flags. */
export const DAILY_STARS = 1;
export const DAILY_FLOWERS = 1;
export const PREMIUM_DAILY_MULTIPLIER = 3;
export const DAILY_MEDALS = 10;
export const DAILY_RED_FLAGS = 3;
/** One red flag per giver and client within this many days. */
export const RED_FLAG_REPEAT_DAYS = 30;
/** Red flags stop counting (boards, histories' counts) after this many days (the spec's red-flag window). */
export const RED_FLAG_COUNTING_DAYS = 365;
export const RECOGNITION_REASON_MAX_CHARACTERS = 200;
export const RED_FLAG_DESCRIPTION_MAX_CHARACTERS = 1000;
export const RED_FLAG_DISPUTE_MAX_CHARACTERS = 500;
/** Transaction history windows (spec, "Business constants and limits"): 3 months, 1 year for red flags. */
export const TRANSACTIONS_WINDOW_DAYS = { '3months': 91, year: 365 } as const;
/** Transactions list: fresh 2 minutes (spec, "Business constants and limits"). */
export const TRANSACTIONS_FRESH_MS = 2 * 60_000;
/** Entries a board shows (Top 10). */
export const BOARD_SIZE = 10;
/** A giver's account younger than this does not move the boards (anti-gaming). */
export const BOARD_NEW_ACCOUNT_MS = 24 * 60 * 60_000;
/** Seconds a public board answer stays in the edge cache (purged sooner by any new recognition). */
export const BOARD_CACHE_TTL_SECONDS = 30;
/**
 * The leaderboard screen fetches the medals tab this long after the therapists tab (spec, "States and transitions").
 */
export const BOARD_MEDALS_PREFETCH_DELAY_MS = 500;
/** How many choices a picker lists (the recipients; the spas, and again the recipient's own spas): a search finds the rest. */
export const PICKER_CHOICES_MAX = 50;
/** The longest name a picker searches for; its field takes no more. */
export const PICKER_SEARCH_MAX_CHARACTERS = 60;
