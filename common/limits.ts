// Business constants from the spec (part 1 section 9, part 2 section 9) in one place.
export const MINIMUM_AGE = 21;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 60;
export const BOTTOM_NAV_HEIGHT_PX = 60;

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
/** Countdown tick of an incoming request (spec part 1 section 9). */
export const CHAT_COUNTDOWN_TICK_MS = 1000;
/** A member may block at most this many others (the list rides along when their socket connects). */
export const CHAT_BLOCKS_MAX = 500;
export const CHAT_REPORT_REASON_MAX_LENGTH = 500;
/** Messages a report keeps: the last ones of the session, held only in the hub's memory until then. */
export const CHAT_REPORT_TRANSCRIPT_LENGTH = 20;

export const MANILA_TIME_ZONE = 'Asia/Manila';
export const MANILA_CENTER = { latitude: 14.5995, longitude: 120.9842 } as const;
export const PHILIPPINES_BOUNDS = { minLat: 4.5, maxLat: 21.5, minLng: 116, maxLng: 127 } as const;
