// Find Members through POST /api/search-users (spec, "Find Members page"): accents and case ignored, words inside
// names found, exact then prefix then inside, pages, public fields only, banned members left out, the index
// kept in step with renames, a blank term refused (400), signed-in members only, and the rate limit.
import { describe, expect, it } from 'vitest';
import { MEMBER_SEARCH_PAGE_SIZE, SEARCH_TEXTS } from '../../common/search.ts';
import { call, database, json, messageOf, seenBodies, uniqueName, untilLimited, type Items } from './helpers.ts';
import { createMember, createMembers, type TestMember } from './members.ts';

type Found = Items<'search.members'>;

function search(who: TestMember | null, term: unknown, page?: number) {
  return call('/api/search-users', {
    body: { field: 'all', term, ...(page ? { page } : {}) },
    cookie: who?.cookie ?? null,
  });
}
/** The spec's user array, and the next page the X-Next-Cursor header names (absent on the last page). */
async function found(who: TestMember, term: string, page?: number): Promise<{ items: Found; nextPage: number | null }> {
  const response = await search(who, term, page);
  expect(response.status).toBe(200);
  const items = await json<Found>(response);
  expect(Array.isArray(items)).toBe(true);
  const next = response.headers.get('X-Next-Cursor');
  return { items, nextPage: next === null ? null : Number(next) };
}

describe('POST /api/search-users', () => {
  it('matches ignoring accents and case, finds words inside names and ranks exact, then prefix, then inside', async () => {
    const viewer = await createMember('client');
    const tag = crypto.randomUUID().slice(0, 6).replace(/\d/g, 'q');
    const exact = await createMember({ role: 'therapist', name: `Zeñaida${tag}` });
    const prefix = await createMember({ role: 'client', name: `Zenaida${tag} Cruz` });
    const inside = await createMember({ role: 'spa_management', name: `Spa Zenaída${tag}` });
    const ids = (answer: { items: Found }) => answer.items.map((item) => item.id);

    expect(ids(await found(viewer, `zenaida${tag}`))).toEqual([exact.id, prefix.id, inside.id]);
    expect(ids(await found(viewer, `ZEÑAIDA${tag}`))).toEqual([exact.id, prefix.id, inside.id]);
    // Inside matches only: by name ("spa zenaída…", "zenaida… cruz", "zeñaida…").
    expect(ids(await found(viewer, `aida${tag}`))).toEqual([inside.id, prefix.id, exact.id]);
    expect(ids(await found(viewer, `${tag} cruz`))).toEqual([prefix.id]);
    expect((await found(viewer, `nobody-${tag}`)).items).toEqual([]);
  });

  it('"pena" finds "Peña", as a word inside a longer name too', async () => {
    const viewer = await createMember('client');
    const tag = crypto.randomUUID().slice(0, 6).replace(/\d/g, 'x');
    const pena = await createMember({ role: 'therapist', name: `Maria Peña ${tag}` });
    const result = await found(viewer, `pena ${tag}`);
    expect(result.items.map((item) => item.id)).toEqual([pena.id]);
  });

  it('answers public fields only, never banned members, and follows renames', async () => {
    const viewer = await createMember('client');
    const tag = crypto.randomUUID().slice(0, 6).replace(/\d/g, 'k');
    const visible = await createMember({ role: 'therapist', name: `Private Person ${tag}` });
    const banned = await createMember({ role: 'client', name: `Private Banned ${tag}` });
    await database().execute({
      sql: "update users set email = 'secret@example.com', phone_number = '09170000000' where id = ?",
      args: [visible.id],
    });
    await database().execute({ sql: 'update users set is_banned = 1 where id = ?', args: [banned.id] });
    const before = seenBodies.length;
    const answer = await found(viewer, tag);
    // The banned member's name carries the same tag.
    expect(answer.items.map((item) => item.id)).toEqual([visible.id]);
    expect(Object.keys(answer.items[0]!).sort()).toEqual([
      'id',
      'licence',
      'licensed',
      'memberNumber',
      'name',
      'profilePicThumbnail',
      'role',
      'slug',
    ]);
    expect(seenBodies.slice(before).join('')).not.toMatch(/secret@example\.com|09170000000|password/);

    await database().execute({
      sql: 'update users set name = ?, name_key = lower(?) where id = ?',
      args: [`Renamed ${tag}x`, `Renamed ${tag}x`, visible.id],
    });
    expect((await found(viewer, `private person ${tag}`)).items).toEqual([]);
    expect((await found(viewer, `renamed ${tag}`)).items.map((item) => item.id)).toEqual([visible.id]);
  });

  it('pages through many matches without repeats', async () => {
    const viewer = await createMember('client');
    const tag = crypto.randomUUID().slice(0, 6).replace(/\d/g, 'p');
    const created = new Set<number>();
    // Written in bulk: registering 23 members would outlast the test.
    const paged = await createMembers(
      Array.from({ length: MEMBER_SEARCH_PAGE_SIZE + 3 }, () => ({ name: `Paged ${tag} ${uniqueName('M')}` })),
      { inBulk: true },
    );
    for (const member of paged) created.add(member.id);
    const first = await found(viewer, `paged ${tag}`);
    expect(first.items).toHaveLength(MEMBER_SEARCH_PAGE_SIZE);
    expect(first.nextPage).toBe(2);
    const second = await found(viewer, `paged ${tag}`, 2);
    expect(second.nextPage).toBeNull();
    const all = [...first.items, ...second.items].map((item) => item.id);
    expect(new Set(all)).toEqual(created);
  });

  it('short terms match the start of any word of a name, names that start with them first', async () => {
    const tag = crypto
      .randomUUID()
      .replace(/[^a-z]/g, '')
      .slice(0, 5);
    const inside = await createMember({ role: 'client', name: `Lorna Xq${tag}` });
    const start = await createMember({ role: 'client', name: `Xq${tag} Alpha` });
    const viewer = await createMember('client');
    const ids = (await found(viewer, 'xq')).items.map((item) => item.id);
    expect(ids.indexOf(start.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(inside.id)).toBeGreaterThan(ids.indexOf(start.id));
    const result = await found(viewer, 'xq');
    for (const item of result.items)
      expect(
        item.name
          .toLowerCase()
          .split(/\s+/)
          .some((word) => word.startsWith('xq')),
      ).toBe(true);
    // Not inside a word: "qa" is not the start of "Xqa…".
    expect((await found(viewer, 'q' + tag.slice(0, 1))).items.map((item) => item.id)).not.toContain(inside.id);
  });

  it('refuses a blank term (400), signed-out visitors (401), and more than 60 searches a minute (429)', async () => {
    const viewer = await createMember('client');
    for (const term of ['', '   ', undefined]) {
      const refused = await search(viewer, term);
      expect(refused.status).toBe(400);
      expect(await messageOf(refused)).toBe(SEARCH_TEXTS.termRequired);
    }
    expect((await search(null, 'anyone')).status).toBe(401);
    const responses = await untilLimited(60, () => search(viewer, 'abc'));
    expect(responses.slice(0, -1).every((response) => response.status === 200)).toBe(true);
  });
});
