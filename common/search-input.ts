// POST /api/search-users and the search.members procedure (zod): the term by search.ts's rule, and the page.
import * as z from './zod.ts';
import { normalizeSearchTerm, SEARCH_TEXTS, searchTermError } from './search.ts';

export const memberSearchInput = z.object({
  /** The spec's payload carries `field: "all"`; names are what is searched either way. */
  field: z.literal('all').optional(),
  term: z
    .string({ error: SEARCH_TEXTS.termRequired })
    .transform(normalizeSearchTerm)
    .superRefine((term, context) => {
      const error = searchTermError(term);
      if (error) context.addIssue({ code: 'custom', message: error });
    }),
  /** The page to answer (1 first); `cursor` is the same for the web app's infinite list. */
  page: z.coerce.number().int().min(1).max(500).default(1),
  cursor: z.coerce.number().int().min(1).max(500).nullish(),
});
