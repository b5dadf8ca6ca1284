// Phone numbers in E.164, Philippines first: members type 0917 123 4567, +63 917 123 4567, 639171234567 or a
// landline such as (02) 8123 4567, and the platform stores +639171234567. Numbers abroad need their "+".
// libphonenumber-js (its small metadata) does the parsing and validation; the map's Call button and the
// Contact tab use the stored form.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export const PHONE_DEFAULT_COUNTRY = 'PH';

/** The number in E.164 (+639171234567), or null when it is not a valid phone number. */
export function toE164(input: string): string | null {
  const parsed = parsePhoneNumberFromString(input, PHONE_DEFAULT_COUNTRY);
  return parsed?.isValid() ? parsed.number : null;
}
