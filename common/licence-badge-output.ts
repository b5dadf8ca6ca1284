// The "Licensed" badge's data as zod schemas, apart from licences-output.ts so that the member payloads that carry
// it (common/profile-output.ts, map-output.ts, search-output.ts) import it without a cycle through profile-output.
import { LICENCE_KINDS } from './licences.ts';
import * as z from './zod.ts';

export const licenceKindSchema = z.enum(LICENCE_KINDS).meta({ id: 'LicenceKind' });
export const daySchema = z.string().meta({ format: 'date', description: 'YYYY-MM-DD (Asia/Manila).' });

/**
 * The "Licensed" badge's data where a member is shown (public profile, map listing, member search): the approved,
 * unexpired licence that expires last, or null.
 */
export const licenceBadgeSchema = z
  .object({ kind: licenceKindSchema, expiresOn: daySchema })
  .meta({ id: 'LicenceBadge', description: 'The approved, unexpired licence that expires last; null without one.' });

/** The two badge fields every member payload that shows the badge spreads in. */
export const licensedFields = {
  licensed: z.boolean().meta({ description: 'An approved licence whose last valid day has not passed (Asia/Manila).' }),
  licence: z.nullable(licenceBadgeSchema),
};

export type LicenceBadge = z.infer<typeof licenceBadgeSchema>;
