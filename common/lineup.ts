// The therapist lineup: which therapists work at which spa. A spa manager invites a therapist, the
// therapist accepts or declines, either side ends the link. Payloads and texts shared by the Worker and the app.
import * as z from './zod.ts';

export const LINEUP_TEXTS = {
  onlySpasInvite: 'Only spa management can invite therapists to a lineup.',
  therapistNotFound: 'Therapist not found.',
  notATherapist: 'Only therapists can join a lineup.',
  alreadyLinked: 'This therapist is already in your lineup or has an open invitation.',
  linkNotFound: 'Lineup link not found.',
  onlyInvitedResponds: 'Only the invited therapist can answer this invitation.',
  notOpen: 'This invitation has already been answered.',
  alreadyEnded: 'This link has already ended.',
  invited: 'Invitation sent.',
  accepted: 'You joined the lineup.',
  declined: 'Invitation declined.',
  ended: 'Link ended.',
} as const;

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number.` })
    .int()
    .positive(`${name} must be a number.`);

export const inviteInput = z.object({ therapistId: id('therapistId') });
export const linkInput = z.object({ linkId: id('linkId') });
export const respondInput = linkInput.extend({ accept: z.boolean({ error: 'accept must be true or false.' }) });
export const lineupOfInput = z.object({ userId: id('userId') });

// Answers: their schemas and the types inferred from them are in lineup-output.ts.
export type { LineupAnswer, LineupSpa, LineupTherapist } from './lineup-output.ts';
