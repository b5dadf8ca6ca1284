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

export interface LineupMember {
  /** The link's id (to end it). */
  linkId: number;
  id: number;
  name: string;
  slug: string;
  profilePic: string | null;
  /** Since when the link is accepted (or the invitation was sent). */
  since: number;
}

export interface LineupTherapist extends LineupMember {
  flowersReceived: number;
}

export interface LineupSpa extends LineupMember {
  address: string | null;
}

/**
 * A member's lineup as everyone sees it (a spa's therapists, a therapist's spas), plus the open invitations
 * when the viewer is that member: sent by a spa, received by a therapist. Nobody else ever sees invitations.
 */
export interface LineupAnswer {
  therapists: LineupTherapist[];
  spas: LineupSpa[];
  invitations: { therapists: LineupTherapist[]; spas: LineupSpa[] } | null;
}
