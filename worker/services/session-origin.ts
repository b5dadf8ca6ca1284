// Where a session was opened, coarsely, for the member's list of signed-in devices: the browser and
// the system from the User-Agent ("Chrome on Android"), and the city and country from Cloudflare's request.cf
// ("Makati City, Philippines"). Read once at sign-in and stored on the session row; never the address itself,
// never anything finer than a city. Unknown stays null: a device named wrongly would mislead its owner.
import type { SessionOrigin } from '../../db/session-tokens.ts';
import { isNonPublicAddress } from '../providers/ip-location.ts';
import { isIpv4, isIpv6 } from './client-address.ts';

/** Browsers, the first that matches wins: the Chromium family names itself after "Chrome", Safari last. */
const BROWSERS: [RegExp, string][] = [
  [/\bFBA[NV]\//, 'Facebook app'],
  [/\bInstagram\b/, 'Instagram app'],
  [/\bLine\//, 'LINE app'],
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\b(?:Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** Systems; iPadOS that says "Macintosh" is counted as macOS, which is what it claims to be. */
const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows NT\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Programs rather than browsers (the SDK from Node, curl): named by what they are. */
const PROGRAMS: [RegExp, string][] = [
  [/^curl\//i, 'curl'],
  [/^(?:node|undici)\b/i, 'Node.js script'],
  [/^python-requests\/|^Python-urllib\//i, 'Python script'],
];

const firstMatch = (text: string, list: [RegExp, string][]) =>
  list.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** "Chrome on Android", "Safari on iPhone", "Firefox", "Windows", "curl", or null for nothing recognisable. */
export function describeDevice(userAgent: string | null | undefined): string | null {
  const agent = userAgent?.slice(0, 512).trim();
  if (!agent) return null;
  const program = firstMatch(agent, PROGRAMS);
  if (program) return program;
  const browser = firstMatch(agent, BROWSERS);
  const system = firstMatch(agent, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system;
}

let regionNames: Intl.DisplayNames | null | undefined;

/** A country's English name from its ISO code ("PH" → "Philippines"), or the code when the runtime has no names. */
export function countryName(code: string): string {
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

const boundedText = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() && !/[\p{Cc}\p{Cf}]/u.test(value) ? value.trim().slice(0, max) : null;

/**
 * "Makati City, Philippines" from request.cf, for a client Cloudflare could place. Local development invents a
 * request.cf for loopback and private callers (ip-location.ts does not trust it either): those get null.
 */
export function describePlace(
  cf: Partial<Pick<IncomingRequestCfProperties, 'city' | 'country'>> | undefined,
  clientIp: string | null,
): string | null {
  if (!cf || !clientIp || !(isIpv4(clientIp) || isIpv6(clientIp)) || isNonPublicAddress(clientIp)) return null;
  const city = boundedText(cf.city, 80);
  const countryCode = boundedText(cf.country, 2);
  const country =
    countryCode &&
    /^[A-Za-z]{2}$/.test(countryCode) &&
    countryCode.toUpperCase() !== 'XX' &&
    countryCode.toUpperCase() !== 'T1'
      ? countryName(countryCode)
      : null;
  const parts = [city, country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** Where a request opens its session from (the sign-in or registration request). */
export function sessionOrigin(request: Request): SessionOrigin {
  const cf = (request as Request & { cf?: IncomingRequestCfProperties }).cf;
  return {
    device: describeDevice(request.headers.get('User-Agent')),
    place: describePlace(cf, request.headers.get('CF-Connecting-IP')),
  };
}
