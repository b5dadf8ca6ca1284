// Password reset (spec, "Forgot password: /forgot-password" and "Reset password: /reset-password?token=..."),
// shared by the web app and the Worker: the inputs, the texts of every view and error, and the token's lifetime.
// The new password follows the registration rules (8 characters: docs/architecture.md, "Beyond the spec"), and
// the server also refuses common passwords.
import * as z from './zod.ts';
import { newPassword } from './account-input.ts';
import { NAME_OR_EMAIL_MAX_LENGTH } from './limits.ts';

/** A reset link works for one hour (spec, "Business constants and limits"). */
export const RESET_TOKEN_LIFETIME_MS = 60 * 60_000;
/** Tokens are 256 random bits in base64url: 43 characters. Anything longer is not a token. */
export const RESET_TOKEN_MAX_LENGTH = 128;

export const RESET_TEXTS = {
  nameOrEmailRequired: 'Please enter your username or email address',
  nameOrEmailTooLong: `Please enter at most ${NAME_OR_EMAIL_MAX_LENGTH} characters.`,
  /** The one answer to every accepted request: it never says whether an account matched. */
  requestAccepted:
    'If an account with that name or email address has an email address on file, a password reset link is on its way. Please check your email.',
  requestFailed: 'Failed to send password reset email. Please try again.',
  fieldsRequired: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  tokenRequired: 'Invalid reset token',
  linkExpired: 'This password reset link has expired.',
  linkInvalid: 'This password reset link is invalid or has already been used.',
  resetFailed: 'Failed to reset password. Please try again.',
  resetDone: 'Your password has been reset. Please sign in with your new password.',
} as const;

export const forgotPasswordInput = z.object({
  nameOrEmail: z
    .string({ error: RESET_TEXTS.nameOrEmailRequired })
    .trim()
    .min(1, RESET_TEXTS.nameOrEmailRequired)
    .max(NAME_OR_EMAIL_MAX_LENGTH, RESET_TEXTS.nameOrEmailTooLong),
});

const resetToken = z
  .string({ error: RESET_TEXTS.tokenRequired })
  .min(1, RESET_TEXTS.tokenRequired)
  .max(RESET_TOKEN_MAX_LENGTH, RESET_TEXTS.tokenRequired);

export const verifyResetTokenInput = z.object({ token: resetToken });

export const resetPasswordInput = z.object({ token: resetToken, newPassword });

// Answers: their schemas are in password-reset-output.ts.
