// Verified visits: a spa shows a short code at its counter, a client enters (or scans) it and the visit is recorded.
// A visit in the 90 days before a review, star, flower, medal or red flag makes it a verified visit. The rules'
// numbers and the texts, shared by the Worker (which enforces them) and the screens (which show them). No zod here, so
// the screens that show a badge do not load it: the inputs are in visits-input.ts.
import type { Role } from './roles.ts';
import { manilaDateLabel } from './time.ts';

/** A code is shown for this long from its issue; then the spa's screen gets a new one. */
export const VISIT_CODE_SECONDS = 60;
/** A code is still accepted this long after its end (someone typing while it rolls over). */
export const VISIT_CODE_GRACE_SECONDS = 30;
export const VISIT_CODE_LENGTH = 6;
/** A visit makes what its client and the spa side give each other verified for this many days after it. */
export const VERIFIED_VISIT_DAYS = 90;
/** The page of `visits.mine`. */
export const VISITS_PAGE_SIZE = 20;

export const VISIT_TEXTS = {
  codeInvalid: 'That visit code is not valid. Ask the spa for the current one.',
  codeShape: 'Enter the 6-digit visit code.',
  onlyClientsRecord: 'Only clients record visits.',
  onlySpasShowCodes: 'Only spa management shows a visit code.',
  alreadyToday: 'You already recorded a visit to this spa today.',
  therapistNotInLineup: "That therapist is not in this spa's lineup.",
  recorded: 'Visit recorded.',
  badge: 'Verified visit',
  badgeMeaning: `The member recorded a visit with the spa's code in the ${VERIFIED_VISIT_DAYS} days before this.`,
} as const;

/**
 * Why the author's own review is or is not verified: the visit that verifies it (its spa and day), or what was
 * looked for. `targetRole` is the reviewed member's: a therapist's review counts visits to the spas of her lineup,
 * and a spa's review of a client counts the client's visits to that spa.
 */
export function verificationReason(visit: { spaName: string; visitedAt: number } | null, targetRole: Role): string {
  const days = `in the ${VERIFIED_VISIT_DAYS} days before this review`;
  if (targetRole === 'client') {
    return visit
      ? `Verified: this client recorded a visit to your spa on ${manilaDateLabel(visit.visitedAt)}.`
      : `Not verified: this client recorded no visit to your spa ${days}.`;
  }
  if (visit) return `Verified: you recorded a visit to ${visit.spaName} on ${manilaDateLabel(visit.visitedAt)}.`;
  const where = targetRole === 'therapist' ? "a spa of this therapist's lineup" : 'this spa';
  return `Not verified: no visit to ${where} recorded ${days}.`;
}

// Answers: their schemas and the types inferred from them are in visits-output.ts.
export type { Visit, VerifiedVisitExplanation } from './visits-output.ts';
