// REST paths of member profiles (spec, "The calls it makes", "Transactions: /transactions/:userId/:type" and
// "Write review: /write-review/{userSlug}"): thin adapters over the profiles and ai procedures. Lists answer the
// spec's array; when more than a page exists, the answer's `Link: <...?cursor=...>; rel="next"` (and X-Next-Cursor)
// leads to the next page. A renamed member's old slug answers 301 to the current one. The upload path's larger body
// limit is set with the others, in worker/security.ts.
import { currentUserSchema } from '../../common/account-output.ts';
import { aiAssistProfileInput, aiAssistReviewInput } from '../../common/ai-assist.ts';
import { aiAssistAnswerSchema } from '../../common/ai-assist-output.ts';
import { updateProfileInput } from '../../common/profile-input.ts';
import {
  giverSchema,
  givenRecordSchema,
  profilePictureSchema,
  profileStatsSchema,
  publicProfileSchema,
  receivedCountSchema,
  receivedRecordSchema,
  reviewSchema,
} from '../../common/profile-output.ts';
import type { Page, ProfileRef } from '../../common/profile.ts';
import * as z from '../../common/zod.ts';
import { arrayPage, RestRedirect, type RawInputCaller, type RestCall } from './adapter.ts';
import type { RestDomain } from './openapi.ts';
import { byMemberId, cursorQuery, member } from './parameters.ts';
import { jsonRoute, type RestRoute } from './route.ts';

type ListProcedure<Item> = (input: { target: ProfileRef; cursor: string | null }) => Promise<Page<Item>>;

/** A member's list, a page at a time, as the spec's array. */
function listRoute<Item extends z.ZodType>(
  path: string,
  summary: string,
  item: Item,
  procedure: (caller: RawInputCaller) => ListProcedure<z.input<Item>>,
  errors: RestRoute['errors'] = [404],
): RestRoute {
  const call: RestCall<z.input<Item>[]> = async (caller, request) =>
    arrayPage(
      await procedure(caller)({ target: member(request.params.id), cursor: request.query.get('cursor') }),
      'cursor',
      request,
    );
  return jsonRoute({
    method: 'get',
    path,
    summary,
    access: 'member',
    params: byMemberId,
    query: cursorQuery,
    errors,
    answer: z.array(item),
    paging: 'cursor',
    call,
  });
}

export const profileRoutes: RestDomain = {
  tag: 'Profiles',
  description:
    'Member profiles, their counts and lists, editing one’s own, the profile picture, and the AI writing help. A banned member is 404 to everyone but admins; lists are newest first, 50 at a time.',
  routes: [
    jsonRoute({
      method: 'get',
      path: '/profile/by-slug/{slug}',
      summary: 'A member’s public profile by slug',
      access: 'member',
      params: z.object({ slug: z.string().meta({ example: 'serenity-spa' }) }),
      errors: [404],
      answer: publicProfileSchema,
      redirect: { status: 301, description: 'A renamed member’s old slug: the current one.' },
      call: async (caller, { params }) => {
        const profile = await caller.profiles.profile({ slug: params.slug ?? '' });
        return profile.slug === params.slug
          ? profile
          : new RestRedirect(`/api/profile/by-slug/${encodeURIComponent(profile.slug)}`);
      },
    }),
    jsonRoute({
      method: 'get',
      path: '/users/{id}/profile',
      summary: 'A member’s public profile by id',
      access: 'member',
      params: byMemberId,
      errors: [404],
      answer: publicProfileSchema,
      call: (caller, { params }) => caller.profiles.profile(member(params.id)),
    }),
    jsonRoute({
      method: 'get',
      path: '/users/{id}/profile-stats',
      summary: 'A member’s counts and first lists',
      access: 'member',
      params: byMemberId,
      errors: [404],
      answer: profileStatsSchema,
      call: (caller, { params }) => caller.profiles.stats(member(params.id)),
    }),
    jsonRoute({
      method: 'get',
      path: '/users/{id}/star-stats',
      summary: 'Stars a member received',
      access: 'member',
      params: byMemberId,
      errors: [404],
      answer: receivedCountSchema,
      call: (caller, { params }) => caller.profiles.starStats(member(params.id)),
    }),
    jsonRoute({
      method: 'get',
      path: '/users/{id}/flower-stats',
      summary: 'Flowers a member received',
      access: 'member',
      params: byMemberId,
      errors: [404],
      answer: receivedCountSchema,
      call: (caller, { params }) => caller.profiles.flowerStats(member(params.id)),
    }),
    listRoute(
      '/users/{id}/flower-givers',
      'Who gave a member flowers',
      giverSchema,
      (caller) => caller.profiles.flowerGivers,
    ),
    listRoute(
      '/users/{id}/star-givers',
      'Who gave a member stars',
      giverSchema,
      (caller) => caller.profiles.starGivers,
    ),
    listRoute('/reviews-made-by/{id}', 'Reviews a member wrote', reviewSchema, (caller) => caller.profiles.reviewsMade),
    listRoute(
      '/user-reviews/{id}',
      'Reviews a member received',
      reviewSchema,
      (caller) => caller.profiles.reviewsReceived,
    ),
    listRoute('/stars-given-by/{id}', 'Stars a member gave', givenRecordSchema, (caller) => caller.profiles.starsGiven),
    listRoute(
      '/flowers-given-by/{id}',
      'Flowers a member gave',
      givenRecordSchema,
      (caller) => caller.profiles.flowersGiven,
    ),
    listRoute('/medals/{id}', 'Medals a member received', receivedRecordSchema, (caller) => caller.profiles.medals),
    listRoute(
      '/red-flags/{id}',
      'Red flags a member received (403 to viewers who may not see them)',
      receivedRecordSchema,
      (caller) => caller.profiles.redFlags,
      [403, 404],
    ),
    jsonRoute({
      method: 'patch',
      path: '/profile',
      summary: 'Edit the member’s own profile',
      description:
        'Unknown fields are 400; a name another member holds is 409. A new `email` answers as `pendingEmail` until confirmed; a new address or a removal needs `currentPassword`.',
      access: 'member',
      body: updateProfileInput,
      errors: [401, 409, 429],
      answer: currentUserSchema,
      call: (caller, { body }) => caller.profiles.update(body),
    }),
    jsonRoute({
      method: 'post',
      path: '/profile/upload-pic',
      summary: 'Upload the profile picture',
      description:
        'JPEG, PNG or WebP by their bytes, at most 10 MB and 4096 x 4096 pixels; re-encoded as a JPEG inside 400x400 with a 200x200 thumbnail.',
      access: 'member',
      form: z.object({ profilePic: z.string().meta({ format: 'binary', description: 'The photo.' }) }),
      errors: [429],
      answer: profilePictureSchema,
      call: (caller, { body }) => caller.profiles.uploadPicture(body),
    }),
    jsonRoute({
      method: 'post',
      path: '/ai-assist-profile',
      summary: 'Suggestions for the “About me” text',
      description: '400 without a complete sentence; 429 after 20 a day.',
      access: 'member',
      body: aiAssistProfileInput,
      errors: [429, 502],
      answer: aiAssistAnswerSchema,
      call: (caller, { body }) => caller.ai.assistProfile(body),
    }),
    jsonRoute({
      method: 'post',
      path: '/ai-assist-review',
      summary: 'Suggestions for a review’s text',
      access: 'member',
      body: aiAssistReviewInput,
      errors: [429, 502],
      answer: aiAssistAnswerSchema,
      call: (caller, { body }) => caller.ai.assistReview(body),
    }),
  ],
};
