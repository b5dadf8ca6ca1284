// The answers of verified visits as zod schemas: the procedures declare them as their output (so every answer is
// checked), the OpenAPI document is generated from them, and the types the web app uses are inferred from them
// (common/visits.ts re-exports the types only, so the screens do not load zod).
import { pageSchema } from './page-output.ts';
import { timestampSchema, type verifiedVisitExplanationSchema } from './profile-output.ts';
import * as z from './zod.ts';

export const visitCodeAnswerSchema = z
  .object({
    code: z.string().meta({ description: 'Six digits, shown at the counter.' }),
    expiresAt: timestampSchema.meta({
      description: 'When the spa screen should ask again; the code is still accepted for a short grace after.',
    }),
    url: z.string().meta({ description: 'The absolute link the QR code carries: /visits/new?code=…&spa=….' }),
  })
  .meta({ id: 'VisitCode' });

export const visitSchema = z
  .object({
    id: z.int(),
    spaId: z.int(),
    spaName: z.string(),
    spaSlug: z.string(),
    therapistId: z.nullable(z.int()),
    therapistName: z.nullable(z.string()),
    visitedAt: timestampSchema,
  })
  .meta({ id: 'Visit' });

export const visitRecordedSchema = z.object({ visit: visitSchema }).meta({ id: 'VisitRecorded' });

export const visitPageSchema = pageSchema(visitSchema);

export type Visit = z.infer<typeof visitSchema>;
export type VerifiedVisitExplanation = z.infer<typeof verifiedVisitExplanationSchema>;
