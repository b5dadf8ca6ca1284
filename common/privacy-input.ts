// The inputs of the privacy procedures (zod), shared by the Worker and the delete-account form; the texts stay in
// privacy.ts, which the web app's first bundle reads.
import * as z from './zod.ts';
import { PASSWORD_MAX_LENGTH } from './limits.ts';
import { PRIVACY_TEXTS } from './privacy.ts';

/** A session by its public id (never its secret). */
export const sessionIdInput = z.object({
  id: z.string().min(1, PRIVACY_TEXTS.sessionNotFound).max(64, PRIVACY_TEXTS.sessionNotFound),
});

/** The token of a link mailed to the member, with the page's own words for a missing or malformed one. */
const linkToken = (missing: string, invalid: string) =>
  z.object({ token: z.string({ error: missing }).min(1, missing).max(128, invalid) });

/** POST /api/confirm-email: the token from the link. */
export const confirmEmailInput = linkToken(PRIVACY_TEXTS.confirmLinkMissing, PRIVACY_TEXTS.confirmLinkInvalid);

/** POST /api/undo-email-change: the token from the link in the notice to the old address. */
export const undoEmailChangeInput = linkToken(PRIVACY_TEXTS.undoLinkMissing, PRIVACY_TEXTS.undoLinkInvalid);

/** DELETE /api/user: the member's password, asked again. */
export const deleteAccountInput = z.object({
  password: z
    .string({ error: PRIVACY_TEXTS.passwordRequired })
    .min(1, PRIVACY_TEXTS.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, PRIVACY_TEXTS.wrongPassword),
});
