// The answers of the account procedures as zod schemas: the procedures declare them as their output, the OpenAPI
// document is generated from them, and the types are inferred from them (common/account.ts re-exports the types
// only, so the web app's first bundle does not load zod).
import { CAPTCHA_PROVIDERS } from './account.ts';
import { publicProfileSchema } from './profile-output.ts';
import * as z from './zod.ts';

const profile = publicProfileSchema.shape;

/**
 * The current user as the spec lists it ("Entities and their fields"): the member's own profile fields, plus the
 * thumbnail and, for spa management, the weekly opening hours the editor shows, and what only its owner sees (the
 * e-mail address and one waiting for its confirmation link).
 */
export const currentUserSchema = z
  .object({
    id: profile.id,
    name: profile.name,
    slug: profile.slug,
    role: profile.role,
    profilePic: profile.profilePic,
    profilePicThumbnail: profile.profilePicThumbnail,
    isPremium: profile.isPremium,
    memberNumber: z.int(),
    aboutMe: profile.aboutMe,
    phoneNumber: z.nullable(z.string()).meta({ description: 'E.164.' }),
    openingHours: profile.openingHours,
    viberHandle: profile.viberHandle,
    messengerHandle: profile.messengerHandle,
    telegramHandle: profile.telegramHandle,
    whatsappHandle: profile.whatsappHandle,
    instagramHandle: profile.instagramHandle,
    tiktokHandle: profile.tiktokHandle,
    facebookHandle: profile.facebookHandle,
    email: z.nullable(z.string()),
    pendingEmail: z
      .nullable(z.string())
      .meta({ description: 'A new address waiting for its confirmation link, while that link still works.' }),
    address: z.nullable(z.string()),
    latitude: z.nullable(z.string()),
    longitude: z.nullable(z.string()),
  })
  .meta({ id: 'CurrentUser' });

/** Which registration captcha the widget shows, and its public key (Turnstile, reCAPTCHA; ALTCHA needs none). */
export const captchaConfigSchema = z
  .object({ provider: z.enum(CAPTCHA_PROVIDERS), siteKey: z.nullable(z.string()) })
  .meta({ id: 'CaptchaConfig' });

/** `{ success: true }`: done, nothing more to say. */
export const successSchema = z.object({ success: z.literal(true) });

export type CurrentUser = z.infer<typeof currentUserSchema>;
