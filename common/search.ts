// Find Members (spec part 2 section 2; issue 10 section 6): the texts of the page, the page size and the input
// the browser and POST /api/search-users both check. A term of fewer than SEARCH_INSIDE_MIN_LENGTH characters
// matches the start of names only (the index finds parts of names from three characters, ADR 015).
import { z } from 'zod';
import type { Page } from './page.ts';
import type { Role } from './roles.ts';

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
  failed: 'Search failed',
  more: 'Show more',
} as const;

export const memberSearchInput = z.object({
  /** The spec's payload carries `field: "all"`; names are what is searched either way. */
  field: z.literal('all').optional(),
  term: z
    .string({ error: SEARCH_TEXTS.termRequired })
    // Names hold no control or format characters (common/names.ts), so none of them can match; a NUL would end
    // the full-text query early.
    .transform((term) => term.normalize('NFKC').replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ').trim())
    .pipe(z.string().min(1, SEARCH_TEXTS.termRequired).max(MEMBER_SEARCH_TERM_MAX, `Please keep the name under ${MEMBER_SEARCH_TERM_MAX} characters.`)),
  /** The page to answer (1 first); `cursor` is the same for the web app's infinite list. */
  page: z.coerce.number().int().min(1).max(500).default(1),
  cursor: z.coerce.number().int().min(1).max(500).nullish(),
});

/** A search result: public fields only, never the email or anything private. */
export interface MemberSearchResult {
  id: number;
  name: string;
  slug: string;
  role: Role;
  memberNumber: number;
  profilePicThumbnail: string | null;
}

export type MemberSearchPage = Page<MemberSearchResult>;
