// The answers of licences as zod schemas: the procedures declare them as their output (so every answer is checked),
// the OpenAPI document is generated from them, and the types the web app uses are inferred from them
// (common/licences.ts re-exports the types only).
import { LICENCE_STATES } from './licences.ts';
import { daySchema, licenceKindSchema } from './licence-badge-output.ts';
import { pageSchema } from './page-output.ts';
import { roleSchema, timestampSchema } from './profile-output.ts';
import * as z from './zod.ts';

export const licenceSchema = z
  .object({
    id: z.int(),
    kind: licenceKindSchema,
    number: z.string(),
    issuedBy: z.string(),
    expiresOn: daySchema,
    state: z.enum(LICENCE_STATES).meta({
      description: 'pending, approved or rejected as decided; expired: approved, but its last valid day has passed.',
    }),
    reason: z.nullable(z.string()).meta({ description: "The admin's reason, told to the member; null without one." }),
    documentUrl: z.string().meta({
      description: "The document's photo (/api/licences/{id}/document): served to its owner and admins only.",
    }),
    createdAt: timestampSchema,
    decidedAt: z.nullable(timestampSchema),
  })
  .meta({ id: 'Licence' });

export const adminLicenceSchema = licenceSchema
  .extend({ member: z.object({ id: z.int(), name: z.string(), slug: z.string(), role: roleSchema }) })
  .meta({ id: 'AdminLicence' });

export const licenceAnswerSchema = z.object({ licence: licenceSchema });
export const adminLicenceAnswerSchema = z.object({ licence: adminLicenceSchema });
export const myLicencesSchema = z.object({ licences: z.array(licenceSchema) }).meta({
  description: "The member's own licences, newest first, each with its state.",
});
/** A document's photo through tRPC; the REST path (GET /api/licences/{id}/document) answers the JPEG itself. */
export const licenceDocumentSchema = z.object({
  contentType: z.literal('image/jpeg'),
  data: z.string().meta({ description: 'The JPEG, base64.' }),
});
export const adminLicencePageSchema = pageSchema(adminLicenceSchema).meta({ id: 'AdminLicencePage' });

export type Licence = z.infer<typeof licenceSchema>;
export type AdminLicence = z.infer<typeof adminLicenceSchema>;
export type { LicenceBadge } from './licence-badge-output.ts';
