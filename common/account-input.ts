// The inputs of registration and sign-in (zod), shared by the Worker and the auth forms. Key order in the
// registration schema is the order of the spec's checks, so the first issue reported is the one the spec shows first.
import * as z from './zod.ts';
import { MESSAGES } from './account.ts';
import { NAME_MAX_LENGTH, NAME_OR_EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import { hasAllowedNameCharacters, normalizeName } from './names.ts';
import { REGISTRABLE_ROLES } from './roles.ts';

/** A member's name as typed: refused with a clear message when it carries forbidden characters, else stored NFKC. */
export const memberName = z
  .string({ error: MESSAGES.nameRequired })
  .refine(hasAllowedNameCharacters, MESSAGES.nameCharacters)
  .transform(normalizeName)
  .pipe(z.string().min(1, MESSAGES.nameRequired).max(NAME_MAX_LENGTH, MESSAGES.nameTooLong));

/** A new password, at registration and at reset (the server also refuses the most common ones). */
export const newPassword = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong);

export const registerInput = z.object({
  name: memberName,
  ageConfirmation: z.literal(true, { error: MESSAGES.ageRequired }),
  recaptchaToken: z.string({ error: MESSAGES.captchaRequired }).min(1, MESSAGES.captchaRequired).max(8192),
  role: z.enum(REGISTRABLE_ROLES, { error: MESSAGES.roleInvalid }),
  password: newPassword,
});

/** Sign-in: `name` holds the member's name or their confirmed e-mail address. */
export const loginInput = z.object({
  name: z
    .string()
    .transform(normalizeName)
    .pipe(z.string().min(1, MESSAGES.badCredentials).max(NAME_OR_EMAIL_MAX_LENGTH, MESSAGES.badCredentials)),
  password: z.string().min(1, MESSAGES.badCredentials).max(PASSWORD_MAX_LENGTH, MESSAGES.badCredentials),
});
