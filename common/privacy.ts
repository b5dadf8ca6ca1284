// The account's privacy (beyond the spec, ADR 022), shared by the Worker and the web app: signed-in devices, the
// confirmation of a new e-mail address, the download of one's data and the deletion of the account. The inputs,
// the texts every screen and error shows, and the periods the ADR names.
import { DAY_MS, HOUR_MS } from './time.ts';

/** What every list, card and board shows for a member who deleted their account, with no link. */
export const FORMER_MEMBER_NAME = 'Former member';
/** A link that confirms a new e-mail address works once, for this long. */
export const EMAIL_CONFIRMATION_LIFETIME_MS = 24 * HOUR_MS;
/** The link in the notice to the old address undoes the change (and signs out every device) for this long. */
export const EMAIL_CHANGE_UNDO_LIFETIME_DAYS = 7;
export const EMAIL_CHANGE_UNDO_LIFETIME_MS = EMAIL_CHANGE_UNDO_LIFETIME_DAYS * DAY_MS;
/** Confirmation e-mails one member may have sent in an hour (each goes to an address they typed). */
export const EMAIL_CONFIRMATIONS_PER_HOUR = 5;
/** A deleted member's name (and its look-alikes and old profile links) stays reserved this long. */
export const NAME_RESERVED_AFTER_DELETION_DAYS = 30;
export const NAME_RESERVED_AFTER_DELETION_MS = NAME_RESERVED_AFTER_DELETION_DAYS * DAY_MS;
/** Payments of a deleted account are kept this long for the books, then removed (ADR 022). */
export const PAYMENT_RECORDS_KEPT_YEARS = 10;
export const PAYMENT_RECORDS_KEPT_MS = PAYMENT_RECORDS_KEPT_YEARS * 365 * DAY_MS;

/** An e-mail address as the account keeps it: trimmed and in lower case; an empty one is none. */
export function normalizeEmail(address: string | null): string | null {
  return address?.trim().toLowerCase() || null;
}

/**
 * Whether a save's `email` changes the account's address (a new one to confirm, or the address removed), which asks
 * for the current password: a stolen session alone must not be able to take the account's password resets. Sending
 * the current address back (cancelling a pending change) or leaving the field out does not.
 */
export function emailChangeAsksPassword(currentEmail: string | null, requested: string | null | undefined): boolean {
  return requested !== undefined && requested !== currentEmail;
}

export const PRIVACY_TEXTS = {
  title: 'Privacy and account',
  // The way in, on one's own profile
  entryIntro: 'Where you are signed in, your e-mail address, a copy of your data, and deleting your account.',
  entryLink: 'Privacy',
  // Signed-in devices
  sessionsHeading: 'Where you are signed in',
  sessionsIntro: 'Each sign-in on a browser or app is listed here. Sign out of any you do not recognise.',
  thisDevice: 'This device',
  unknownDevice: 'Unknown device',
  unknownPlace: 'Place unknown',
  signOutSession: 'Sign out',
  signOutOthers: 'Sign out everywhere else',
  noOtherSessions: 'You are signed in on this device only.',
  sessionsFailed: 'Your devices could not be loaded. Please try again.',
  signedInOn: (date: string) => `Signed in ${date}`,
  lastSeenOn: (date: string) => `last seen ${date}`,
  sessionNotFound: 'That session was not found.',
  sessionEnded: 'That device has been signed out.',
  othersEnded: (count: number) =>
    count === 0
      ? 'You were signed in on this device only.'
      : `Signed out of ${count} other ${count === 1 ? 'device' : 'devices'}.`,
  // E-mail confirmation
  emailHeading: 'E-mail address',
  noEmail: 'No e-mail address yet. Add one in Edit Profile, Contact, to be able to reset your password.',
  confirmationSent: (address: string) =>
    `We sent a confirmation link to ${address}. Your e-mail address changes when you follow it (within 24 hours).`,
  pendingSince: (current: string | null) =>
    current ? `Until then your account keeps using ${current}.` : 'Until then your account has no e-mail address.',
  pendingNotice: (address: string) => `Confirmation sent to ${address} — check your inbox.`,
  cancelPending: 'Cancel change',
  cancellingPending: 'Cancelling...',
  pendingCancelled: 'The e-mail change was cancelled.',
  changeEmail: 'Change it in Edit Profile',
  currentEmail: (address: string) => `Your account uses ${address}.`,
  confirmTitle: 'Confirm e-mail address',
  confirming: 'Confirming your e-mail address...',
  confirmed: (address: string) => `Your e-mail address is now ${address}.`,
  confirmedTitle: 'E-mail address confirmed',
  confirmFailedTitle: 'This link did not work',
  confirmFailed: 'The e-mail address could not be confirmed. Please try again.',
  confirmLinkMissing: 'This confirmation link is incomplete. Open the whole link from the e-mail.',
  confirmLinkInvalid: 'This confirmation link is invalid or has already been used.',
  confirmLinkExpired: 'This confirmation link has expired. Change your e-mail address again to get a new one.',
  confirmationsLimit: 'Too many confirmation e-mails were sent in the last hour. Please try again later.',
  // The current password, asked when the address changes or goes (Edit Profile, Contact)
  emailPasswordLabel: 'Current password',
  emailPasswordHint: 'Changing or removing your e-mail address needs the password you sign in with.',
  // Undoing a change (the link in the notice to the old address)
  undoTitle: 'Undo e-mail change',
  undoing: 'Undoing the e-mail change...',
  undoneTitle: 'E-mail change undone',
  undone: (address: string) =>
    `Your e-mail address is ${address} again, and every device has been signed out. If someone else knows your password, reset it now.`,
  undoFailed: 'The e-mail change could not be undone. Please try again.',
  undoLinkMissing: 'This link is incomplete. Open the whole link from the e-mail.',
  undoLinkInvalid: 'This link is invalid or has already been used.',
  undoLinkExpired: `This link has expired: it works for ${EMAIL_CHANGE_UNDO_LIFETIME_DAYS} days after the change.`,
  resetPassword: 'Reset your password',
  // Download
  downloadHeading: 'Download your data',
  downloadIntro:
    'A JSON file with your profile, contact details, favourites, reviews and gifts written and received, red flags about you, lineup, your spa’s analytics, premium and payments, and your sessions.',
  downloadButton: 'Download my data',
  downloadNote: 'The file holds no password, session key or other member’s contact details.',
  // Deletion
  deleteHeading: 'Delete your account',
  deleteIntro: 'This cannot be undone. You are signed out everywhere and your profile can no longer be found.',
  deleteErased:
    'Erased: your profile, photos, e-mail, phone, messaging handles, address, favourites lists, sessions, chat blocks, red flags about you and your replies to reviews.',
  deleteKept: `Kept, as “Former member” with no link to you: the reviews, stars, flowers, medals and red flags you gave. Payments are kept for the accounting records (${PAYMENT_RECORDS_KEPT_YEARS} years). Your name stays reserved for ${NAME_RESERVED_AFTER_DELETION_DAYS} days, then anyone may take it.`,
  deleteButton: 'Delete my account',
  deleteConfirmTitle: 'Delete your account for good?',
  deleteContinue: 'Continue',
  deletePasswordTitle: 'Enter your password',
  deletePasswordIntro: 'To delete your account, enter the password you sign in with. This is the last step.',
  deleteConfirmButton: 'Yes, delete my account',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  deletePasswordLabel: 'Your password',
  deleting: 'Deleting...',
  passwordRequired: 'Please enter your password.',
  wrongPassword: 'That password is not right.',
  lastAdmin: 'You are the last admin. Make another member an admin before you delete your account.',
  deleted: 'Your account has been deleted.',
} as const;

// Answers: their schemas and the types inferred from them are in privacy-output.ts.
export type { SessionInfo } from './privacy-output.ts';
