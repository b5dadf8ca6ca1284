// Members for the review, recognition and leaderboard tests: written straight into the database with sessions
// (registration and its captcha are tested on their own), optionally backdated so that they move the boards.
import { insertMembersWithSessions, type NewTestMember } from '../../db/members-with-sessions.ts';
import type { Role } from '../../common/roles.ts';
import { call, database, json, uniqueName, type CallOptions } from './helpers.ts';

export const DAY_MS = 86_400_000;

export interface Member {
  id: number;
  name: string;
  slug: string;
  role: Role;
  token: string;
}

export async function members(
  specs: (Omit<NewTestMember, 'name'> & { name?: string; ageDays?: number; banned?: boolean })[],
): Promise<Member[]> {
  const db = database();
  const created = await insertMembersWithSessions(
    db,
    specs.map((spec) => ({ name: spec.name ?? uniqueName(spec.role ?? 'client'), role: spec.role, premium: spec.premium })),
  );
  await db.batch(
    created.map((member, index) => ({
      sql: 'update users set created_at = ?, is_banned = ?, slug = ? where id = ?',
      args: [Date.now() - (specs[index]!.ageDays ?? 0) * DAY_MS, specs[index]!.banned ? 1 : 0, `m-${member.id}-${crypto.randomUUID().slice(0, 6)}`, member.id],
    })),
    'write',
  );
  const slugs = await db.execute(`select id, slug from users where id in (${created.map((m) => m.id).join(',')})`);
  const slugOf = new Map(slugs.rows.map((row) => [Number(row.id), String(row.slug)]));
  return created.map((member, index) => ({ ...member, slug: slugOf.get(member.id)!, role: specs[index]!.role ?? 'client' }));
}

export async function member(spec: Parameters<typeof members>[0][number] = {}): Promise<Member> {
  return (await members([spec]))[0]!;
}

/** A call as the member (session token as a bearer header), or signed out with null. */
export function as(who: Member | null, path: string, options: CallOptions = {}): Promise<Response> {
  return call(path, {
    ...options,
    headers: { ...options.headers, ...(who ? { Authorization: `Bearer ${who.token}` } : {}) },
  });
}

export async function body(response: Response): Promise<any> {
  return json(response);
}

/** A spa listing owned by a spa_management member (spas are admin-managed; tests write them directly). */
export async function spaOf(owner: Member): Promise<number> {
  const result = await database().execute({
    sql: `insert into spas (owner_user_id, name, address, latitude, longitude) values (?, ?, 'Makati Ave', 14.56, 121.03) returning id`,
    args: [owner.id, `${owner.name} Spa`],
  });
  return Number(result.rows[0]!.id);
}

/** Writes recognition rows directly (a hand-made data set), as given `daysAgo`, by backdated givers. */
export async function insertGifts(
  table: 'stars' | 'flowers' | 'medals' | 'red_flags',
  rows: { giver: Member; recipient: Member; daysAgo: number; counted?: boolean }[],
): Promise<void> {
  await database().batch(
    rows.map((row) => {
      const at = Date.now() - row.daysAgo * DAY_MS;
      return {
        sql: `insert into ${table} (giver_id, recipient_id, created_at, manila_day, counted) values (?, ?, ?, ?, ?)`,
        args: [row.giver.id, row.recipient.id, at, new Date(at + 8 * 3_600_000).toISOString().slice(0, 10), row.counted === false ? 0 : 1],
      };
    }),
    'write',
  );
}
