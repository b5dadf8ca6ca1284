// Deleting an account (ADR 022, the Data Privacy Act's right of erasure). The users row stays as a
// "Former member": reviews, stars, flowers, medals and red flags the member gave keep pointing at it (a hard
// delete would cascade them away and move the leaderboards' rollups), payments stay for the books, and its
// name_key, name_skeleton and old profile links (slug_history) keep the name reserved for 30 days. Everything
// personal goes in the same transaction: the profile's fields, photos' addresses, e-mail, phone, handles,
// address, favourites, sessions, tokens, blocks, the red flags and chat reports about the member, their replies
// to reviews, their spa's analytics and their place in lineups. The photos themselves (R2) and the chat sockets
// go right after (worker/routers/privacy.ts). An admin who is the last admin is refused, in the same statement.
// After 30 days the name is released: at once for a member who registers or renames to it, and for every
// former member by the hourly tidy-up (worker/scheduled.ts), which also removes payments the books no longer need.
import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { FORMER_MEMBER_NAME, NAME_RESERVED_AFTER_DELETION_MS, PAYMENT_RECORDS_KEPT_MS } from '../../common/privacy.ts';
import { CONTACT_HANDLES } from '../../common/profile.ts';
import type { Database } from '../db.ts';
import { users } from '../../db/schema.ts';

/** A password hash no password verifies against (not scrypt's format): kept because the column is NOT NULL. */
export const NO_PASSWORD = '!deleted';

/** The member's personal columns, all cleared; the handles follow CONTACT_HANDLES. */
function erasedColumns(): SQL {
  const handles = CONTACT_HANDLES.map(({ key }) => sql`${sql.identifier(users[key].name)} = null`);
  return sql.join(
    [
      sql`email = null, pending_email = null, pending_email_expires_at = null, phone_number = null`,
      sql`address = null, latitude = null, longitude = null, about_me = null, opening_hours = null`,
      sql`profile_pic = null, profile_pic_thumbnail = null`,
      ...handles,
      sql`is_premium = 0, premium_until = null, pro_until = null, trial_started_at = null, chat_invisible = 0, chat_bot = 0`,
    ],
    sql`, `,
  );
}

/**
 * The statements of one deletion, for one batch (one transaction). The first two run only when the member may
 * go (not deleted yet; an admin only while another admin who is neither banned nor deleted remains); every later
 * one only when they did, so a refused deletion changes nothing. The second statement answers the member's id
 * when it went ahead.
 */
export function deletionStatements(
  db: Database,
  member: { id: number; email: string | null; pendingEmail: string | null },
  now: number,
): [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]] {
  const me = member.id;
  const mayGo = sql`deleted_at is null and (role != 'admin' or exists (select 1 from users as other
    where other.role = 'admin' and other.id != ${me} and other.deleted_at is null and other.is_banned = 0))`;
  const gone = sql`exists (select 1 from users where id = ${me} and deleted_at = ${now})`;
  const addresses = [member.email, member.pendingEmail].filter((address): address is string => Boolean(address));
  return [
    // The profile link in use stays reserved with the name (it leads nowhere: a former member is 404).
    db.run(
      sql`insert or ignore into slug_history (slug, user_id, created_at) select slug, id, ${now} from users where id = ${me} and ${mayGo}`,
    ),
    db.all<{ id: number }>(sql`
      update users set name = ${FORMER_MEMBER_NAME}, slug = 'former--' || id, password_hash = ${NO_PASSWORD},
        ${erasedColumns()}, deleted_at = ${now}, updated_at = ${now}
      where id = ${me} and ${mayGo}
      returning id`),
    db.run(sql`delete from sessions where user_id = ${me} and ${gone}`),
    // Their lists (the items go with them) and their place in everyone else's.
    db.run(sql`delete from favorite_lists where user_id = ${me} and ${gone}`),
    db.run(sql`delete from favorite_list_items where target_user_id = ${me} and ${gone}`),
    // Red flags about the member; their disputes of them go with them (red_flag_disputes.user_id is the flagged
    // member), and the delete triggers keep the Problem Clients board right.
    db.run(sql`delete from red_flag_disputes where user_id = ${me} and ${gone}`),
    db.run(sql`delete from red_flags where recipient_id = ${me} and ${gone}`),
    // Their public replies to reviews they received (their words).
    db.run(sql`update reviews set reply_text = null, reply_created_at = null, reply_updated_at = null
      where target_user_id = ${me} and reply_text is not null and ${gone}`),
    // Open lineup links end (the history stays for the spa's past figures).
    db.run(sql`update lineup_links set state = 'ended', ended_at = ${now}
      where (spa_id = ${me} or therapist_id = ${me}) and state in ('invited', 'accepted') and ${gone}`),
    db.run(sql`delete from chat_blocks where (blocker_id = ${me} or blocked_id = ${me}) and ${gone}`),
    // Reports about the member hold their messages; reports they made stay (they are about someone else).
    db.run(sql`delete from chat_reports where reported_id = ${me} and ${gone}`),
    db.run(sql`delete from ai_assist_uses where user_id = ${me} and ${gone}`),
    db.run(sql`delete from password_reset_tokens where user_id = ${me} and ${gone}`),
    db.run(sql`delete from email_change_tokens where user_id = ${me} and ${gone}`),
    db.run(sql`delete from email_undo_tokens where user_id = ${me} and ${gone}`),
    db.run(sql`delete from spa_daily_counts where spa_id = ${me} and ${gone}`),
    // Their visits (where a client went, who came to a spa) and a spa's codes; a visit that named the member as its
    // therapist stays the client's, without her.
    db.run(sql`delete from visits where (client_id = ${me} or spa_id = ${me}) and ${gone}`),
    db.run(sql`update visits set therapist_id = null where therapist_id = ${me} and ${gone}`),
    db.run(sql`delete from visit_codes where spa_id = ${me} and ${gone}`),
    // Their licences (the documents' photos are removed from R2 once the account is gone).
    db.run(sql`delete from licences where user_id = ${me} and ${gone}`),
    // A listing that pointed at the member's account keeps its own data and points at nobody.
    db.run(sql`update spas set owner_user_id = null where owner_user_id = ${me} and ${gone}`),
    // Mail not yet tidied away that went to their addresses (links, notices).
    ...(addresses.length > 0
      ? [
          db.run(
            sql`delete from mail_outbox where to_address in (${sql.join(
              addresses.map((address) => sql`${address}`),
              sql`, `,
            )}) and ${gone}`,
          ),
        ]
      : []),
  ];
}

/** Deleted at or before this instant: the name is free again. */
const reservedSince = (now: number) => now - NAME_RESERVED_AFTER_DELETION_MS;

/**
 * Whether a users row (the table itself, or `alias`) holds its name: every live member, and a former member for
 * 30 days after the deletion. Registration's check of a free name reads it.
 */
export function holdsName(now: number, alias?: string): SQL {
  const deletedAt = sql.raw(alias ? `${alias}.deleted_at` : `"users"."deleted_at"`);
  return sql`(${deletedAt} is null or ${deletedAt} > ${reservedSince(now)})`;
}

/** A name as the uniqueness rules see it: its key, its look-alike skeleton and the slug it would take. */
export interface NameKeys {
  nameKey: string;
  skeleton: string;
  slug: string;
}

/**
 * Releases the names of members deleted more than 30 days ago: their name_key becomes a key no name has (names
 * are trimmed, so none starts with a space), their skeleton goes, and so do their old profile links. With
 * `name`, only the rows that hold that name (registration and renaming, in the batch that takes it); without,
 * all of them (the hourly tidy-up: the old name is personal data and is kept no longer than it is needed).
 */
export function releaseNameStatements(
  db: Database,
  now: number,
  name?: NameKeys,
): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  const stale = sql`deleted_at is not null and deleted_at <= ${reservedSince(now)}`;
  return [
    db.run(sql`update users set name_key = ' released ' || id, name_skeleton = null
      where ${stale} and name_key not like ' released %'
      ${name ? sql`and (name_key = ${name.nameKey} or name_skeleton = ${name.skeleton})` : sql``}`),
    db.run(sql`delete from slug_history where user_id in (select id from users where ${stale})
      ${name ? sql`and slug = ${name.slug}` : sql``}`),
  ];
}

/** The payments of former members that the books no longer need (ADR 022: 10 years), and their provider events. */
export function expiredPaymentStatements(db: Database, now: number): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  const expired = sql`created_at <= ${now - PAYMENT_RECORDS_KEPT_MS} and user_id in (select id from users where deleted_at is not null)`;
  return [
    db.run(sql`delete from payment_events where checkout_id in (select id from premium_checkouts where ${expired})`),
    db.run(sql`delete from premium_checkouts where ${expired}`),
  ];
}
