// Dates and phone numbers as the screens show them, in Philippine time and style. The formatters are made on first
// use: a page's first one costs 20 to 40 ms of main thread, which a screen that shows no date need not pay.
import { MANILA_TIME_ZONE } from '../../common/limits.ts';

let dateFormat: Intl.DateTimeFormat | undefined;
let timeFormat: Intl.DateTimeFormat | undefined;

/** "Nov 23, 2026", or No Date when the record has none (spec part 1, profile badges). */
export function formatDate(at: number | null | undefined): string {
  if (typeof at !== 'number' || !Number.isFinite(at) || at <= 0) return 'No Date';
  dateFormat ??= new Intl.DateTimeFormat('en-PH', { dateStyle: 'medium', timeZone: MANILA_TIME_ZONE });
  return dateFormat.format(at);
}

export function formatTime(at: number): string {
  timeFormat ??= new Intl.DateTimeFormat('en-PH', { hour: 'numeric', minute: '2-digit', timeZone: MANILA_TIME_ZONE });
  return timeFormat.format(at);
}

/** +639171234567 as +63 917 123 4567; other numbers as stored. */
export function formatPhone(e164: string): string {
  const mobile = /^\+63(9\d{2})(\d{3})(\d{4})$/.exec(e164);
  if (mobile) return `+63 ${mobile[1]} ${mobile[2]} ${mobile[3]}`;
  const manila = /^\+632(\d{4})(\d{4})$/.exec(e164);
  if (manila) return `+63 2 ${manila[1]} ${manila[2]}`;
  return e164;
}
