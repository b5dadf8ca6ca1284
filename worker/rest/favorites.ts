// REST paths of favourites lists, under /api/favorites. Path parameters are numbers; the procedures validate them.
import { createListInput, saveInput } from '../../common/favorites.ts';
import {
  favoriteListChoiceSchema,
  favoriteListDeletedSchema,
  favoriteListRenamedSchema,
  favoriteListSchema,
  favoriteRemovedSchema,
  favoriteSavedSchema,
} from '../../common/favorites-output.ts';
import * as z from '../../common/zod.ts';
import { withPathParameters } from './adapter.ts';
import type { RestDomain } from './openapi.ts';
import { idParameter } from './parameters.ts';
import { jsonRoute } from './route.ts';

const byList = z.object({ listId: idParameter('The list') });
const byTarget = z.object({ targetUserId: idParameter('The saved member') });

export const favoritesRoutes: RestDomain = {
  tag: 'Favourites',
  description: 'The member’s lists of saved spas and therapists.',
  routes: [
    jsonRoute({
      method: 'get',
      path: '/favorites',
      summary: 'The member’s lists with their members',
      access: 'member',
      answer: z.array(favoriteListSchema),
      call: (caller) => caller.favorites.lists(),
    }),
    jsonRoute({
      method: 'post',
      path: '/favorites',
      summary: 'Save a spa or therapist (to the default list unless `listId` is given)',
      access: 'member',
      body: saveInput,
      errors: [404, 409],
      answer: favoriteSavedSchema,
      call: (caller, { body }) => caller.favorites.save(body),
    }),
    jsonRoute({
      method: 'get',
      path: '/favorites/saved/{targetUserId}',
      summary: 'The member’s lists, each saying whether it holds this member',
      access: 'member',
      params: byTarget,
      answer: z.array(favoriteListChoiceSchema),
      call: (caller, { params }) => caller.favorites.saved({ targetUserId: Number(params.targetUserId) }),
    }),
    jsonRoute({
      method: 'post',
      path: '/favorites/lists',
      summary: 'Create a list',
      access: 'member',
      body: createListInput,
      errors: [409],
      answer: favoriteListSchema,
      call: (caller, { body }) => caller.favorites.createList(body),
    }),
    jsonRoute({
      method: 'patch',
      path: '/favorites/lists/{listId}',
      summary: 'Rename a list',
      access: 'member',
      params: byList,
      body: createListInput,
      errors: [404, 409],
      answer: favoriteListRenamedSchema,
      call: (caller, { params, body }) =>
        caller.favorites.renameList(withPathParameters(body, { listId: Number(params.listId) })),
    }),
    jsonRoute({
      method: 'delete',
      path: '/favorites/lists/{listId}',
      summary: 'Delete a list',
      access: 'member',
      params: byList,
      errors: [404, 409],
      answer: favoriteListDeletedSchema,
      call: (caller, { params }) => caller.favorites.deleteList({ listId: Number(params.listId) }),
    }),
    jsonRoute({
      method: 'post',
      path: '/favorites/lists/{listId}/members',
      summary: 'Save a spa or therapist to this list',
      access: 'member',
      params: byList,
      body: saveInput.omit({ listId: true }),
      errors: [404, 409],
      answer: favoriteSavedSchema,
      call: (caller, { params, body }) =>
        caller.favorites.save(withPathParameters(body, { listId: Number(params.listId) })),
    }),
    jsonRoute({
      method: 'delete',
      path: '/favorites/lists/{listId}/members/{targetUserId}',
      summary: 'Take a member off a list',
      access: 'member',
      params: byList.extend(byTarget.shape),
      errors: [404],
      answer: favoriteRemovedSchema,
      call: (caller, { params }) =>
        caller.favorites.remove({ listId: Number(params.listId), targetUserId: Number(params.targetUserId) }),
    }),
  ],
};
