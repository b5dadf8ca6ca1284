// Find Members (spec, "Find Members page"): the texts of the page, the page size and the rule for a term that
// the browser and POST /api/search-users both check (the payload is search-input.ts). A term of fewer
// than SEARCH_INSIDE_MIN_LENGTH characters matches the start of names only (the index finds parts of names from
// three characters, ADR 015).

export const MEMBER_SEARCH_PAGE_SIZE = 20;
export const MEMBER_SEARCH_TERM_MAX = 60;
export const SEARCH_INSIDE_MIN_LENGTH = 3;

export const SEARCH_TEXTS = {
  title: 'Find Members',
  label: 'Member name',
  placeholder: 'Search by name...',
  button: 'Search',
  prompt: 'Enter a name to find members.',
  empty: 'No members found',
  emptyHint: 'Try another spelling or part of the name.',
  termRequired: 'Please enter a name to search for.',
  termTooLong: `Please keep the name under ${MEMBER_SEARCH_TERM_MAX} characters.`,
  failed: 'Search failed',
  more: 'Show more',
} as const;

/**
 * A term as it is searched: names hold no control or format characters (common/names.ts), so none of them can
 * match, and a NUL would end the full-text query early; runs of them and of spaces become one space.
 */
export function normalizeSearchTerm(term: string): string {
  return term
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ')
    .trim();
}

/** Why a normalized term cannot be searched (the screen says it at the box, the server answers 400), or null. */
export function searchTermError(term: string): string | null {
  if (term.length === 0) return SEARCH_TEXTS.termRequired;
  if (term.length > MEMBER_SEARCH_TERM_MAX) return SEARCH_TEXTS.termTooLong;
  return null;
}

// Answers: their schemas and the types inferred from them are in search-output.ts.
export type { MemberSearchPage, MemberSearchResult } from './search-output.ts';
