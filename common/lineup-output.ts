// The answers of the therapist lineup as zod schemas: the procedures declare them as their output (so every answer
// is checked), the OpenAPI document is generated from them, and the types the web app uses are inferred from them
// (common/lineup.ts re-exports the types only, so the profile screen does not load zod). Keys are in the order the
// server builds them.
import { timestampSchema } from './profile-output.ts';
import * as z from './zod.ts';

/** The member on the other side of a link; `since`: when the link was accepted (or the invitation sent). */
const lineupMemberSchema = z.object({
  linkId: z.int().meta({ description: "The link's id (to end it)." }),
  id: z.int(),
  name: z.string(),
  slug: z.string(),
  profilePic: z.nullable(z.string()),
  since: timestampSchema,
});

export const lineupTherapistSchema = lineupMemberSchema
  .extend({ flowersReceived: z.int() })
  .meta({ id: 'LineupTherapist' });

export const lineupSpaSchema = lineupMemberSchema.extend({ address: z.nullable(z.string()) }).meta({ id: 'LineupSpa' });

/**
 * A member's lineup as everyone sees it (a spa's therapists, a therapist's spas), plus the open invitations
 * when the viewer is that member: sent by a spa, received by a therapist. Nobody else ever sees invitations.
 */
export const lineupAnswerSchema = z
  .object({
    therapists: z.array(lineupTherapistSchema),
    spas: z.array(lineupSpaSchema),
    invitations: z
      .nullable(z.object({ therapists: z.array(lineupTherapistSchema), spas: z.array(lineupSpaSchema) }))
      .meta({ description: 'The open invitations, for the member themself only; null for everyone else.' }),
  })
  .meta({ id: 'Lineup' });

export const lineupInvitedSchema = z.object({
  linkId: z.int(),
  spaId: z.int(),
  therapistId: z.int(),
  state: z.literal('invited'),
  message: z.string(),
});

export const lineupRespondedSchema = z.object({
  linkId: z.int(),
  state: z.enum(['accepted', 'declined']),
  message: z.string(),
});

export const lineupEndedSchema = z.object({ linkId: z.int(), state: z.literal('ended'), message: z.string() });

export type LineupTherapist = z.infer<typeof lineupTherapistSchema>;
export type LineupSpa = z.infer<typeof lineupSpaSchema>;
export type LineupAnswer = z.infer<typeof lineupAnswerSchema>;
