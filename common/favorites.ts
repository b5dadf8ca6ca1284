// Favourites lists (spec, "What the product does and for whom": members save spas and therapists to named lists):
// the inputs, the limits and the texts, shared by the Worker and the web app. Every member has a default list,
// "Favorites", created the first time it is needed; more lists have names of their own.
import * as z from './zod.ts';
import { hasAllowedNameCharacters, normalizeName } from './names.ts';
import type { Role } from './roles.ts';

export const DEFAULT_FAVORITE_LIST_NAME = 'Favorites';
export const FAVORITE_LIST_NAME_MAX_LENGTH = 60;
export const FAVORITE_LISTS_MAX = 20;
export const FAVORITE_LIST_ITEMS_MAX = 200;

/** Only spas (spa_management accounts) and therapists can be saved. */
export const SAVEABLE_ROLES: readonly Role[] = ['spa_management', 'therapist'];

export const FAVORITES_TEXTS = {
  nameRequired: 'Please enter a name for the list.',
  nameTooLong: `List names can be at most ${FAVORITE_LIST_NAME_MAX_LENGTH} characters.`,
  nameCharacters: 'List names may use letters, numbers, spaces and punctuation only.',
  nameTaken: 'You already have a list with that name.',
  tooManyLists: `You can have at most ${FAVORITE_LISTS_MAX} lists. Delete one first.`,
  listFull: `A list can hold at most ${FAVORITE_LIST_ITEMS_MAX} spas and therapists. Remove some first.`,
  listNotFound: 'List not found.',
  memberNotFound: 'Member not found.',
  notSaveable: 'Only spas and therapists can be saved to a list.',
  saveSelf: 'You cannot save yourself.',
  defaultListKept: 'Your default list cannot be deleted. You can rename it or remove what is in it.',
} as const;

const id = z
  .number({ error: 'Invalid id.' })
  .int('Invalid id.')
  .positive('Invalid id.')
  .max(Number.MAX_SAFE_INTEGER, 'Invalid id.');

export const favoriteListName = z
  .string({ error: FAVORITES_TEXTS.nameRequired })
  .max(FAVORITE_LIST_NAME_MAX_LENGTH * 4, FAVORITES_TEXTS.nameTooLong)
  .refine(hasAllowedNameCharacters, FAVORITES_TEXTS.nameCharacters)
  .transform(normalizeName)
  .pipe(
    z.string().min(1, FAVORITES_TEXTS.nameRequired).max(FAVORITE_LIST_NAME_MAX_LENGTH, FAVORITES_TEXTS.nameTooLong),
  );

export const createListInput = z.object({ name: favoriteListName });
export const renameListInput = z.object({ listId: id, name: favoriteListName });
export const listInput = z.object({ listId: id });
export const targetInput = z.object({ targetUserId: id });
/** Without a list, the member's default list (created when missing). */
export const saveInput = z.object({ targetUserId: id, listId: id.optional() });
export const removeInput = z.object({ listId: id, targetUserId: id });

// Answers: their schemas and the types inferred from them are in favorites-output.ts.
export type { FavoriteList } from './favorites-output.ts';
