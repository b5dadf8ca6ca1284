// The map: how the browser draws it, the spa listing (GET /api/users?role=spa_management) with
// computed ratings and opening state, and directions. The listing is public business information, like the
// leaderboards (docs/architecture.md, "Caching"): it needs no session, costs one database round trip, and is kept in the
// edge cache until a write that changes a spa purges it (purgeSpaListing, ADR 006). Listing members of any
// other role is for admins only: client and therapist lists are private.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import * as z from '../../common/zod.ts';
import { MESSAGES } from '../../common/account.ts';
import { directionsInput } from '../../common/geo-input.ts';
import { PUBLIC_LISTING_ROLE, type MapClientConfig, type SpaListingEntry } from '../../common/map.ts';
import { mapClientConfigSchema, routeSummarySchema, spaListingEntrySchema } from '../../common/map-output.ts';
import { isOpenNow } from '../../common/opening-hours-schema.ts';
import { ROLES, type Role } from '../../common/roles.ts';
import { manilaDay } from '../../common/time.ts';
import { users } from '../../db/schema.ts';
import type { Database } from '../db.ts';
import { directionsProvider } from '../providers/directions.ts';
import { cachedJson, spaListingCache } from '../services/edge-cache.ts';
import { licenceBadgeJson, licensedFieldsOf } from '../services/licensed.ts';
import { spaAverageRating, spaReviewCount } from '../services/spa-rating.ts';
import { isPremiumMember } from '../services/users.ts';
import { publicProcedure, router, signedInProcedure } from '../trpc.ts';
import { enforceRateLimit } from '../rate-limit.ts';
import { notBanned } from '../services/member-sql.ts';
import { forbidden, notFound, unauthorized } from '../errors.ts';

/** GET /api/users?role=...: members of that role (spa_management for everyone, other roles for admins). */
export const userListingInput = z.object({
  role: z.enum(ROLES, { error: `role must be one of ${ROLES.join(', ')}.` }),
});

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
/** The listed member's id inside the badge's subquery (the listing's one table, named in full). */
const LISTED_USER_ID = sql.raw('"users"."id"');

/** A listing entry as SQLite's JSON writes it: the premium flag as 0 or 1, and the stored hours. */
type ListedRow = Omit<SpaListingEntry, 'isPremium' | 'isOpen' | 'licensed'> & {
  isPremium: 0 | 1;
  premiumUntil: number | null;
  openingHours: string | null;
};

/**
 * Members of a role with coordinates (others cannot be placed on a map), by id, one round trip. SQLite writes the whole
 * listing as one JSON text, parsed once: as rows, the libSQL client and Drizzle made an object per row and copied
 * each column into it twice, about two thirds of the Worker's CPU for a 1,000-spa listing.
 */
export async function listMembersOnMap(db: Database, role: Role, now = Date.now()): Promise<SpaListingEntry[]> {
  const [answer] = await db.all<{ listing: string }>(sql`
    select json_group_array(json_object(
      'id', ${users.id}, 'name', ${users.name}, 'slug', ${users.slug}, 'latitude', ${users.latitude}, 'longitude', ${users.longitude},
      'address', ${users.address}, 'profilePic', ${users.profilePic}, 'profilePicThumbnail', ${users.profilePicThumbnail},
      'phone', ${users.phoneNumber}, 'averageRating', ${spaAverageRating(users.id)}, 'reviewCount', ${spaReviewCount(users.id)},
      'isPremium', ${users.isPremium}, 'premiumUntil', ${users.premiumUntil}, 'openingHours', ${users.openingHours},
      'licence', json(${licenceBadgeJson(LISTED_USER_ID, manilaDay(now))})
    )) as listing
    from ${users}
    where ${and(eq(users.role, role), notBanned(), isNotNull(users.latitude), isNotNull(users.longitude))}`);
  // By id, sorted here: sqld (Turso) refuses an ORDER BY inside an aggregate.
  const rows = (JSON.parse(answer?.listing ?? '[]') as ListedRow[]).sort((a, b) => a.id - b.id);
  return rows.map(({ openingHours, isPremium, premiumUntil, licence, ...row }) => ({
    ...row,
    isPremium: isPremiumMember({ isPremium: isPremium === 1, premiumUntil }, now),
    latitude: round6(row.latitude),
    longitude: round6(row.longitude),
    isOpen: isOpenNow(openingHours, now),
    ...licensedFieldsOf(licence),
  }));
}

export function mapClientConfig(config: MapConfigSource): MapClientConfig {
  const publicToken =
    config.MAPBOX_PUBLIC_TOKEN ?? (config.MAPBOX_TOKEN?.startsWith('pk.') ? config.MAPBOX_TOKEN : undefined) ?? null;
  const mapbox = Boolean(config.MAPBOX_TOKEN && publicToken);
  return {
    library: mapbox ? 'mapbox' : 'maplibre',
    accessToken: mapbox ? publicToken : null,
    styleUrl: mapbox ? 'mapbox://styles/mapbox/streets-v12' : config.MAP_STYLE_URL || null,
    directions: config.MAPBOX_TOKEN ? 'mapbox' : 'estimate',
    geocoding: config.MAPBOX_TOKEN ? 'mapbox' : 'gazetteer',
  };
}
type MapConfigSource = { MAPBOX_TOKEN?: string; MAPBOX_PUBLIC_TOKEN?: string; MAP_STYLE_URL: string };

export const mapRouter = router({
  config: publicProcedure.output(mapClientConfigSchema).query(({ ctx }) => mapClientConfig(ctx.config)),

  /** GET /api/users?role=...: spa_management for anyone; other roles for admins only. */
  users: publicProcedure
    .input(userListingInput)
    .output(z.array(spaListingEntrySchema))
    .query(async ({ ctx, input }) => {
      if (input.role !== PUBLIC_LISTING_ROLE) {
        const validated = await ctx.session();
        if (!validated) throw unauthorized(MESSAGES.notSignedIn);
        if (validated.user.role !== 'admin') {
          throw forbidden('Only admins may list members of that role.');
        }
        return listMembersOnMap(ctx.db, input.role);
      }
      const cache = spaListingCache(ctx.config);
      if (!cache) return listMembersOnMap(ctx.db, PUBLIC_LISTING_ROLE);
      ctx.answerIsPublic(cache.ttlSeconds);
      return cachedJson(cache.scope, cache.listing, cache.ttlSeconds, () =>
        listMembersOnMap(ctx.db, PUBLIC_LISTING_ROLE),
      );
    }),

  /** A driving route (Mapbox Directions) or the labelled straight-line estimate. */
  directions: signedInProcedure
    .input(directionsInput)
    .output(routeSummarySchema)
    .query(async ({ ctx, input }) => {
      await enforceRateLimit(ctx, ctx.env.MAPS_LIMITER, `directions:${ctx.user.id}`);
      const route = await directionsProvider(ctx.config).route(input.from, input.to, input.destinationName);
      if (!route) throw notFound('No driving route was found to this spa.');
      return route;
    }),
});
