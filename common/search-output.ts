// The answer of Find Members (POST /api/search-users) as zod schemas: the procedure declares it as its output, the
// OpenAPI document is generated from it, and the types the screen uses are inferred from it (common/search.ts
// re-exports the types only, so the search screen does not load zod).
import { licensedFields } from './licence-badge-output.ts';
import { pageSchema } from './page-output.ts';
import { roleSchema } from './profile-output.ts';
import * as z from './zod.ts';

/** A search result: public fields only, never the email or anything private. */
export const memberSearchResultSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    role: roleSchema,
    memberNumber: z.int(),
    profilePicThumbnail: z.nullable(z.string()),
    ...licensedFields,
  })
  .meta({ id: 'MemberSearchResult', description: 'A member found by name: public fields only.' });

export const memberSearchPageSchema = pageSchema(memberSearchResultSchema).meta({
  id: 'MemberSearchPage',
  description: 'One page of results; `nextCursor` is the next page number, null on the last page.',
});

export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;
export type MemberSearchPage = z.infer<typeof memberSearchPageSchema>;
