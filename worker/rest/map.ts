// REST paths of the map, geolocation and address (spec part 1 section 7, issues 7 and 9), over the same procedures.
import { Hono } from 'hono';
import { rest, type HonoEnv } from './adapter.ts';

export const mapRoutes = new Hono<HonoEnv>()
  .get('/users', rest((caller, { query }) => caller.map.users({ role: query.get('role') as never })))
  .get('/geolocation/maxmind', rest((caller) => caller.geo.locate()))
  .get('/geolocation/maxmind/:ip', rest((caller, { params }) => caller.geo.locateIp({ ip: params.ip! })))
  .patch('/profile/address', rest((caller, { body }) => caller.address.update(body as never)));
