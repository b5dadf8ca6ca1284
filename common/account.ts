// The account's texts and the current-user shape, shared by the worker and the web app. No zod here: the web app's
// first bundle reads these; the registration and sign-in inputs are in account-input.ts.
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './limits.ts';
import { NAME_CHARACTERS_MESSAGE } from './names.ts';

/**
 * Set in a browser once someone signs in on it: its Get Started then offers sign-in rather than registration. A
 * cookie rather than local storage, so that the Worker sends the landing page's returning variant and the link is
 * right before any script runs.
 */
export const RETURNING_VISITOR_COOKIE = 'returning';

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
  malformedText: 'The text sent is not valid Unicode.',
  tooManyRequests: 'Too many attempts. Please wait a minute and try again.',
  authFailed: 'Authentication failed',
  serviceUnavailable: 'This service is not available right now. Please try again later.',
} as const;

/** The sign-in form's Name field takes the e-mail address too; its label stays the spec's Name. */
export const SIGN_IN_NAME_HINT = 'Name or e-mail address';

/** The auth form's failure toasts (spec: "Login failed: destructive toast titled Login failed"). */
export const AUTH_TOASTS = { loginFailed: 'Login failed', registrationFailed: 'Registration failed' } as const;

/** The registration captchas the Worker can be configured with (worker/providers/captcha.ts). */
export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'recaptcha'] as const;
export type CaptchaProviderName = (typeof CAPTCHA_PROVIDERS)[number];

// Answers: their schemas and the types inferred from them are in account-output.ts.
export type { CurrentUser } from './account-output.ts';
