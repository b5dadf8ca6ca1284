// The answers of the platform's own procedures (the health check, the development mailbox) as zod schemas: the
// procedures declare them as their output and the OpenAPI document is generated from them.
import { timestampSchema } from './profile-output.ts';
import * as z from './zod.ts';

/** GET /api/health: the Worker's version, and whether the database answers and has every migration it expects. */
export const healthSchema = z
  .object({
    status: z.literal('ok'),
    database: z.literal('ok'),
    databaseLatencyMs: z.int(),
    version: z.string(),
    migrations: z.object({
      applied: z.int(),
      expected: z.int().meta({ description: 'The migrations this version of the Worker was built with.' }),
      latest: z
        .nullable(z.string())
        .meta({ description: 'The tag of the newest migration applied, if this version knows it.' }),
      upToDate: z.boolean(),
    }),
  })
  .meta({ id: 'Health' });

/** A message in the local mailbox (development without a mail provider). */
export const localMailSchema = z
  .object({
    id: z.int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.nullable(z.string()),
    kind: z.string().meta({ description: 'What the message is about (password_reset, ...).' }),
    createdAt: timestampSchema,
  })
  .meta({ id: 'LocalMail' });
