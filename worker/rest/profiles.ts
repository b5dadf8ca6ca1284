// REST paths of member profiles (spec, "The calls it makes", "Transactions: /transactions/:userId/:type" and
// "Write review: /write-review/{userSlug}"): thin adapters over the profiles and ai procedures. Lists answer the
// spec's array; when more than a page exists, the answer's `Link: <...?cursor=...>; rel="next"` (and X-Next-Cursor)
// leads to the next page. A renamed member's old slug answers 301 to the current one. The upload path's larger body
// limit is set with the others, in worker/security.ts.
import { Hono } from 'hono';
import { PROFILE_TEXTS, type Page, type ProfileRef } from '../../common/profile.ts';
import { arrayPage, RestRedirect, rest, type Caller, type HonoEnv } from './adapter.ts';
import { notFound } from '../errors.ts';

/** A member id from the path; anything that is not one names nobody. */
function member(id: string | undefined): ProfileRef {
  if (!id || !/^[1-9][0-9]{0,15}$/.test(id)) throw notFound(PROFILE_TEXTS.userNotFound);
  return { userId: Number(id) };
}

type ListProcedure<T> = (input: { target: ProfileRef; cursor?: string | null }) => Promise<Page<T>>;

function list<T>(procedure: (caller: Caller) => ListProcedure<T>) {
  return rest(async (caller, request) => {
    const page = await procedure(caller)({ target: member(request.params.id), cursor: request.query.get('cursor') });
    return arrayPage(page, 'cursor', request);
  });
}

export const profileRoutes = new Hono<HonoEnv>()
  .get(
    '/profile/by-slug/:slug',
    rest(async (caller, { params }) => {
      const profile = await caller.profiles.profile({ slug: params.slug ?? '' });
      return profile.slug === params.slug
        ? profile
        : new RestRedirect(`/api/profile/by-slug/${encodeURIComponent(profile.slug)}`);
    }),
  )
  .get(
    '/users/:id/profile',
    rest((caller, { params }) => caller.profiles.profile(member(params.id))),
  )
  .get(
    '/users/:id/profile-stats',
    rest((caller, { params }) => caller.profiles.stats(member(params.id))),
  )
  .get(
    '/users/:id/star-stats',
    rest((caller, { params }) => caller.profiles.starStats(member(params.id))),
  )
  .get(
    '/users/:id/flower-stats',
    rest((caller, { params }) => caller.profiles.flowerStats(member(params.id))),
  )
  .get(
    '/users/:id/flower-givers',
    list((caller) => caller.profiles.flowerGivers),
  )
  .get(
    '/users/:id/star-givers',
    list((caller) => caller.profiles.starGivers),
  )
  .get(
    '/reviews-made-by/:id',
    list((caller) => caller.profiles.reviewsMade),
  )
  .get(
    '/user-reviews/:id',
    list((caller) => caller.profiles.reviewsReceived),
  )
  .get(
    '/stars-given-by/:id',
    list((caller) => caller.profiles.starsGiven),
  )
  .get(
    '/flowers-given-by/:id',
    list((caller) => caller.profiles.flowersGiven),
  )
  .get(
    '/medals/:id',
    list((caller) => caller.profiles.medals),
  )
  .get(
    '/red-flags/:id',
    list((caller) => caller.profiles.redFlags),
  )
  .patch(
    '/profile',
    rest((caller, { body }) => caller.profiles.update(body as never)),
  )
  .post(
    '/profile/upload-pic',
    rest((caller, { body }) => caller.profiles.uploadPicture(body as FormData), { multipart: true }),
  )
  .post(
    '/ai-assist-profile',
    rest((caller, { body }) => caller.ai.assistProfile(body as never)),
  )
  .post(
    '/ai-assist-review',
    rest((caller, { body }) => caller.ai.assistReview(body as never)),
  );
