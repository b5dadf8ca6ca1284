// The signed-in home's chrome (its header, with the member's name and picture, and the bottom bar of the member's
// role) around the first frame the Worker draws into the page (ADR 023), so that the whole screen paints before any
// script, not the markers alone. The build renders the home screen itself for a stand-in member of each role
// (web/prerender.tsx), once with an initial and once with a picture, and the Worker puts in the member's own name,
// initial or picture. The stand-ins are private-use characters, which no name holds (common/names.ts refuses
// them) and which React writes as they are.
import { escapeHtml } from './html.ts';
import { initialOf } from './names.ts';
import { ROLES, type Role } from './roles.ts';

/** Where the build writes the chrome, under the web build's root. */
export const SCREEN_CHROME_FILE = '/prerendered/chrome.json';

/** The member the build renders the chrome for: these stand-ins show where the member's own go. */
export const CHROME_STAND_IN = { name: '\uE000\uE001', picture: '/\uE002' } as const;

/** The home's markup for each role: with the initial of a member without a picture, and with a picture. */
export type ScreenChrome = Record<Role, { initial: string; picture: string }>;

/** Whether a parsed chrome file holds markup for every role (an old or broken build's file is not used). */
export function isScreenChrome(value: unknown): value is ScreenChrome {
  return (
    typeof value === 'object' &&
    value !== null &&
    ROLES.every((role) => {
      const entry = (value as Record<string, unknown>)[role] as Record<string, unknown> | undefined;
      return typeof entry?.initial === 'string' && typeof entry.picture === 'string';
    })
  );
}

/** The home's chrome for this member: the stand-ins replaced with the member's name, initial or picture, escaped. */
export function chromeFor(
  chrome: ScreenChrome,
  member: { name: string; role: Role; profilePic: string | null },
): string {
  const { initial, picture } = chrome[member.role];
  const withPicture = member.profilePic
    ? picture.replaceAll(CHROME_STAND_IN.picture, () => escapeHtml(member.profilePic!))
    : initial;
  return withPicture
    .replaceAll(CHROME_STAND_IN.name, () => escapeHtml(member.name))
    .replaceAll(initialOf(CHROME_STAND_IN.name), () => escapeHtml(initialOf(member.name)));
}

/**
 * Where the build writes the profile screen in its loading state (its header, skeletons and the bottom bar), for each
 * role: the Worker draws it into a profile's page (common/screen-plans.ts, `loading`), so that the screen's outline
 * paints from the HTML, before any script, and the app's first render replaces it with the profile.
 */
export const PROFILE_LOADING_FILE = '/prerendered/profile-loading.json';

/** A screen's markup for each role. */
export type RoleMarkup = Record<Role, string>;

/** Whether a parsed file holds markup for every role. */
export function isRoleMarkup(value: unknown): value is RoleMarkup {
  return (
    typeof value === 'object' &&
    value !== null &&
    ROLES.every((role) => typeof (value as Record<string, unknown>)[role] === 'string')
  );
}
