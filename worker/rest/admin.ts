// REST paths of the admin dashboard and member search (spec, "The calls it makes"; docs/rest.md lists them), and of the
// moderation queue and audit log (beyond the spec). Each only calls the same tRPC procedure through rest().
import { Hono } from 'hono';
import { arrayPage, rest, type HonoEnv } from './adapter.ts';

export const adminRoutes = new Hono<HonoEnv>()
  // Spa Management
  // Every signed-in member reads the listings (their public fields); admins read the dashboard's.
  .get(
    '/spas',
    rest((caller) => caller.spas.list()),
  )
  .post(
    '/spas',
    rest((caller, { body }) => caller.admin.createSpa(body as never)),
  )
  .patch(
    '/spas/:id',
    rest((caller, { params, body }) => caller.admin.updateSpa({ ...(body as object), id: params.id } as never)),
  )
  .delete(
    '/spas/:id',
    rest((caller, { params }) => caller.admin.deleteSpa({ id: params.id } as never)),
  )
  .post(
    '/spas/:id/upload-image',
    rest(
      (caller, { params, body }) => {
        // The procedure takes one form; the spa is the one the address names, whatever the form says.
        (body as FormData).set('id', params.id ?? '');
        return caller.admin.uploadSpaImage(body as FormData);
      },
      { multipart: true },
    ),
  )
  // Users, bans and the chatbot flag
  .get(
    '/admin/stats',
    rest((caller) => caller.admin.stats()),
  )
  .get(
    '/admin/users',
    rest((caller) => caller.admin.users()),
  )
  .post(
    '/admin/search-users',
    rest((caller, { body }) => caller.admin.searchUsers(body as never)),
  )
  .post(
    '/admin/ban-user/:id',
    rest((caller, { params }) => caller.admin.banUser({ userId: params.id } as never)),
  )
  .post(
    '/admin/unban-user/:id',
    rest((caller, { params }) => caller.admin.unbanUser({ userId: params.id } as never)),
  )
  .patch(
    '/admin/chatbot/:userId',
    rest((caller, { params, body }) =>
      caller.admin.setChatBot({ ...(body as object), userId: params.userId } as never),
    ),
  )
  // The spec answers the users; the next page is named as search-users names it, the counts in headers.
  .get(
    '/admin/chatbots',
    rest(async (caller, request) => {
      const answer = await caller.admin.chatbots({ page: request.query.get('page') ?? undefined } as never);
      request.headers.set('X-Total-Count', String(answer.total));
      request.headers.set('X-Active-Chatbots', String(answer.activeCount));
      return arrayPage(answer, 'page', request);
    }),
  )
  .get(
    '/admin/analytics',
    rest((caller) => caller.admin.analytics()),
  )
  // Moderation and the audit log
  .get(
    '/admin/reports',
    rest((caller, { query }) => caller.admin.moderationQueue({ state: query.get('state') ?? undefined } as never)),
  )
  .post(
    '/admin/reports/:kind/:id',
    rest((caller, { params, body }) =>
      caller.admin.resolveReport({ ...(body as object), kind: params.kind, id: params.id } as never),
    ),
  )
  .get(
    '/admin/audit-log',
    rest(async (caller, request) =>
      arrayPage(
        await caller.admin.auditLog({ cursor: request.query.get('cursor') ?? undefined } as never),
        'cursor',
        request,
      ),
    ),
  )
  // Members
  .post(
    '/reviews/:reviewId/report',
    rest((caller, { params, body }) =>
      caller.reviews.report({ ...(body as object), reviewId: params.reviewId } as never),
    ),
  )
  // The spec answers a user array; the next page, when there is one, is named by the X-Next-Page header.
  .post(
    '/search-users',
    rest(async (caller, request) => {
      return arrayPage(await caller.search.members(request.body as never), 'page', request);
    }),
  );
