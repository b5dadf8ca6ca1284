// Geocoding and IP geolocation, for the address editor and the map. Every procedure needs a signed-in member and the
// costly ones are rate limited per member, so provider keys stay on the server and a script cannot run up the bill.
import * as z from '../../common/zod.ts';
import { geocodeSearchInput, ipAddress, pointInput } from '../../common/geo-input.ts';
import { addressSuggestionSchema, locationResultSchema } from '../../common/geo-output.ts';
import { geocoder } from '../providers/geocoding.ts';
import { locateFromCloudflare, locateWithMaxMind } from '../providers/ip-location.ts';
import { router, signedInProcedure } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limit.ts';

export const geoRouter = router({
  /** At most 5 address suggestions for a query of 3 characters or more. */
  search: signedInProcedure
    .input(geocodeSearchInput)
    .output(z.array(addressSuggestionSchema))
    .query(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.MAPS_LIMITER, `geocode:${ctx.user.id}`);
      return geocoder(ctx.config, ctx.db, ctx.env.ASSETS).search(input.query);
    }),

  /** The address at a point (after the pin is dragged), or null. */
  reverse: signedInProcedure
    .input(pointInput)
    .output(z.nullable(addressSuggestionSchema))
    .query(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.MAPS_LIMITER, `geocode:${ctx.user.id}`);
      return geocoder(ctx.config, ctx.db, ctx.env.ASSETS).reverse(input);
    }),

  /** GET /api/geolocation/maxmind: the caller, from Cloudflare's own lookup. */
  locate: signedInProcedure
    .output(locationResultSchema)
    .query(({ ctx }) => locateFromCloudflare(ctx.request, ctx.request.headers.get('CF-Connecting-IP'))),

  /** GET /api/geolocation/maxmind/{ip}: any public address, through MaxMind GeoIP2. */
  locateIp: signedInProcedure
    .input(z.object({ ip: ipAddress }))
    .output(locationResultSchema)
    .query(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.GEOLOCATION_LIMITER, `ip-lookup:${ctx.user.id}`);
      return locateWithMaxMind(ctx.config, input.ip);
    }),
});
