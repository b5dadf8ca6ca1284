// Calendar days in Asia/Manila, the day the daily recognition limits count by.
import { MANILA_TIME_ZONE } from './limits.ts';

const manilaDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: MANILA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD of the given instant in Asia/Manila. */
export function manilaDay(at: Date | number = Date.now()): string {
  return manilaDayFormat.format(at);
}
