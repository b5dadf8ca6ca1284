// Licences a member can see: a therapist's DOH certificate of registration, a spa's LGU sanitary permit and
// business permit, submitted with a photo of the document and checked by an admin. An approved licence whose last
// valid day has not passed (Asia/Manila) makes its owner "Licensed". The kinds each role may submit, the limits,
// the texts the screens and the server share word for word. No zod here, so the screens that show the badge do not
// load it (ADR 023): the inputs are in licences-input.ts.
import type { Role } from './roles.ts';

export const LICENCE_KINDS = ['doh_registration', 'sanitary_permit', 'business_permit'] as const;
export type LicenceKind = (typeof LICENCE_KINDS)[number];
/** States as stored; `expired` is computed on the way out (approved, but its last valid day has passed). */
export const LICENCE_STORED_STATES = ['pending', 'approved', 'rejected'] as const;
export const LICENCE_STATES = [...LICENCE_STORED_STATES, 'expired'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];
export const LICENCE_DECISIONS = ['approve', 'reject'] as const;

export const LICENCE_KIND_LABELS: Record<LicenceKind, string> = {
  doh_registration: 'DOH certificate of registration',
  sanitary_permit: 'Sanitary permit',
  business_permit: 'Business permit',
};

/** The kind as a badge on a phone names it: short enough to keep the badge on one line. */
export const LICENCE_KIND_SHORT_LABELS: Record<LicenceKind, string> = {
  doh_registration: 'DOH',
  sanitary_permit: 'Sanitary',
  business_permit: 'Business',
};

export const LICENCE_STATE_LABELS: Record<LicenceState, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  rejected: 'Rejected',
  expired: 'Expired',
};

/** Which kinds each role may submit; the roles not listed submit none (403). */
export const LICENCE_KINDS_BY_ROLE: Partial<Record<Role, readonly LicenceKind[]>> = {
  therapist: ['doh_registration'],
  spa_management: ['sanitary_permit', 'business_permit'],
};

/** A licence's number and issuing office, in characters (after trimming). */
export const LICENCE_NUMBER_MAX_LENGTH = 60;
export const LICENCE_ISSUED_BY_MAX_LENGTH = 120;
export const LICENCE_REASON_MAX_LENGTH = 500;
/** An approved licence's owner is mailed once, this many days before its last valid day. */
export const LICENCE_EXPIRY_NOTICE_DAYS = 30;
/** The admin queue's page. */
export const LICENCE_PAGE_SIZE = 25;
/** The multipart field that carries the document's photo. */
export const LICENCE_DOCUMENT_FIELD = 'document';

export const LICENCE_TEXTS = {
  badge: 'Licensed',
  /** What the badge means, on the profile and wherever the badge is explained. */
  badgeExplanation:
    'Licensed: an admin checked this member’s DOH certificate of registration or LGU permit, and it has not expired.',
  expired: 'This licence has expired.',
  kindRequired: 'Please choose the kind of licence.',
  kindNotForRole:
    'Therapists submit a DOH certificate of registration; spa management a sanitary permit or business permit.',
  notForRole: 'Only therapists and spa management submit licences.',
  numberRequired: 'Please enter the licence number.',
  numberTooLong: `The licence number can be at most ${LICENCE_NUMBER_MAX_LENGTH} characters.`,
  issuedByRequired: 'Please enter the office that issued the licence.',
  issuedByTooLong: `The issuing office can be at most ${LICENCE_ISSUED_BY_MAX_LENGTH} characters.`,
  expiresOnInvalid: 'Please enter the expiry date as YYYY-MM-DD.',
  reasonRequired: 'Please give the reason for rejecting this licence.',
  reasonTooLong: `The reason can be at most ${LICENCE_REASON_MAX_LENGTH} characters.`,
  notFound: 'Licence not found.',
  documentMissing: 'The photo of this document is not available.',
  alreadyDecided: 'This licence has already been decided.',
  submitted: 'Licence submitted. An admin will check it soon.',
  approved: 'Licence approved.',
  rejected: 'Licence rejected.',
} as const;

/** Audit log actions of the licence decisions (common/admin.ts labels them). */
export const LICENCE_AUDIT_ACTIONS = { approve: 'licence.approve', reject: 'licence.reject' } as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The month a licence expires as the badge shows it: "2027-03-31" → "Mar 2027". */
export function licenceExpiryMonth(expiresOn: string): string {
  return `${MONTHS[Number(expiresOn.slice(5, 7)) - 1]} ${expiresOn.slice(0, 4)}`;
}

/** A YYYY-MM-DD string that names a real calendar day. */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

// Answers: their schemas and the types inferred from them are in licences-output.ts.
export type { AdminLicence, Licence, LicenceBadge } from './licences-output.ts';
