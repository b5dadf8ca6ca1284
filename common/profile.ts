// Member profiles, shared by the Worker and the web app: the public profile and its lists as the API answers
// them, the spec's messages, the role-dependent texts of the profile and the editor, and who may see what. The
// server decides visibility; the web app uses the same rules only to lay out tabs. No zod here, so the profile
// screen does not load it: the inputs are in profile-input.ts.
import { NAME_MAX_LENGTH } from './limits.ts';
import { formatCount } from './count.ts';
import type { Role } from './roles.ts';

export const ABOUT_MAX_LENGTH = 2000;
export const HANDLE_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
/** Lists answer newest first, this many at a time; the next page is asked for with the cursor. */
export const PROFILE_PAGE_SIZE = 50;

export const PROFILE_TEXTS = {
  userNotFound: 'User not found',
  pleaseLogIn: 'Please log in to view your profile.',
  /** Someone else's profile (/profile/{slug}, /spa/{slug}) for a signed-out visitor, with Sign in and Create account. */
  pleaseLogInOther: 'Please log in to view this profile.',
  spaNameRequired: 'Spa name is required',
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
  aboutRequired: 'About description is required',
  aboutTooLong: `Please keep the description under ${formatCount(ABOUT_MAX_LENGTH)} characters.`,
  emailInvalid: 'Valid email is required',
  /** One account per address: a password reset link goes to the account that holds it, and to no other. */
  emailTaken: 'This email is already used by another account.',
  phoneInvalid: 'Please enter a valid phone number, for example 0917 123 4567 or +63 917 123 4567.',
  handleTooLong: `Handles can be at most ${HANDLE_MAX_LENGTH} characters.`,
  hoursOnlyForSpas: 'Only spa management accounts have opening hours.',
  redFlagsHidden: 'Red flags are visible to the member, spa management, therapists and admins only.',
  saveFailedTitle: 'Error',
  saveFailed: 'Failed to update profile.',
  noAddress: 'Address not available. Please update your profile in Edit Profile.',
  noContact: 'No contact information available.',
  unknownField: (keys: string[]) =>
    `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}. These cannot be changed here.`,
} as const;

/** The seven messaging handles, in the order the Contact tab shows them. */
export const CONTACT_HANDLES = [
  { key: 'viberHandle', label: 'Viber' },
  { key: 'messengerHandle', label: 'Messenger' },
  { key: 'telegramHandle', label: 'Telegram' },
  { key: 'whatsappHandle', label: 'WhatsApp' },
  { key: 'instagramHandle', label: 'Instagram' },
  { key: 'tiktokHandle', label: 'TikTok' },
  { key: 'facebookHandle', label: 'Facebook' },
] as const;
export type HandleKey = (typeof CONTACT_HANDLES)[number]['key'];
export type ContactHandles = Record<HandleKey, string | null>;

/** How a request names a profile: by id, by slug, or the signed-in member's own. */
export type ProfileRef = { userId: number } | { slug: string } | { me: true };

/**
 * Labels, headings and placeholders that follow the member's role (spec, "Profile: /profile and /profile/{userSlug}"
 * and "/edit-profile").
 */
export interface RoleTexts {
  /** The first tab of the profile (Spa / Therapist / About) */
  aboutTab: string;
  /** The first tab of the editor (Spa / Services / Profile) */
  editorTab: string;
  aboutHeading: string;
  aboutPlaceholder: string;
  nameLabel: string;
  nameRequired: string;
}

export function roleTexts(role: Role): RoleTexts {
  switch (role) {
    case 'spa_management':
      return {
        aboutTab: 'Spa',
        editorTab: 'Spa',
        aboutHeading: 'About Our Spa',
        aboutPlaceholder:
          'Describe your spa: your services, your therapists, the ambience and what makes a visit special.',
        nameLabel: 'Spa name',
        nameRequired: PROFILE_TEXTS.spaNameRequired,
      };
    case 'therapist':
      return {
        aboutTab: 'Therapist',
        editorTab: 'Services',
        aboutHeading: 'About My Services',
        aboutPlaceholder:
          'Describe your services: the massages you offer, your experience and where clients can book you.',
        nameLabel: 'Name',
        nameRequired: PROFILE_TEXTS.nameRequired,
      };
    default:
      return {
        aboutTab: 'About',
        editorTab: 'Profile',
        aboutHeading: 'About Me',
        aboutPlaceholder: 'Tell the community a little about yourself and the treatments you enjoy.',
        nameLabel: 'Name',
        nameRequired: PROFILE_TEXTS.nameRequired,
      };
  }
}

/** The role-aware "name required" check, shared by the editor and the procedure. */
export function nameIssue(role: Role, name: string | undefined): string | null {
  if (name === undefined) return null;
  return name.trim() === '' ? roleTexts(role).nameRequired : null;
}

/** Who sees a member's red flags (counts and lists): the member, spa management, therapists and admins. */
export function canSeeRedFlags(viewer: { id: number; role: Role }, targetId: number): boolean {
  return viewer.id === targetId || viewer.role !== 'client';
}

/**
 * Who sees a member's contact details (phone, handles; the Contact tab): everyone on spa and therapist profiles,
 * whose contact details are the point of the profile; on a client's, the client, spa management, therapists and
 * admins, never another client (spec, Profile: rows 2 and 3 hidden when a client views a client).
 */
export function canSeeContact(viewer: { id: number; role: Role }, target: { id: number; role: Role }): boolean {
  return target.role !== 'client' || viewer.id === target.id || viewer.role !== 'client';
}

/** What a profile shows beyond its card, by whose it is: one rule for the screen and for the page's first answers. */
export interface ProfileSections {
  /** A spa's or therapist's lineup (the About tab). */
  lineup: boolean;
  /** The Save button's favourites lists, on someone else's spa or therapist. */
  saveLists: boolean;
  /** The medals a spa has awarded (the About tab). */
  medalsAwarded: boolean;
}

export function profileSections(viewerId: number, profile: { id: number; role: Role }): ProfileSections {
  const listed = profile.role === 'spa_management' || profile.role === 'therapist';
  return {
    lineup: listed,
    saveLists: listed && profile.id !== viewerId,
    medalsAwarded: profile.role === 'spa_management',
  };
}

// ---------------------------------------------------------------------------------------------------------
// Answers: their schemas and the types inferred from them are in profile-output.ts.

export type {
  Giver,
  GivenRecord,
  MemberLink,
  ProfileStats,
  PublicProfile,
  ReceivedRecord,
  Review,
  ReviewReply,
} from './profile-output.ts';
export type { Page } from './page.ts';
