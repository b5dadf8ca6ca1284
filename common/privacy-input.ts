// The inputs of the privacy procedures (zod), shared by the Worker and the delete-account form; the texts stay in
// privacy.ts, which the web app's first bundle reads.
import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './limits.ts';
import { PRIVACY_TEXTS } from './privacy.ts';

/** A session by its public id (never its secret). */
export const sessionIdInput = z.object({ id: z.string().min(1, PRIVACY_TEXTS.sessionNotFound).max(64, PRIVACY_TEXTS.sessionNotFound) });

/** POST /api/confirm-email: the token from the link. */
export const confirmEmailInput = z.object({
  token: z.string({ error: PRIVACY_TEXTS.confirmLinkMissing }).min(1, PRIVACY_TEXTS.confirmLinkMissing).max(128, PRIVACY_TEXTS.confirmLinkInvalid),
});

/** DELETE /api/user: the member's password, asked again. */
export const deleteAccountInput = z.object({
  password: z.string({ error: PRIVACY_TEXTS.passwordRequired }).min(1, PRIVACY_TEXTS.passwordRequired).max(PASSWORD_MAX_LENGTH, PRIVACY_TEXTS.wrongPassword),
});
