// Links that open a member's messaging handle in the right app (the profile's Contact tab). Members type
// handles freely ("@maria.hilot", a full URL, a phone number for Viber and WhatsApp), so each is reduced to
// what the app's link needs; what cannot be linked is shown as text.
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

export function handleLink(key: HandleKey, value: string): string | null {
  const handle = bareHandle(value);
  const safe = SAFE_HANDLE.test(handle) ? encodeURIComponent(handle) : null;
  switch (key) {
    case 'viberHandle': {
      const digits = internationalDigits(value);
      return digits ? `viber://chat?number=%2B${digits}` : null;
    }
    case 'whatsappHandle': {
      const digits = internationalDigits(value);
      return digits ? `https://wa.me/${digits}` : null;
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
