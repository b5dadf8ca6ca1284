// The link a spa's visit QR code carries (`/visits/new?code=…&spa=…`, the server's `visits.code` url) read back: by
// the route's search parameters when the link is opened, and by the camera's scanner from the QR code's text.
import { VISIT_CODE_LENGTH } from '../../common/visits.ts';

export interface VisitLink {
  /** Six digits; absent when the address holds none. */
  code?: string;
  /** The spa the code is checked against. */
  spa?: number;
}

/** A link read from a QR code: always with its code. */
export type ScannedLink = VisitLink & { code: string };

const CODE_PATTERN = new RegExp(`^\\d{${VISIT_CODE_LENGTH}}$`, 'u');

/** A code of six digits (the router reads `?code=123456` as a number; one that begins with 0 stays text). */
function codeOf(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && CODE_PATTERN.test(text) ? text : undefined;
}

function spaOf(value: unknown): number | undefined {
  const id = typeof value === 'string' && /^\d+$/u.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** `/visits/new`'s search parameters: a value that is not valid is dropped (the form starts empty). */
export function visitLinkOf(search: Record<string, unknown>): VisitLink {
  return { code: codeOf(search.code), spa: spaOf(search.spa) };
}

/**
 * A visit code in what a QR code held: the spa's link (its code and spa), or the six digits alone; null for anything
 * else (another site's QR code, a link without a code).
 */
export function scannedCode(text: string): ScannedLink | null {
  const value = text.trim();
  const digits = codeOf(value);
  if (digits) return { code: digits };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const code = codeOf(url.searchParams.get('code'));
  if (url.pathname !== '/visits/new' || !code) return null;
  const spa = spaOf(url.searchParams.get('spa'));
  return spa === undefined ? { code } : { code, spa };
}
