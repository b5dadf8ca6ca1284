// Weekly opening hours of a spa, in Asia/Manila local time, and whether it is open at a given instant. One
// definition for the profile editor (which validates them), the map's "open now", the admin dashboard's
// Open/Closed badge and the listing endpoint. Stored as JSON: {"mon": [["09:00", "12:00"], ["13:00", "21:00"]],
// ..., "sun": []}. A day may have several ranges; an empty list is a closed day; "24:00" closes at midnight; a
// range whose close is earlier than its open runs overnight into the next day (["22:00", "02:00"]).
// The Philippines keeps no daylight saving time, so Manila local time is UTC+8 all year. The rules as a schema,
// and the stored JSON read through it, are opening-hours-schema.ts (zod), which the profile screen does not load.
import { manilaClock } from './time.ts';

export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export const WEEK_DAY_NAMES: Record<WeekDay, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
export type TimeRange = [open: string, close: string];
export type WeeklyHours = Record<WeekDay, TimeRange[]>;

export const OPENING_HOURS_MESSAGES = {
  invalidTime: 'Times must be written as HH:MM (00:00 to 24:00).',
  emptyRange: 'A range must not open and close at the same time.',
  tooManyRanges: 'At most 4 ranges a day.',
  overlapping: 'Ranges on the same day must not overlap.',
} as const;

export const MAX_RANGES_PER_DAY = 4;
const MINUTES_PER_DAY = 24 * 60;

/** Minutes since midnight of "HH:MM". */
export function minutesOf(value: string): number {
  const [hours, minutes] = value.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** The minutes a day's ranges cover on that day (an overnight range covers up to midnight). */
export function sameDaySpans(ranges: TimeRange[]): [number, number][] {
  return ranges.map(([open, close]) => {
    const from = minutesOf(open);
    const to = minutesOf(close);
    return [from, to > from ? to : MINUTES_PER_DAY];
  });
}

/** True when the hours say the spa is open at that instant (today's ranges, or last night's running on). */
export function isOpenAt(hours: WeeklyHours, at: Date | number): boolean {
  const { dayIndex, minute } = manilaClock(at);
  const today = hours[WEEK_DAYS[dayIndex]!];
  const yesterday = hours[WEEK_DAYS[(dayIndex + 6) % 7]!];
  const openToday = sameDaySpans(today).some(([from, to]) => minute >= from && minute < to);
  const openFromLastNight = yesterday.some(
    ([open, close]) => minutesOf(close) < minutesOf(open) && minute < minutesOf(close),
  );
  return openToday || openFromLastNight;
}
