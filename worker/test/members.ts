// Members for the profile tests: registered through the public API (real captcha), then, where the public API
// cannot yet do it (admins, bans, recognitions and reviews, which later issues write), arranged directly in the
// database.
import { manilaDay } from '../../common/time.ts';
import { call, database, json, register } from './helpers.ts';

export type TestRole = 'client' | 'therapist' | 'spa_management' | 'admin';

export interface TestMember {
  id: number;
  name: string;
  slug: string;
  role: TestRole;
  cookie: string;
}

/** A signed-in member of the role (admins are registered as clients and promoted in the database). */
export async function member(role: TestRole, name?: string): Promise<TestMember> {
  const { response, cookie, name: registered } = await register({ role: role === 'admin' ? 'client' : role, ...(name ? { name } : {}) });
  if (response.status !== 200 || !cookie) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  const user = await json(response);
  if (role === 'admin') await database().execute({ sql: "update users set role = 'admin' where id = ?", args: [user.id] });
  return { id: user.id, name: registered, slug: user.slug, role, cookie };
}

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

/** GET with a member's cookie. */
export function get(path: string, viewer?: { cookie: string } | null) {
  return call(path, { cookie: viewer?.cookie ?? null });
}
