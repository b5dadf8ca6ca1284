// REST paths of favourites lists, under /api/favorites. Path parameters are numbers; the procedures validate them.
import { Hono } from 'hono';
import { rest, type HonoEnv } from './adapter.ts';

const body = (value: unknown) =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

export const favoritesRoutes = new Hono<HonoEnv>()
  .get(
    '/favorites',
    rest((caller) => caller.favorites.lists()),
  )
  .post(
    '/favorites',
    rest((caller, request) => caller.favorites.save(request.body as never)),
  )
  .get(
    '/favorites/saved/:targetUserId',
    rest((caller, { params }) => caller.favorites.saved({ targetUserId: Number(params.targetUserId) })),
  )
  .post(
    '/favorites/lists',
    rest((caller, request) => caller.favorites.createList(request.body as never)),
  )
  .patch(
    '/favorites/lists/:listId',
    rest((caller, request) =>
      caller.favorites.renameList({ ...body(request.body), listId: Number(request.params.listId) } as never),
    ),
  )
  .delete(
    '/favorites/lists/:listId',
    rest((caller, { params }) => caller.favorites.deleteList({ listId: Number(params.listId) })),
  )
  .post(
    '/favorites/lists/:listId/members',
    rest((caller, request) =>
      caller.favorites.save({ ...body(request.body), listId: Number(request.params.listId) } as never),
    ),
  )
  .delete(
    '/favorites/lists/:listId/members/:targetUserId',
    rest((caller, { params }) =>
      caller.favorites.remove({ listId: Number(params.listId), targetUserId: Number(params.targetUserId) }),
    ),
  );
