// Links that open a member's messaging handle in the right app (the profile's Contact tab). Members type
// handles freely ("@maria.hilot", a full URL, a phone number for Viber and WhatsApp), so each is reduced to
// what the app's link needs; what cannot be linked is shown as text. The map's spa card calls a spa's phone with a
// plain tel: link (the browser opens the dialler only from the tap itself), with Viber and WhatsApp beside it.
import { dialableNumber } from './map.ts';
import type { HandleKey } from './profile.ts';

/** The handle without an "@" or the address of the service it was copied from. */
function bareHandle(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\/(www\.)?[^/]+\//i, '')
    .replace(/^@/, '')
    .replace(/[/?#].*$/, '');
}

/** Digits of a phone number in international form (a Philippine 09… number becomes 639…). */
function internationalDigits(value: string): string | null {
  const digits = value.replace(/[^\d+]/g, '');
  if (/^\+\d{8,15}$/.test(digits)) return digits.slice(1);
  if (/^0\d{9,10}$/.test(digits)) return `63${digits.slice(1)}`;
  if (/^63\d{9,10}$/.test(digits)) return digits;
  return null;
}

const SAFE_HANDLE = /^[A-Za-z0-9._-]{1,100}$/;

/** Viber's chat with an international number (digits after the "+"). */
const viberChat = (digits: string) => `viber://chat?number=%2B${digits}`;
/** WhatsApp's chat with an international number (digits after the "+"). */
const whatsappChat = (digits: string) => `https://wa.me/${digits}`;

export function handleLink(key: HandleKey, value: string): string | null {
  const handle = bareHandle(value);
  const safe = SAFE_HANDLE.test(handle) ? encodeURIComponent(handle) : null;
  switch (key) {
    case 'viberHandle': {
      const digits = internationalDigits(value);
      return digits ? viberChat(digits) : null;
    }
    case 'whatsappHandle': {
      const digits = internationalDigits(value);
      return digits ? whatsappChat(digits) : null;
    }
    case 'messengerHandle':
      return safe && `https://m.me/${safe}`;
    case 'telegramHandle':
      return safe && `https://t.me/${safe}`;
    case 'instagramHandle':
      return safe && `https://www.instagram.com/${safe}`;
    case 'tiktokHandle':
      return safe && `https://www.tiktok.com/@${safe}`;
    case 'facebookHandle':
      return safe && `https://www.facebook.com/${safe}`;
  }
}

/** A phone number's tel: link. */
export function phoneLink(e164: string): string {
  return `tel:${e164.replace(/[^\d+]/g, '')}`;
}

/** Call (the dialler), Viber and WhatsApp for a spa's phone, +63 when it has no country code; null when not dialable. */
export function phoneContactLinks(phone: string | null): { call: string; viber: string; whatsapp: string } | null {
  const number = dialableNumber(phone);
  if (!number) return null;
  const digits = number.slice(1);
  return { call: phoneLink(number), viber: viberChat(digits), whatsapp: whatsappChat(digits) };
}
