// The answers of the password reset procedures as zod schemas: the procedures declare them as their output, and
// the OpenAPI document is generated from them.
import * as z from './zod.ts';

/** What an accepted reset request and a reset password answer: the text to show. */
export const passwordResetAnswerSchema = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'PasswordResetAnswer' });

/** GET /api/verify-reset-token answers `{ valid, expired }` (spec, "Entities and their fields"). */
export const resetTokenCheckSchema = z
  .object({
    valid: z.boolean(),
    expired: z.boolean().meta({
      description: 'Unused, but its hour is over. A used, replaced or unknown token is neither valid nor expired.',
    }),
  })
  .meta({ id: 'ResetTokenCheck' });
