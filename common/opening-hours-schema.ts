// Opening hours (opening-hours.ts) as a zod schema: what the profile editor, the admin's spa form and the server
// check, and the stored JSON read through it.
import * as z from './zod.ts';
import {
  isOpenAt,
  MAX_RANGES_PER_DAY,
  minutesOf,
  OPENING_HOURS_MESSAGES,
  sameDaySpans,
  WEEK_DAYS,
  type WeekDay,
  type WeeklyHours,
} from './opening-hours.ts';

const time = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, OPENING_HOURS_MESSAGES.invalidTime);

const range = z
  .tuple([time, time])
  .refine(([open, close]) => minutesOf(open) !== minutesOf(close), OPENING_HOURS_MESSAGES.emptyRange);

const dayRanges = z
  .array(range)
  .max(MAX_RANGES_PER_DAY, OPENING_HOURS_MESSAGES.tooManyRanges)
  .refine((ranges) => {
    const spans = sameDaySpans(ranges).sort((a, b) => a[0] - b[0]);
    return spans.every((span, i) => i === 0 || span[0] >= spans[i - 1]![1]);
  }, OPENING_HOURS_MESSAGES.overlapping);

export const weeklyHoursSchema = z.object(
  Object.fromEntries(WEEK_DAYS.map((day) => [day, dayRanges])) as Record<WeekDay, typeof dayRanges>,
);

/**
 * Stored JSON already read, by its text: each profile read and each spa of an uncached listing parses its hours,
 * and most repeat (a spa's own on every view, and the few common week plans). Frozen, because readers share them.
 */
const parsedHours = new Map<string, WeeklyHours | null>();
const PARSED_HOURS_KEPT = 1000;

/** The stored JSON as weekly hours, or null when it is missing or not valid. */
export function parseOpeningHours(json: string | null | undefined): WeeklyHours | null {
  if (!json) return null;
  const known = parsedHours.get(json);
  if (known !== undefined) return known;
  const hours = parseHoursJson(json);
  if (parsedHours.size >= PARSED_HOURS_KEPT) parsedHours.clear();
  parsedHours.set(json, hours);
  return hours;
}

function parseHoursJson(json: string): WeeklyHours | null {
  try {
    const parsed = weeklyHoursSchema.safeParse(JSON.parse(json));
    if (!parsed.success) return null;
    for (const ranges of Object.values(parsed.data)) {
      for (const range of ranges) Object.freeze(range);
      Object.freeze(ranges);
    }
    return Object.freeze(parsed.data) as WeeklyHours;
  } catch {
    return null;
  }
}

/** Open now from the stored JSON: null when the hours are unknown (never guessed as open). */
export function isOpenNow(json: string | null | undefined, at: Date | number = Date.now()): boolean | null {
  const hours = parseOpeningHours(json);
  return hours ? isOpenAt(hours, at) : null;
}
