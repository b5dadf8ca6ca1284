// Creating a member: the next member number and a unique slug are chosen inside the INSERT itself, so two
// registrations at once cannot take the same number (the unique indexes are the last line of defence). The
// name arrives normalised (common/names.ts); both of its uniqueness keys are written with it. A slug a renamed
// member used to have is not free: it still leads to them.
// Used by registration and by the command that creates the first admin. Also: whether a member is premium, and
// until when.
import { sql } from 'drizzle-orm';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type { Role } from '../../common/roles.ts';
import { users } from '../../db/schema.ts';
import { parseOpeningHours } from '../../common/opening-hours-schema.ts';
import { CONTACT_HANDLES, type ContactHandles } from '../../common/profile.ts';
import { slugify } from '../../common/slug.ts';
import { nameSkeleton } from '../../common/name-skeleton.ts';
import { nameKey } from '../../common/names.ts';
import { isPremiumUntil } from '../../common/premium.ts';
import { FORMER_MEMBER_NAME } from '../../common/privacy.ts';
import type { UserRow } from './sessions.ts';

export interface NewMember {
  name: string;
  role: Role;
  passwordHash: string;
  createdAt: number;
}

export function insertMember(db: LibSQLDatabase<any>, member: NewMember) {
  const slug = slugify(member.name);
  return db.run(sql`
    insert into users (name, name_key, name_skeleton, slug, member_number, role, password_hash, created_at)
    select ${member.name}, ${nameKey(member.name)}, ${nameSkeleton(member.name)},
           case when exists (select 1 from users where slug = ${slug}) or exists (select 1 from slug_history where slug = ${slug})
                then ${slug} || '-' || next.n else ${slug} end,
           next.n, ${member.role}, ${member.passwordHash}, ${member.createdAt}
    from (select coalesce(max(member_number), 0) + 1 as n from users) as next`);
}

type PremiumFields = Pick<typeof users.$inferSelect, 'isPremium' | 'premiumUntil'>;

/** The "until" of premium without an end (a complimentary grant, users.is_premium), as a finite number. */
export const PREMIUM_WITHOUT_END = Number.MAX_SAFE_INTEGER;

/**
 * When the member's premium ends: premium_until (a trial or a paid period), or never for a complimentary grant.
 * Whatever holds premium state (the chat hub) carries this time, never a yes/no that could outlive it.
 */
export function premiumEndsAt(user: PremiumFields): number | null {
  return user.isPremium ? PREMIUM_WITHOUT_END : (user.premiumUntil ?? null);
}

/** Premium now: a running trial or paid period, or a complimentary grant. */
export function isPremiumMember(user: PremiumFields, now = Date.now()): boolean {
  return isPremiumUntil(premiumEndsAt(user), now);
}

/** Premium Pro now (a year of analytics): paid Pro time, which only Pro payments extend. */
export function isProMember(user: Pick<typeof users.$inferSelect, 'proUntil'>, now = Date.now()): boolean {
  return isPremiumUntil(user.proUntil ?? null, now);
}

/** These columns of the users table, as a Drizzle selection: a read selects what it shows, never the whole row. */
export function userColumns<K extends keyof UserRow & keyof typeof users>(keys: readonly K[]): Pick<typeof users, K> {
  return Object.fromEntries(keys.map((key) => [key, users[key]])) as Pick<typeof users, K>;
}

/** The columns sharedMemberFields reads. */
export const SHARED_MEMBER_KEYS = [
  'id',
  'name',
  'slug',
  'role',
  'profilePic',
  'profilePicThumbnail',
  'isPremium',
  'premiumUntil',
  'memberNumber',
  'aboutMe',
  'phoneNumber',
  'openingHours',
  ...CONTACT_HANDLES.map(({ key }) => key),
] as const;

/**
 * What both a member's own account view and the profile other members see carry: identity, picture, premium,
 * about text, phone, opening hours (spa management) and the messaging handles. Never the email or anything secret.
 */
export function sharedMemberFields(user: Pick<UserRow, (typeof SHARED_MEMBER_KEYS)[number]>) {
  return {
    id: user.id,
    name: user.name,
    slug: user.slug,
    role: user.role,
    profilePic: user.profilePic,
    profilePicThumbnail: user.profilePicThumbnail,
    isPremium: isPremiumMember(user),
    memberNumber: user.memberNumber,
    aboutMe: user.aboutMe,
    phoneNumber: user.phoneNumber,
    openingHours: user.role === 'spa_management' ? parseOpeningHours(user.openingHours) : null,
    ...(Object.fromEntries(CONTACT_HANDLES.map(({ key }) => [key, user[key]])) as ContactHandles),
  };
}

const FORMER_MEMBER_SKELETON = nameSkeleton(FORMER_MEMBER_NAME);

/** "Former member" (or a look-alike) is what a deleted account shows as: no member may be called that. */
export function isFormerMemberName(name: string): boolean {
  return nameSkeleton(name) === FORMER_MEMBER_SKELETON;
}

/** True when a write failed on a unique index (a name or slug someone else took meanwhile). */
export function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(String((error as { cause?: unknown })?.cause ?? error));
}
