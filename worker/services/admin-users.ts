// The members of the admin dashboard (spec, "Admin dashboard (route /admin)": User Management and ChatBot
// Management): the spec's User entity as admins read it, the search by one of the spec's fields, and the ban, which
// ends the member's sessions and sockets at once and takes them out of every list.
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { ADMIN_TEXTS, type AdminSearchField, type AdminUser } from '../../common/admin.ts';
import { ROLES } from '../../common/roles.ts';
import { users } from '../../db/schema.ts';
import { containsTerm, type Database } from '../db.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import type { Context } from '../trpc.ts';
import { auditEntry, type AuditTarget } from './audit.ts';
import { purgeSpaListing } from './edge-cache.ts';
import { purgeLeaderboards } from './leaderboards.ts';
import { manilaDayOf } from './member-sql.ts';
import { endSessionsForBan, revokeUserSessions, type UserRow } from './sessions.ts';
import { isPremiumMember } from './users.ts';

const USER_COLUMNS = sql`u.id as id, u.name as name, u.email as email, u.role as role, u.member_number as memberNumber,
  u.slug as slug, u.about_me as bio, u.viber_handle as viberHandle, u.messenger_handle as messengerHandle,
  u.telegram_handle as telegramHandle, u.created_at as createdAt, u.is_banned as isBanned, u.chat_bot as chatBot,
  u.profile_pic as profilePic, u.profile_pic_thumbnail as profilePicThumbnail, u.is_premium as premiumGrant,
  u.premium_until as premiumUntil`;

export type UserRowSql = Omit<AdminUser, 'isBanned' | 'chatBot' | 'isPremium' | 'profileImageUrl'> & {
  isBanned: number;
  chatBot: number;
  premiumGrant: number;
  premiumUntil: number | null;
};

/** Members as admins list them; a former member (deleted account, ADR 022) is no longer one. */
export function usersQuery(db: Database, where: SQL | null, limit: number, offset = 0) {
  return db.all<UserRowSql>(sql`select ${USER_COLUMNS} from users as u where u.deleted_at is null ${where ? sql`and ${where}` : sql``}
    order by u.created_at desc, u.id desc limit ${limit} offset ${offset}`);
}

/** The spec's User entity: `profileImageUrl` is the profile picture under the name the admin screens read. */
export function toAdminUser({ premiumGrant, premiumUntil, ...row }: UserRowSql, now = Date.now()): AdminUser {
  return {
    ...row,
    id: Number(row.id),
    memberNumber: Number(row.memberNumber),
    createdAt: Number(row.createdAt),
    isBanned: Number(row.isBanned) === 1,
    chatBot: Number(row.chatBot) === 1,
    profileImageUrl: row.profilePic,
    isPremium: isPremiumMember(
      { isPremium: Number(premiumGrant) === 1, premiumUntil: premiumUntil === null ? null : Number(premiumUntil) },
      now,
    ),
  };
}

const TEXT_COLUMNS: Partial<Record<AdminSearchField, string>> = {
  name: 'u.name',
  email: 'u.email',
  bio: 'u.about_me',
  viberHandle: 'u.viber_handle',
  messengerHandle: 'u.messenger_handle',
  telegramHandle: 'u.telegram_handle',
};

/** The condition of User Management's search by one field (the spec's list). */
export function searchCondition(field: AdminSearchField, term: string): SQL {
  const column = TEXT_COLUMNS[field];
  if (column) return containsTerm(sql`lower(${sql.raw(column)})`, term);
  switch (field) {
    case 'role': {
      const roles = ROLES.filter((role) => role.includes(term.toLowerCase().replace(/\s+/g, '_')));
      return roles.length
        ? sql`u.role in (${sql.join(
            roles.map((role) => sql`${role}`),
            sql`, `,
          )})`
        : sql`0`;
    }
    case 'memberNumber':
      if (!/^#?\d{1,15}$/.test(term)) throw badRequest(ADMIN_TEXTS.invalidMemberNumber);
      return sql`u.member_number = ${Number(term.replace('#', ''))}`;
    case 'createdAt':
      if (!/^\d{4}-\d{2}(-\d{2})?$/.test(term)) throw badRequest(ADMIN_TEXTS.invalidDate);
      // Registration dates as the Philippines sees them.
      return sql`${manilaDayOf(sql`u.created_at`)} like ${`${term}%`}`;
    case 'isBanned': {
      const answer = term.toLowerCase();
      if (answer !== 'yes' && answer !== 'no') throw badRequest(ADMIN_TEXTS.invalidBanned);
      return sql`u.is_banned = ${answer === 'yes' ? 1 : 0}`;
    }
    default:
      throw badRequest('Please choose a field to search.');
  }
}

/**
 * Bans or lifts a ban. An admin cannot ban themselves or another admin. A ban ends every session of the member
 * at once (the next request of each is refused with "This account has been banned.", see endSessionsForBan) and
 * closes their chat sockets through the hub; sign-in then refuses them (403), and search, the map,
 * the boards and the chat lists leave them out. Answers whether anything changed.
 */
export async function setBanned(
  ctx: Context,
  actor: UserRow,
  userId: number,
  banned: boolean,
  because?: AuditTarget & { action: string },
) {
  const [target] = await ctx.db
    .select({ id: users.id, name: users.name, role: users.role, isBanned: users.isBanned })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!target) throw notFound(ADMIN_TEXTS.userNotFound);
  if (banned && target.id === actor.id) throw forbidden(ADMIN_TEXTS.cannotBanSelf);
  if (banned && target.role === 'admin') throw forbidden(ADMIN_TEXTS.cannotBanAdmin);
  const changed = target.isBanned !== banned;
  if (changed || because) {
    await ctx.db.batch([
      ctx.db.update(users).set({ isBanned: banned, updatedAt: Date.now() }).where(eq(users.id, target.id)),
      ...(changed
        ? [
            auditEntry(ctx.db, actor, banned ? 'user.ban' : 'user.unban', {
              type: 'user',
              id: target.id,
              label: target.name,
            }),
          ]
        : []),
      ...(because ? [auditEntry(ctx.db, actor, because.action, because)] : []),
    ]);
  }
  // A ban ends the sessions at once (validation refuses a banned member's); each is deleted by its first refusal,
  // which tells the member why. Lifting a ban deletes what is left, so no old session comes back.
  if (banned) await endSessionsForBan(ctx.env, target.id);
  else if (changed) await revokeUserSessions(ctx.db, ctx.env, target.id);
  if (changed) {
    await purgeLeaderboards();
    if (target.role === 'spa_management') await purgeSpaListing();
  }
  return { target, changed };
}
