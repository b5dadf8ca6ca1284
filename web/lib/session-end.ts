// A session the server ended while the member was using the app, and why, when the member must be told: an admin
// banned the account; or the member deleted their account themselves, after which the landing page says it was done.
// The server answers the session's first request after the ban with 401 "This account has been banned." (any call, or
// account.me, which the chat connection asks when its socket closes with 4001) and clears the cookie. The app then
// does what sign-out does (every cached answer dropped, a full load of /), and keeps the reason in this tab's session
// storage so the landing page and the sign-in form can say it. The notice goes when someone signs in on this tab.
import { MESSAGES } from '../../common/account.ts';
import { PRIVACY_TEXTS } from '../../common/privacy.ts';
import { httpStatusOf, serverMessage } from './errors.ts';

const SESSION_END_KEY = 'sessionEnded';

export type SessionEndNotice = 'banned' | 'deleted';

export const SESSION_END_TEXTS: Record<SessionEndNotice, string> = {
  banned: MESSAGES.banned,
  deleted: PRIVACY_TEXTS.deleted,
};
const REASONS: readonly unknown[] = Object.keys(SESSION_END_TEXTS);

/** A failed call that says the member's account was banned (401 from a session the ban ended, or 403). */
export function isBannedAnswer(error: unknown): boolean {
  const status = httpStatusOf(error);
  return (status === 401 || status === 403) && serverMessage(error, '') === MESSAGES.banned;
}

export function rememberSessionEnd(reason: SessionEndNotice): void {
  try {
    sessionStorage.setItem(SESSION_END_KEY, JSON.stringify({ reason, at: Date.now() }));
  } catch {
    // Storage can be unavailable: the member is still signed out, only without the reason.
  }
}

/** Why this tab's last session ended, when it is to be told; null otherwise. */
export function sessionEndNotice(): { reason: SessionEndNotice; at: number } | null {
  try {
    const stored = JSON.parse(sessionStorage.getItem(SESSION_END_KEY) ?? 'null') as {
      reason?: unknown;
      at?: unknown;
    } | null;
    return stored && REASONS.includes(stored.reason) && typeof stored.at === 'number'
      ? { reason: stored.reason as SessionEndNotice, at: stored.at }
      : null;
  } catch {
    return null;
  }
}

export function forgetSessionEnd(): void {
  try {
    sessionStorage.removeItem(SESSION_END_KEY);
  } catch {
    // Nothing to forget.
  }
}

let ending = false;

/**
 * The account was banned under the member's feet: remember why, drop every cached answer and load / afresh (the
 * server has cleared the cookie, so it is the landing page). Once per page; and never a reload loop: when the tab
 * has just been through this and is already on the landing or sign-in page, the session is only marked as ended.
 */
export function endSessionBecauseBanned(dropCache: () => void, markSignedOut: () => void): void {
  if (ending) return;
  ending = true;
  const before = sessionEndNotice();
  rememberSessionEnd('banned');
  const { pathname } = window.location;
  if (before && Date.now() - before.at < 10_000 && (pathname === '/' || pathname === '/auth')) {
    markSignedOut();
    ending = false;
    return;
  }
  dropCache();
  window.location.assign('/');
}
