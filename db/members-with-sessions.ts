// Members with real sessions, written straight into the database in two batches: for the chat tests and the
// chat benchmark, which need many signed-in members at once (registration itself is tested on its own, and its
// captcha and rate limits are in the way here). The member number is chosen inside each INSERT, as at
// registration; the session row is the one newSession makes for the sign-in path.
import type { Client } from '@libsql/client';
import type { Role } from '../common/roles.ts';
import { nameSkeleton } from '../common/name-skeleton.ts';
import { nameKey } from '../common/names.ts';
import { newSession } from './session-tokens.ts';

export interface NewTestMember {
  name: string;
  role?: Role;
  premium?: boolean;
}

export interface MemberWithSession {
  id: number;
  name: string;
  memberNumber: number;
  /** The session token, for a cookie or an `Authorization: Bearer` header. */
  token: string;
}

export async function insertMembersWithSessions(db: Client, members: NewTestMember[]): Promise<MemberWithSession[]> {
  const now = Date.now();
  const inserted = await db.batch(
    members.map((member) => ({
      sql: `insert into users (name, name_key, name_skeleton, slug, member_number, role, password_hash, is_premium, created_at)
            select ?, ?, ?, ?, coalesce(max(member_number), 0) + 1, ?, 'not-a-hash', ?, ? from users
            returning id, member_number`,
      args: [
        member.name,
        nameKey(member.name),
        nameSkeleton(member.name),
        `member-${crypto.randomUUID()}`,
        member.role ?? 'client',
        member.premium ? 1 : 0,
        now,
      ],
    })),
    'write',
  );
  const created = inserted.map((result, index) => {
    const id = Number(result.rows[0]!.id);
    return {
      id,
      name: members[index]!.name,
      memberNumber: Number(result.rows[0]!.member_number),
      ...newSession(id, now),
    };
  });
  await db.batch(
    created.map(({ id, row }) => ({
      sql: 'insert into sessions (id, secret_hash, user_id, created_at, last_active_at) values (?, ?, ?, ?, ?)',
      args: [row.id, row.secretHash, id, row.createdAt, row.lastActiveAt],
    })),
    'write',
  );
  return created.map(({ id, name, memberNumber, token }) => ({ id, name, memberNumber, token }));
}
