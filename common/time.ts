// Time, once: the lengths of time in milliseconds and the Asia/Manila calendar every daily rule counts by (the
// recognition and AI Assist allowances, spa analytics, opening hours, dates shown). The Philippines has kept no
// daylight saving time since 1990, so Manila is UTC+8 all year and its days, dates and clock times are plain
// arithmetic on epoch milliseconds. Arithmetic, not Intl: a page's first date formatter costs 20 to 40 ms of main
// thread (common/time.test.ts holds each answer to Intl's).
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

/** Manila's distance from UTC, all year. */
export const MANILA_OFFSET_MS = 8 * HOUR_MS;

/** A Date whose UTC fields read Manila's wall clock at `at`: the one shift every reading below starts from. */
function manilaWallClock(at: Date | number): Date {
  return new Date((typeof at === 'number' ? at : at.getTime()) + MANILA_OFFSET_MS);
}

/** YYYY-MM-DD of the given instant in Asia/Manila. */
export function manilaDay(at: Date | number = Date.now()): string {
  const instant = manilaWallClock(at);
  return instant.toISOString().slice(0, 10);
}

const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The Manila calendar date of an instant as the screens show it ("Nov 27, 2026": Intl's en-PH medium date). */
export function manilaDateLabel(at: number): string {
  const local = manilaWallClock(at);
  return `${MONTH_ABBREVIATIONS[local.getUTCMonth()]} ${local.getUTCDate()}, ${local.getUTCFullYear()}`;
}

/** The Manila clock time of an instant as the screens show it ("3:05 PM": Intl's en-PH hour and minute). */
export function manilaTimeLabel(at: number): string {
  const local = manilaWallClock(at);
  const hours = local.getUTCHours();
  return `${hours % 12 || 12}:${String(local.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Whole seconds until the next Manila midnight, when today's allowances renew (a Retry-After). */
export function secondsUntilManilaMidnight(now = Date.now()): number {
  return Math.ceil((DAY_MS - ((now + MANILA_OFFSET_MS) % DAY_MS)) / SECOND_MS);
}

/** Manila midnight at the start of a YYYY-MM-DD day, in epoch milliseconds. */
export function startOfManilaDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - MANILA_OFFSET_MS;
}

/** The Manila weekday (0 = Monday) and minute of the day of an instant. */
export function manilaClock(at: Date | number): { dayIndex: number; minute: number } {
  const local = manilaWallClock(at);
  // getUTCDay: 0 = Sunday; shifted so that 0 = Monday.
  return { dayIndex: (local.getUTCDay() + 6) % 7, minute: local.getUTCHours() * 60 + local.getUTCMinutes() };
}

/** Days since the epoch of a YYYY-MM-DD calendar day, and back: week arithmetic on day strings. */
export function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}

export function dayString(number: number): string {
  return new Date(number * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the week a YYYY-MM-DD day falls in, as a day number. */
export function mondayOf(day: string): number {
  const number = dayNumber(day);
  return number - ((new Date(number * DAY_MS).getUTCDay() + 6) % 7);
}
