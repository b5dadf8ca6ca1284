// Dates and phone numbers as the screens show them, in Philippine time and style (the dates by arithmetic on
// Manila's calendar, common/time.ts).
import { manilaDateLabel, manilaTimeLabel } from '../../common/time.ts';

/**
 * "Nov 23, 2026", or No Date when the record has none, as on the profile's badges (spec,
 * "Profile: /profile and /profile/{userSlug}").
 */
export function formatDate(at: number | null | undefined): string {
  if (typeof at !== 'number' || !Number.isFinite(at) || at <= 0) return 'No Date';
  return manilaDateLabel(at);
}

export const formatTime = manilaTimeLabel;

/** +639171234567 as +63 917 123 4567; other numbers as stored. */
export function formatPhone(e164: string): string {
  const mobile = /^\+63(9\d{2})(\d{3})(\d{4})$/.exec(e164);
  if (mobile) return `+63 ${mobile[1]} ${mobile[2]} ${mobile[3]}`;
  const manila = /^\+632(\d{4})(\d{4})$/.exec(e164);
  if (manila) return `+63 2 ${manila[1]} ${manila[2]}`;
  return e164;
}
