// Spa listings as read back (spec, "Entities and their fields": Spa): the listing with its linked spa management
// member's rating, review count and opening state, computed by the same subqueries as the map
// (worker/services/spa-rating.ts). Admins read every field; other signed-in members read the spec's public fields and
// the linked member, which names the recipient of a star given at the listing (POST /api/stars takes both). Writes
// turn the fields sent into columns here too.
import { eq, sql, type SQL } from 'drizzle-orm';
import { ADMIN_TEXTS, type AdminSpa, type Spa } from '../../common/admin.ts';
import { type WeeklyHours } from '../../common/opening-hours.ts';
import { isOpenNow, parseOpeningHours } from '../../common/opening-hours-schema.ts';
import { users } from '../../db/schema.ts';
import type { Database } from '../db.ts';
import { badRequest, notFound } from '../errors.ts';
import { spaAverageRating, spaReviewCount } from './spa-rating.ts';

/**
 * Spa listings with the linked member's rating and opening state: the one computation the map uses. By name
 * unless `order` says otherwise (the top rated: the ranking rating of spa-rating.ts, and a limit).
 */
export function spaRowsQuery(db: Database, where?: SQL, order?: { by: SQL; limit: number }) {
  return db.all<
    Omit<AdminSpa, 'amenities' | 'openingHours' | 'isOpen' | 'owner'> & {
      /** JSON list. */
      amenities: string;
      /** JSON weekly hours: the listing's own, and the ones that decide Open/Closed. */
      ownHours: string | null;
      hours: string | null;
      ownerId: number | null;
      ownerName: string | null;
      ownerSlug: string | null;
      ownerBanned: number | null;
    }
  >(sql`
    select s.id, s.name, s.address, s.latitude, s.longitude, s.description, s.phone, s.website, s.amenities,
      s.image_url as imageUrl, s.opening_hours as ownHours, coalesce(o.opening_hours, s.opening_hours) as hours,
      ${spaAverageRating(sql`s.owner_user_id`)} as averageRating, ${spaReviewCount(sql`s.owner_user_id`)} as reviewCount,
      o.id as ownerId, o.name as ownerName, o.slug as ownerSlug, o.is_banned as ownerBanned
    from spas as s left join users as o on o.id = s.owner_user_id
    ${where ? sql`where ${where}` : sql``}
    ${order ? sql`order by ${order.by} limit ${order.limit}` : sql`order by s.name collate nocase, s.id`}`);
}

type SpaRow = Awaited<ReturnType<typeof spaRowsQuery>>[number];

export function toAdminSpa(row: SpaRow, now = Date.now()): AdminSpa {
  return {
    id: Number(row.id),
    name: row.name,
    address: row.address,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    description: row.description,
    phone: row.phone,
    website: row.website,
    amenities: JSON.parse(row.amenities) as string[],
    imageUrl: row.imageUrl,
    averageRating: row.averageRating === null ? null : Number(row.averageRating),
    reviewCount: Number(row.reviewCount),
    openingHours: parseOpeningHours(row.ownHours),
    isOpen: isOpenNow(row.hours, now) === true,
    owner: row.ownerId === null ? null : { id: Number(row.ownerId), name: row.ownerName!, slug: row.ownerSlug! },
  };
}

/**
 * What every signed-in member may read of a listing: all but the hours as the admin entered them, and the linked
 * member only while not banned (a banned member is not found by anyone but admins).
 */
export function toSpa(row: SpaRow, now = Date.now()): Spa {
  const { openingHours: _adminOnly, owner, ...spa } = toAdminSpa(row, now);
  return { ...spa, owner: Number(row.ownerBanned) === 1 ? null : owner };
}

/** The columns of the listing fields sent: the ones left out stay undefined; lists and hours become JSON. */
export function spaColumns<Fields extends { amenities?: string[]; openingHours?: WeeklyHours | null }>({
  amenities,
  openingHours,
  ...rest
}: Fields) {
  return {
    ...rest,
    ...(amenities !== undefined ? { amenities: JSON.stringify(amenities) } : {}),
    ...(openingHours !== undefined ? { openingHours: openingHours ? JSON.stringify(openingHours) : null } : {}),
  };
}

/** The linked member must exist and be spa management; null unlinks. */
export async function checkOwner(db: Database, ownerUserId: number | null | undefined): Promise<void> {
  if (ownerUserId === undefined || ownerUserId === null) return;
  const [owner] = await db.select({ role: users.role }).from(users).where(eq(users.id, ownerUserId));
  if (owner?.role !== 'spa_management') throw badRequest(ADMIN_TEXTS.ownerNotSpa);
}

export const spaNotFound = () => notFound(ADMIN_TEXTS.spaNotFound);
