// Account payloads (registration, login) and the current-user shape, shared by the worker and the web app.
// Key order in the registration schema is the order of the spec's checks, so the first issue reported is
// the one the spec shows first.
import { z } from 'zod';
import { REGISTRABLE_ROLES, ROLES } from './roles.ts';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import { hasAllowedNameCharacters, NAME_CHARACTERS_MESSAGE, normalizeName } from './names.ts';
import { weeklyHoursSchema } from './opening-hours.ts';

export const MESSAGES = {
  nameRequired: 'Name is required.',
  ageRequired: 'You must confirm that you are 21 years or older.',
  captchaRequired: 'Please complete the reCAPTCHA verification.',
  captchaInvalid: 'The verification expired or was already used. Please complete it again.',
  roleInvalid: 'Please choose Client, Therapist or Spa Management.',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
  nameTaken: 'That name is already taken. Please choose another.',
  nameCharacters: NAME_CHARACTERS_MESSAGE,
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordCommon: 'This password is too common. Please choose a less common one.',
  badCredentials: 'Invalid name or password.',
  banned: 'This account has been banned.',
  notSignedIn: 'Not signed in.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  authFailed: 'Authentication failed',
  serviceUnavailable: 'This service is not available right now. Please try again later.',
} as const;

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
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  name: z.string().transform(normalizeName).pipe(z.string().min(1, MESSAGES.badCredentials).max(NAME_MAX_LENGTH, MESSAGES.badCredentials)),
  password: z.string().min(1, MESSAGES.badCredentials).max(PASSWORD_MAX_LENGTH, MESSAGES.badCredentials),
});
export type LoginInput = z.infer<typeof loginInput>;

/**
 * The current user as the spec lists it (part 1 section 3), plus the thumbnail and, for spa management, the
 * weekly opening hours the editor shows. Email is present only for its owner.
 */
export const currentUser = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  role: z.enum(ROLES),
  profilePic: z.string().nullable(),
  profilePicThumbnail: z.string().nullable(),
  isPremium: z.boolean(),
  memberNumber: z.number(),
  aboutMe: z.string().nullable(),
  email: z.string().nullable(),
  /** A new e-mail address waiting for its confirmation link (only its owner sees it). */
  pendingEmail: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  latitude: z.string().nullable(),
  longitude: z.string().nullable(),
  viberHandle: z.string().nullable(),
  messengerHandle: z.string().nullable(),
  telegramHandle: z.string().nullable(),
  whatsappHandle: z.string().nullable(),
  instagramHandle: z.string().nullable(),
  tiktokHandle: z.string().nullable(),
  facebookHandle: z.string().nullable(),
  openingHours: weeklyHoursSchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUser>;
