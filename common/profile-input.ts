// The inputs of the profile procedures (zod), shared by the Worker and the profile editor: PATCH /api/profile
// with the spec's messages, and how a read names its member and page.
import * as z from './zod.ts';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from './limits.ts';
import { hasAllowedNameCharacters, NAME_CHARACTERS_MESSAGE, normalizeName } from './names.ts';
import { weeklyHoursSchema } from './opening-hours-schema.ts';
import { toE164 } from './phone.ts';
import { normalizeEmail, PRIVACY_TEXTS } from './privacy.ts';
import {
  ABOUT_MAX_LENGTH,
  CONTACT_HANDLES,
  EMAIL_MAX_LENGTH,
  HANDLE_MAX_LENGTH,
  PROFILE_TEXTS,
  type HandleKey,
  type ProfileRef,
} from './profile.ts';

/** Text fields: trimmed, and an empty text means "none" (stored as null). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .transform((value) => value || null);

const emailField = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, PROFILE_TEXTS.emailInvalid)
  .nullable()
  .refine((value) => !value || z.email().safeParse(value).success, PROFILE_TEXTS.emailInvalid)
  .transform(normalizeEmail);

const phoneField = z
  .string()
  .trim()
  .max(40, PROFILE_TEXTS.phoneInvalid)
  .nullable()
  .transform((value, context) => {
    if (!value) return null;
    const e164 = toE164(value);
    if (!e164) context.addIssue({ code: 'custom', message: PROFILE_TEXTS.phoneInvalid });
    return e164 ?? z.NEVER;
  });

const handleFields = Object.fromEntries(
  CONTACT_HANDLES.map(({ key }) => [key, optionalText(HANDLE_MAX_LENGTH, PROFILE_TEXTS.handleTooLong).optional()]),
) as Record<HandleKey, z.ZodOptional<ReturnType<typeof optionalText>>>;

/**
 * PATCH /api/profile: the first tab's name and aboutMe (with opening hours for spa management), or the contact
 * fields, or both, and `currentPassword` beside an `email` that changes or removes the address
 * (emailChangeAsksPassword). Fields left out are not changed. Anything else (role, premium, member number, ban state,
 * slug, an id) is refused with 400, never ignored. The name's "required" message depends on the role, so the
 * procedure checks an empty name (see `nameIssue`).
 */
export const updateProfileInput = z.strictObject(
  {
    // The same character rules as registration (NFKC, no control or format characters); an empty name is
    // refused by the procedure with the role's own message.
    name: z
      .string()
      .refine(hasAllowedNameCharacters, NAME_CHARACTERS_MESSAGE)
      .transform(normalizeName)
      .pipe(z.string().max(NAME_MAX_LENGTH, PROFILE_TEXTS.nameTooLong))
      .optional(),
    aboutMe: z
      .string()
      .trim()
      .min(1, PROFILE_TEXTS.aboutRequired)
      .max(ABOUT_MAX_LENGTH, PROFILE_TEXTS.aboutTooLong)
      .optional(),
    openingHours: weeklyHoursSchema.nullable().optional(),
    email: emailField.optional(),
    currentPassword: z
      .string()
      .min(1, PRIVACY_TEXTS.passwordRequired)
      .max(PASSWORD_MAX_LENGTH, PRIVACY_TEXTS.wrongPassword)
      .optional(),
    phoneNumber: phoneField.optional(),
    ...handleFields,
  },
  {
    error: (issue) => (issue.code === 'unrecognized_keys' ? PROFILE_TEXTS.unknownField(issue.keys) : undefined),
  },
);
export type UpdateProfileInput = z.input<typeof updateProfileInput>;

/** How a request names a profile: by id, by slug, or the signed-in member's own. */
export const profileRefInput: z.ZodType<ProfileRef> = z.union([
  z.object({ userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
  z.object({ slug: z.string().trim().min(1).max(120) }),
  z.object({ me: z.literal(true) }),
]);

export const profileListInput = z.object({
  target: profileRefInput,
  cursor: z.string().max(64).nullish(),
});
