// The inputs of verified visits as zod schemas (the texts and numbers they use are in visits.ts, which the screens
// read without loading zod).
import { VISIT_TEXTS } from './visits.ts';
import * as z from './zod.ts';

const id = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number.` })
    .int(`${name} must be a number.`)
    .positive(`${name} must be a number.`);

export const visitCodeSchema = z
  .string({ error: VISIT_TEXTS.codeShape })
  .trim()
  .regex(/^\d{6}$/u, VISIT_TEXTS.codeShape);

export const recordVisitInput = z.object({
  code: visitCodeSchema,
  spaId: z
    .optional(id('spaId'))
    .meta({ description: "The spa the code is checked against (the QR link and the spa profile's form give it)." }),
  therapistId: z
    .optional(z.nullable(id('therapistId')))
    .meta({ description: "A therapist of the spa's accepted lineup who served the client, or null." }),
});

export const visitsMineInput = z.object({
  cursor: z.optional(z.string({ error: 'cursor must be a string.' }).max(64)),
});
