// Creating a member: the next member number and a unique slug are chosen inside the INSERT itself, so two
// registrations at once cannot take the same number (the unique indexes are the last line of defence).
// Used by registration and by the command that creates the first admin. Also: whether a member is premium.
import { sql } from 'drizzle-orm';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type { Role } from '../../common/roles.ts';
import type { users } from '../../db/schema.ts';
import { slugify } from '../../common/slug.ts';

export interface NewMember {
  name: string;
  role: Role;
  passwordHash: string;
  createdAt: number;
}

export function insertMember(db: LibSQLDatabase<any>, member: NewMember) {
  const slug = slugify(member.name);
  return db.run(sql`
    insert into users (name, name_key, slug, member_number, role, password_hash, created_at)
    select ${member.name}, ${member.name.toLowerCase()},
           case when exists (select 1 from users where slug = ${slug}) then ${slug} || '-' || next.n else ${slug} end,
           next.n, ${member.role}, ${member.passwordHash}, ${member.createdAt}
    from (select coalesce(max(member_number), 0) + 1 as n from users) as next`);
}

/** Premium by subscription flag or by a running trial or paid period. */
export function isPremiumMember(user: Pick<typeof users.$inferSelect, 'isPremium' | 'premiumUntil'>, now = Date.now()): boolean {
  return user.isPremium || (user.premiumUntil ?? 0) > now;
}
