// Account payloads (registration, login) and the current-user shape, shared by the worker and the web app.
// Key order in the registration schema is the order of the spec's checks, so the first issue reported is
// the one the spec shows first.
import { z } from 'zod';
import { REGISTRABLE_ROLES, ROLES } from './roles.ts';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';

export const MESSAGES = {
  nameRequired: 'Name is required.',
  ageRequired: 'You must confirm that you are 21 years or older.',
  captchaRequired: 'Please complete the reCAPTCHA verification.',
  captchaInvalid: 'The verification expired or was already used. Please complete it again.',
  roleInvalid: 'Please choose Client, Therapist or Spa Management.',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
  nameTaken: 'That name is already taken. Please choose another.',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordCommon: 'This password is too common. Please choose a less common one.',
  badCredentials: 'Invalid name or password.',
  banned: 'This account has been banned.',
  notSignedIn: 'Not signed in.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  authFailed: 'Authentication failed',
} as const;

export const registerInput = z.object({
  name: z
    .string({ error: MESSAGES.nameRequired })
    .trim()
    .min(1, MESSAGES.nameRequired)
    .max(NAME_MAX_LENGTH, MESSAGES.nameTooLong),
  ageConfirmation: z.literal(true, { error: MESSAGES.ageRequired }),
  recaptchaToken: z.string({ error: MESSAGES.captchaRequired }).min(1, MESSAGES.captchaRequired).max(8192),
  role: z.enum(REGISTRABLE_ROLES, { error: MESSAGES.roleInvalid }),
  password: z
    .string({ error: MESSAGES.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, MESSAGES.passwordTooLong),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const loginInput = z.object({
  name: z.string().trim().min(1, MESSAGES.badCredentials).max(NAME_MAX_LENGTH, MESSAGES.badCredentials),
  password: z.string().min(1, MESSAGES.badCredentials).max(PASSWORD_MAX_LENGTH, MESSAGES.badCredentials),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The current user as the spec lists it (part 1 section 3). Email is present only for its owner. */
export const currentUser = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  role: z.enum(ROLES),
  profilePic: z.string().nullable(),
  isPremium: z.boolean(),
  memberNumber: z.number(),
  aboutMe: z.string().nullable(),
  email: z.string().nullable(),
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
});
export type CurrentUser = z.infer<typeof currentUser>;
