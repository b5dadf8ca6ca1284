// REST paths of the map, geolocation and address (spec, "The calls it makes"), over the same procedures.
import { currentUserSchema } from '../../common/account-output.ts';
import { addressInput, ipAddress } from '../../common/geo-input.ts';
import { locationResultSchema } from '../../common/geo-output.ts';
import { spaListingEntrySchema } from '../../common/map-output.ts';
import * as z from '../../common/zod.ts';
import { readConfig } from '../env.ts';
import { publicCacheControl } from '../response-cache.ts';
import { userListingInput } from '../routers/map.ts';
import { cachedAnswer, listingCache } from '../services/edge-cache.ts';
import type { RestDomain } from './openapi.ts';
import { jsonRoute } from './route.ts';

export const mapRoutes: RestDomain = {
  tag: 'Map',
  description: 'The map’s spas, the caller’s location and the member’s own address.',
  routes: [
    jsonRoute({
      method: 'get',
      path: '/users',
      summary: 'The map’s listing of members of a role',
      description:
        'spa_management is public and edge-cached; other roles are for admins only. `averageRating` is out of 5 (null without reviews), `isOpen` null without hours.',
      access: 'anyone',
      query: userListingInput,
      errors: [401, 403],
      answer: z.array(spaListingEntrySchema),
      // The spa listing from the edge cache is answered with the stored JSON (the procedure's own answer, as for the
      // boards); a miss, or another role, goes through the procedure.
      fromCache: async (c) => {
        const cache = listingCache(c.req.query('role'), readConfig(c.env));
        return cache ? cachedAnswer(cache.scope, cache.listing, publicCacheControl(cache.ttlSeconds)) : null;
      },
      call: (caller, { query }) => caller.map.users({ role: query.get('role') ?? undefined }),
    }),
    jsonRoute({
      method: 'get',
      path: '/geolocation/maxmind',
      summary: 'The caller’s location from Cloudflare’s lookup',
      description: 'Else the Manila fallback, with `error`.',
      access: 'member',
      errors: [429],
      answer: locationResultSchema,
      call: (caller) => caller.geo.locate(),
    }),
    jsonRoute({
      method: 'get',
      path: '/geolocation/maxmind/{ip}',
      summary: 'The location of an IPv4 or IPv6 address (MaxMind)',
      access: 'member',
      params: z.object({ ip: ipAddress.meta({ example: '203.0.113.7' }) }),
      errors: [429, 502],
      answer: locationResultSchema,
      call: (caller, { params }) => caller.geo.locateIp({ ip: params.ip }),
    }),
    jsonRoute({
      method: 'patch',
      path: '/profile/address',
      summary: 'Set the member’s address and position',
      description:
        'Address required; latitude 4.5–21.5 and longitude 116–127, as numbers or decimal strings such as "14.5649". Answers the member.',
      access: 'member',
      body: addressInput,
      errors: [429],
      answer: currentUserSchema,
      call: (caller, { body }) => caller.address.update(body),
    }),
  ],
};
