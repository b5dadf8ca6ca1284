// REST paths of the map, geolocation and address (spec, "The calls it makes"), over the same procedures.
import { Hono } from 'hono';
import { readConfig } from '../env.ts';
import { publicCacheControl } from '../response-cache.ts';
import { cachedAnswer, listingCache } from '../services/edge-cache.ts';
import { rest, type HonoEnv } from './adapter.ts';

const listing = rest((caller, { query }) => caller.map.users({ role: query.get('role') as never }));

export const mapRoutes = new Hono<HonoEnv>()
  // The spa listing from the edge cache is answered with the stored JSON (the procedure's own answer, as for the
  // boards); a miss, or another role, goes through the procedure.
  .get('/users', async (c, next) => {
    const cache = listingCache(c.req.query('role'), readConfig(c.env));
    if (cache) {
      const hit = await cachedAnswer(cache.scope, cache.listing, publicCacheControl(cache.ttlSeconds));
      if (hit !== null) return hit;
    }
    return listing(c, next);
  })
  .get(
    '/geolocation/maxmind',
    rest((caller) => caller.geo.locate()),
  )
  .get(
    '/geolocation/maxmind/:ip',
    rest((caller, { params }) => caller.geo.locateIp({ ip: params.ip! })),
  )
  .patch(
    '/profile/address',
    rest((caller, { body }) => caller.address.update(body as never)),
  );
