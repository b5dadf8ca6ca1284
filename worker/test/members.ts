// The tests' members, made one way: registered through the public API (POST /api/register, the ALTCHA captcha
// solved as the browser widget solves it), then arranged directly in the database only for what the API cannot
// do: the admin role (no one may register as an admin), premium without paying, a ban before any admin exists,
// an account's age (only backdated members move the leaderboards). Beside the factory, the recognitions and
// reviews a test needs as history, written directly too.
import { DAY_MS, manilaDay } from '../../common/time.ts';
import type { Role } from '../../common/roles.ts';
import { insertMembersWithSessions } from '../../db/members-with-sessions.ts';
import { database, json, register, uniqueName, type Output } from './helpers.ts';

export type TestRole = Role;

/** A signed-in member, however it was made. */
export interface TestMember {
  id: number;
  name: string;
  slug: string;
  role: TestRole;
  memberNumber: number;
  /** `__Host-session=<token>`, for the Cookie header. */
  cookie: string;
  /** The session token, for an `Authorization: Bearer` header. */
  token: string;
}

export interface MemberSpec {
  /** `client` unless said; an admin registers as a client and is promoted in the database. */
  role?: TestRole;
  /** A unique `Member xxxxxxxx` unless said. */
  name?: string;
  /** GOOD_PASSWORD (helpers.ts) unless said. */
  password?: string;
  /** Premium (`is_premium`) without paying, set in the database. */
  premium?: boolean;
  /** Banned, set in the database (see ban()). */
  banned?: boolean;
  /** Registered this many days ago (created_at moved back in the database); accounts under a day old move no board. */
  ageDays?: number;
}

/** What only the database can arrange, one statement for all the members made together. */
async function arrange(members: TestMember[], specs: MemberSpec[]): Promise<void> {
  const statements = members.flatMap((member, index) => {
    const spec = specs[index]!;
    const sets: string[] = [];
    const args: (string | number)[] = [];
    if (spec.role === 'admin') sets.push("role = 'admin'");
    if (spec.premium) sets.push('is_premium = 1');
    if (spec.banned) sets.push('is_banned = 1');
    if (spec.ageDays !== undefined) {
      sets.push('created_at = ?');
      args.push(Date.now() - spec.ageDays * DAY_MS);
    }
    return sets.length === 0
      ? []
      : [{ sql: `update users set ${sets.join(', ')} where id = ?`, args: [...args, member.id] }];
  });
  if (statements.length > 0) await database().batch(statements, 'write');
}

let registering: Promise<unknown> = Promise.resolve();

/**
 * A member registered through the public API, signed in (the session registration opened), arranged as the
 * spec says. `createMember('therapist')` is short for `createMember({ role: 'therapist' })`.
 */
export async function createMember(spec: MemberSpec | TestRole = {}): Promise<TestMember> {
  const wanted: MemberSpec = typeof spec === 'string' ? { role: spec } : spec;
  const role = wanted.role ?? 'client';
  const attempt = () =>
    register({
      role: role === 'admin' ? 'client' : role,
      ...(wanted.name === undefined ? {} : { name: wanted.name }),
      ...(wanted.password === undefined ? {} : { password: wanted.password }),
    });
  // One registration at a time, even when a test asks for several at once: they share the isolate, so together
  // they are no faster. On a loaded machine a registration now and then answers 500, the Worker having lost its
  // connection to the local database server ("Network connection lost"): such an attempt is made once more. The
  // tests of registration itself call register() and see every 500.
  const turn = registering.then(async () => {
    const first = await attempt();
    return first.response.status === 500 ? attempt() : first;
  });
  registering = turn.catch(() => undefined);
  const { response, name, cookie } = await turn;
  if (response.status !== 200 || !cookie)
    throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const user = await json<Output<'account.register'>>(response);
  const member: TestMember = {
    id: user.id,
    name,
    slug: user.slug,
    role,
    memberNumber: user.memberNumber,
    cookie,
    token: cookie.slice(cookie.indexOf('=') + 1),
  };
  await arrange([member], [wanted]);
  return member;
}

/**
 * Several members, each registered through the public API one after another (registration solves a captcha
 * and hashes a password: about a second each, more on a busy machine).
 *
 * `{ inBulk: true }` writes them straight into the database with a session instead, in two round trips
 * (db/members-with-sessions.ts, as the chat benchmark does), for the few tests that need more members at once
 * than registering would leave time for: the chat model test (five per run, 25 runs), a page of search results,
 * the admin's 25 latest members, a spa's 12 medal recipients, the leaderboards' data set; and the chat hub's
 * tests, whose timers a registration's password hash would shift. Registration is tested on its own; these
 * members have no password to sign in with (`password` is ignored).
 */
export async function createMembers(
  specs: (MemberSpec | TestRole)[],
  options: { inBulk?: boolean } = {},
): Promise<TestMember[]> {
  const wanted = specs.map((spec): MemberSpec => (typeof spec === 'string' ? { role: spec } : spec));
  if (!options.inBulk) {
    const members: TestMember[] = [];
    for (const spec of wanted) members.push(await createMember(spec));
    return members;
  }
  const db = database();
  const inserted = await insertMembersWithSessions(
    db,
    wanted.map((spec) => ({
      name: spec.name ?? uniqueName(),
      role: spec.role ?? 'client',
      premium: spec.premium ?? false,
    })),
  );
  const slugs = await db.execute(`select id, slug from users where id in (${inserted.map((row) => row.id).join(',')})`);
  const slugOf = new Map(slugs.rows.map((row) => [Number(row.id), String(row.slug)]));
  const members = inserted.map(({ id, name, memberNumber, token }, index): TestMember => ({
    id,
    name,
    slug: slugOf.get(id)!,
    role: wanted[index]!.role ?? 'client',
    memberNumber,
    cookie: `__Host-session=${token}`,
    token,
  }));
  await arrange(
    members,
    wanted.map(({ banned, ageDays }) => ({ banned, ageDays })),
  );
  return members;
}

/** The same member signed in with another session (another device), from the `name=value` of its cookie. */
export function withSession(member: TestMember, cookie: string): TestMember {
  return { ...member, cookie, token: cookie.slice(cookie.indexOf('=') + 1) };
}

/** Bans the member in the database (their session stays: the admin's ban, which ends it, is tested in admin.test.ts). */
export async function ban(member: { id: number }): Promise<void> {
  await database().execute({ sql: 'update users set is_banned = 1 where id = ?', args: [member.id] });
}

type RecognitionTable = 'stars' | 'flowers' | 'medals' | 'red_flags';

/**
 * Inserts `count` recognitions from giver to recipient, one minute apart ending at `newest` (ms), so their
 * order is known. Returns their ids, newest first.
 */
export async function give(
  table: RecognitionTable,
  giver: { id: number },
  recipient: { id: number },
  count = 1,
  newest = Date.now() - 60_000,
): Promise<number[]> {
  const statements = Array.from({ length: count }, (_, i) => {
    const at = newest - i * 60_000;
    return {
      sql: `insert into ${table} (giver_id, recipient_id, reason, created_at, manila_day) values (?, ?, ?, ?, ?) returning id`,
      args: [giver.id, recipient.id, `reason ${i}`, at, manilaDay(at)],
    };
  });
  const results = await database().batch(statements, 'write');
  return results.map((result) => Number(result.rows[0]!.id));
}

/** Writes recognition rows directly (a hand-made data set), as given `daysAgo`, by backdated givers. */
export async function insertGifts(
  table: RecognitionTable,
  rows: { giver: { id: number }; recipient: { id: number }; daysAgo: number; counted?: boolean }[],
): Promise<void> {
  await database().batch(
    rows.map((row) => {
      const at = Date.now() - row.daysAgo * DAY_MS;
      return {
        sql: `insert into ${table} (giver_id, recipient_id, created_at, manila_day, counted) values (?, ?, ?, ?, ?)`,
        args: [
          row.giver.id,
          row.recipient.id,
          at,
          new Date(at + 8 * 3_600_000).toISOString().slice(0, 10),
          row.counted === false ? 0 : 1,
        ],
      };
    }),
    'write',
  );
}

/** A review from reviewer to target, with sub-ratings when `ratings` is given. */
export async function review(
  reviewer: { id: number },
  target: { id: number },
  text: string,
  createdAt = Date.now() - 60_000,
  ratings?: [number, number, number, number],
): Promise<number> {
  const { rows } = await database().execute({
    sql: `insert into reviews (reviewer_id, target_user_id, review_text, ambience_rating, amenities_rating, booking_rating,
          selection_rating, created_at) values (?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    args: [reviewer.id, target.id, text, ...(ratings ?? [null, null, null, null]), createdAt],
  });
  return Number(rows[0]!.id);
}

/** A spa listing owned by a spa_management member (spas are admin-managed; tests write them directly). */
export async function spaOf(owner: { id: number; name: string }): Promise<number> {
  const result = await database().execute({
    sql: `insert into spas (owner_user_id, name, address, latitude, longitude) values (?, ?, 'Makati Ave', 14.56, 121.03) returning id`,
    args: [owner.id, `${owner.name} Spa`],
  });
  return Number(result.rows[0]!.id);
}
