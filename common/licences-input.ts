// The inputs of licences as zod schemas (the kinds, limits and texts they use are in licences.ts, which the screens
// read without loading zod).
import {
  isCalendarDay,
  LICENCE_DECISIONS,
  LICENCE_ISSUED_BY_MAX_LENGTH,
  LICENCE_KINDS,
  LICENCE_NUMBER_MAX_LENGTH,
  LICENCE_REASON_MAX_LENGTH,
  LICENCE_STORED_STATES,
  LICENCE_TEXTS,
} from './licences.ts';
import * as z from './zod.ts';

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/**
 * The text fields of POST /api/licences (multipart, beside the `document` photo). `expiresOn` is the last valid
 * day; one already past in Asia/Manila is refused by the server ("This licence has expired.").
 */
export const licenceFieldsInput = z.object({
  kind: z.enum(LICENCE_KINDS, { error: LICENCE_TEXTS.kindRequired }),
  number: requiredText(LICENCE_NUMBER_MAX_LENGTH, LICENCE_TEXTS.numberRequired, LICENCE_TEXTS.numberTooLong),
  issuedBy: requiredText(LICENCE_ISSUED_BY_MAX_LENGTH, LICENCE_TEXTS.issuedByRequired, LICENCE_TEXTS.issuedByTooLong),
  expiresOn: z
    .string({ error: LICENCE_TEXTS.expiresOnInvalid })
    .refine(isCalendarDay, LICENCE_TEXTS.expiresOnInvalid)
    .meta({ format: 'date', description: 'The last day it is valid (YYYY-MM-DD, Asia/Manila).' }),
});

const licenceId = z.coerce.number({ error: LICENCE_TEXTS.notFound }).int().positive(LICENCE_TEXTS.notFound);

export const licenceIdInput = z.object({ id: licenceId });

/** The admin queue: the licences in one state (pending first of all), newest first; `cursor` from the last page. */
export const adminLicencesInput = z
  .object({
    state: z.enum(LICENCE_STORED_STATES).default('pending'),
    cursor: z.string().max(64).nullish(),
  })
  .default({ state: 'pending' });

const decideLicenceFields = z.object({
  id: licenceId,
  decision: z.enum(LICENCE_DECISIONS, { error: 'decision must be approve or reject.' }),
  reason: z
    .string()
    .trim()
    .max(LICENCE_REASON_MAX_LENGTH, LICENCE_TEXTS.reasonTooLong)
    .nullish()
    .transform((value) => value || null),
});
/** POST /api/admin/licences/{id}'s body: the decision without the id, which the path names. */
export const decideLicenceBody = decideLicenceFields.omit({ id: true });

/** An admin's decision; rejecting needs a reason, which the member is told. */
export const decideLicenceInput = decideLicenceFields.superRefine((input, context) => {
  if (input.decision === 'reject' && !input.reason)
    context.addIssue({ code: 'custom', path: ['reason'], message: LICENCE_TEXTS.reasonRequired });
});
