// The answers of favourites lists as zod schemas: the procedures declare them as their output (so every answer is
// checked), the OpenAPI document is generated from them, and the types are inferred from them (common/favorites.ts
// re-exports the types only).
import { roleSchema, timestampSchema } from './profile-output.ts';
import * as z from './zod.ts';

/** A spa or therapist saved to a list. */
export const favoriteMemberSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    role: roleSchema,
    profilePic: z.nullable(z.string()),
    profilePicThumbnail: z.nullable(z.string()),
    savedAt: timestampSchema,
  })
  .meta({ id: 'FavoriteMember' });

/** One of the member's lists with what is in it, newest saves first (a banned member is left out). */
export const favoriteListSchema = z
  .object({
    id: z.int(),
    name: z.string(),
    isDefault: z.boolean().meta({ description: 'The default list ("Favorites"): it can be renamed, not deleted.' }),
    createdAt: timestampSchema,
    members: z.array(favoriteMemberSchema),
  })
  .meta({ id: 'FavoriteList' });

/** One of the member's lists for the save button: its size, and whether it holds the member asked about. */
export const favoriteListChoiceSchema = z
  .object({ id: z.int(), name: z.string(), isDefault: z.boolean(), size: z.int(), saved: z.boolean() })
  .meta({ id: 'FavoriteListChoice' });

/** Saved (or already there): the list it is in. */
export const favoriteSavedSchema = z.object({ listId: z.int(), saved: z.literal(true) }).meta({ id: 'FavoriteSaved' });

export const favoriteListRenamedSchema = z
  .object({ id: z.int(), name: z.string(), isDefault: z.boolean() })
  .meta({ id: 'FavoriteListRenamed' });

export const favoriteListDeletedSchema = z.object({ deleted: z.literal(true) }).meta({ id: 'FavoriteListDeleted' });

export const favoriteRemovedSchema = z
  .object({ removed: z.boolean().meta({ description: 'false when the member was not in the list.' }) })
  .meta({ id: 'FavoriteRemoved' });

export type FavoriteList = z.infer<typeof favoriteListSchema>;
