// Member names: what a name may contain and its stored form, shared by the registration form and the server.
// A name is normalised to NFKC (a full-width "Ｔala" is stored as "Tala") with its spaces collapsed, and may not
// contain control, format (zero-width, bidirectional overrides), private-use, unassigned, invisible or blank or
// line/paragraph separator characters, nor piles of combining marks. Names are unique ignoring case (`nameKey`) and by their
// confusable skeleton (name-skeleton.ts, server side only: its table is large).

export const NAME_CHARACTERS_MESSAGE = 'Names may use letters, numbers, spaces and punctuation only.';

// Besides the categories: characters that show as nothing (default-ignorable: the Hangul fillers count as
// letters) and blank-looking symbols (the Braille blank), with which "Tala⠀Admin" would pass for "Tala Admin".
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\u2800]/u;
const STACKED_MARKS = /\p{M}{3,}/u;

/** The stored form of a name: NFKC, trimmed, runs of spaces collapsed to one. */
export function normalizeName(name: string): string {
  return name.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/** The letter an avatar shows for a member without a picture: the name's first character, in capitals. */
export function initialOf(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '?';
}

/** True when the (raw) name has no character a name may not contain. */
export function hasAllowedNameCharacters(name: string): boolean {
  // Whitespace other than the space is checked before collapsing: a newline or tab is a control character.
  return !FORBIDDEN.test(name) && !STACKED_MARKS.test(name.normalize('NFD'));
}

/** Case-insensitive uniqueness key. */
export function nameKey(name: string): string {
  return normalizeName(name).toLowerCase();
}
