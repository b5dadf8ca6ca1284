// Favourites lists through REST: the default list, saving, named lists (create, rename, delete), removing,
// validation that changes nothing, privacy (another member's lists are never seen nor changed: every path is
// tried), and the round trips (reads 1, writes at most 2).
import { describe, expect, it } from 'vitest';
import { FAVORITE_LISTS_MAX, FAVORITES_TEXTS } from '../../common/favorites.ts';
import { ban, createMember, type TestMember } from './members.ts';
import { call, database, json, messageOf, pipelinesServed, type Output } from './helpers.ts';

const as = (member: TestMember) => ({
  get: (path: string) => call(path, { cookie: member.cookie }),
  post: (path: string, body: unknown = {}) => call(path, { body, cookie: member.cookie }),
  patch: (path: string, body: unknown) => call(path, { method: 'PATCH', body, cookie: member.cookie }),
  delete: (path: string) => call(path, { method: 'DELETE', cookie: member.cookie }),
});

/** The member's lists with their members, as GET /api/favorites answers them. */
async function favoriteListsOf(member: TestMember) {
  const response = await as(member).get('/api/favorites');
  expect(response.status).toBe(200);
  return json<Output<'favorites.lists'>>(response);
}

async function expectError(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(await messageOf(response)).toBe(message);
}

/** A member's lists and what is in them, as stored. */
async function snapshot(member: TestMember) {
  const rows = (
    await database().execute({
      sql: 'select l.id, l.name, l.is_default, i.target_user_id from favorite_lists l left join favorite_list_items i on i.list_id = l.id where l.user_id = ? order by 1, 4',
      args: [member.id],
    })
  ).rows;
  return JSON.stringify(rows);
}

describe('favourites lists', () => {
  it('gives every member a default Favorites list and saves spas and therapists to it', async () => {
    const member = await createMember();
    const spa = await createMember({ role: 'spa_management' });
    const therapist = await createMember({ role: 'therapist' });
    const [initial] = await favoriteListsOf(member);
    expect(initial).toMatchObject({ name: 'Favorites', isDefault: true, members: [] });

    expect(
      await json<Output<'favorites.save'>>(await as(member).post('/api/favorites', { targetUserId: spa.id })),
    ).toEqual({ listId: initial!.id, saved: true });
    await as(member).post('/api/favorites', { targetUserId: therapist.id });
    // Saving again changes nothing.
    expect((await as(member).post('/api/favorites', { targetUserId: spa.id })).status).toBe(200);

    const [list] = await favoriteListsOf(member);
    expect(list!.members.map((saved) => [saved.id, saved.name, saved.role])).toEqual([
      [therapist.id, therapist.name, 'therapist'],
      [spa.id, spa.name, 'spa_management'],
    ]);
    expect(list!.members[0]).toHaveProperty('slug');
    expect(list!.members[0]).toHaveProperty('profilePic');
  });

  it('creates, renames and deletes named lists, and removes what was saved', async () => {
    const member = await createMember();
    const spa = await createMember({ role: 'spa_management' });
    const created = await as(member).post('/api/favorites/lists', { name: '  Date   night ' });
    expect(created.status).toBe(200);
    const list = await json<Output<'favorites.createList'>>(created);
    expect(list).toMatchObject({ name: 'Date night', isDefault: false, members: [] });

    await as(member).post(`/api/favorites/lists/${list.id}/members`, { targetUserId: spa.id });
    const saved = await json<Output<'favorites.saved'>>(await as(member).get(`/api/favorites/saved/${spa.id}`));
    expect(saved.map((entry) => [entry.name, entry.saved])).toEqual([
      ['Favorites', false],
      ['Date night', true],
    ]);

    expect(
      await json<Output<'favorites.renameList'>>(
        await as(member).patch(`/api/favorites/lists/${list.id}`, { name: 'Anniversary' }),
      ),
    ).toMatchObject({
      id: list.id,
      name: 'Anniversary',
    });
    expect(
      await json<Output<'favorites.remove'>>(
        await as(member).delete(`/api/favorites/lists/${list.id}/members/${spa.id}`),
      ),
    ).toEqual({ removed: true });
    expect(
      await json<Output<'favorites.remove'>>(
        await as(member).delete(`/api/favorites/lists/${list.id}/members/${spa.id}`),
      ),
    ).toEqual({ removed: false });

    await as(member).post(`/api/favorites/lists/${list.id}/members`, { targetUserId: spa.id });
    expect(
      await json<Output<'favorites.deleteList'>>(await as(member).delete(`/api/favorites/lists/${list.id}`)),
    ).toEqual({ deleted: true });
    expect((await favoriteListsOf(member)).map((entry) => entry.name)).toEqual(['Favorites']);
    const orphans = await database().execute({
      sql: 'select count(*) as n from favorite_list_items where list_id = ?',
      args: [list.id],
    });
    expect(Number(orphans.rows[0]!.n)).toBe(0);
  });

  it('renames the default list but never deletes it', async () => {
    const member = await createMember();
    const [standard] = await favoriteListsOf(member);
    expect((await as(member).patch(`/api/favorites/lists/${standard!.id}`, { name: 'My spas' })).status).toBe(200);
    await expectError(
      await as(member).delete(`/api/favorites/lists/${standard!.id}`),
      400,
      FAVORITES_TEXTS.defaultListKept,
    );
    expect(await favoriteListsOf(member)).toMatchObject([{ id: standard!.id, name: 'My spas', isDefault: true }]);
    // The default name is free again for a list of its own.
    expect((await as(member).post('/api/favorites/lists', { name: 'Favorites' })).status).toBe(200);
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const member = await createMember();
    const client = await createMember();
    const therapist = await createMember({ role: 'therapist' });
    const [standard] = await favoriteListsOf(member);
    await as(member).post('/api/favorites/lists', { name: 'Weekend' });
    const before = await snapshot(member);
    const theirsBefore = await snapshot(therapist);

    await expectError(
      await as(member).post('/api/favorites', { targetUserId: client.id }),
      400,
      FAVORITES_TEXTS.notSaveable,
    );
    await expectError(
      await as(member).post('/api/favorites', { targetUserId: 999_999_999 }),
      404,
      FAVORITES_TEXTS.memberNotFound,
    );
    await expectError(
      await as(therapist).post('/api/favorites', { targetUserId: therapist.id }),
      400,
      FAVORITES_TEXTS.saveSelf,
    );
    await expectError(await as(member).post('/api/favorites', { targetUserId: 'seven' }), 400, 'Invalid id.');
    await expectError(
      await as(member).post('/api/favorites/lists', { name: '   ' }),
      400,
      FAVORITES_TEXTS.nameRequired,
    );
    await expectError(
      await as(member).post('/api/favorites/lists', { name: 'x'.repeat(61) }),
      400,
      FAVORITES_TEXTS.nameTooLong,
    );
    await expectError(
      await as(member).post('/api/favorites/lists', { name: 'Bad\u202Ename' }),
      400,
      FAVORITES_TEXTS.nameCharacters,
    );
    await expectError(
      await as(member).post('/api/favorites/lists', { name: 'WEEKEND' }),
      409,
      FAVORITES_TEXTS.nameTaken,
    );
    await expectError(
      await as(member).post('/api/favorites/lists', { name: 'favorites' }),
      409,
      FAVORITES_TEXTS.nameTaken,
    );
    await expectError(
      await as(member).patch(`/api/favorites/lists/${standard!.id}`, { name: 'weekend' }),
      409,
      FAVORITES_TEXTS.nameTaken,
    );
    await expectError(await as(member).delete('/api/favorites/lists/abc'), 400, 'Invalid id.');
    expect(await snapshot(member)).toBe(before);
    expect(await snapshot(therapist)).toBe(theirsBefore);
    // A member who has never opened their lists is not given one by a refused save.
    const fresh = await createMember();
    await as(fresh).post('/api/favorites', { targetUserId: client.id });
    const owned = await database().execute({
      sql: 'select count(*) as n from favorite_lists where user_id = ?',
      args: [fresh.id],
    });
    expect(Number(owned.rows[0]!.n)).toBe(0);
  });

  it('treats a banned member as an unknown id: left out of the lists, saving is 404, never saved, nothing to remove', async () => {
    const member = await createMember();
    const spa = await createMember({ role: 'spa_management' });
    const therapist = await createMember({ role: 'therapist' });
    const [standard] = await favoriteListsOf(member);
    await as(member).post('/api/favorites', { targetUserId: spa.id });
    await as(member).post('/api/favorites', { targetUserId: therapist.id });
    await ban(therapist);

    expect((await favoriteListsOf(member))[0]!.members.map((saved) => saved.id)).toEqual([spa.id]);
    const unknown = 999_999_999;
    for (const target of [therapist.id, unknown]) {
      await expectError(
        await as(member).post('/api/favorites', { targetUserId: target }),
        404,
        FAVORITES_TEXTS.memberNotFound,
      );
      await expectError(
        await as(member).post(`/api/favorites/lists/${standard!.id}/members`, { targetUserId: target }),
        404,
        FAVORITES_TEXTS.memberNotFound,
      );
      const saved = await json<Output<'favorites.saved'>>(await as(member).get(`/api/favorites/saved/${target}`));
      expect(
        saved.map((list) => list.saved),
        String(target),
      ).toEqual([false]);
    }
    const before = await snapshot(member);
    for (const target of [therapist.id, unknown]) {
      const removed = await as(member).delete(`/api/favorites/lists/${standard!.id}/members/${target}`);
      expect(await json<Output<'favorites.remove'>>(removed), String(target)).toEqual({ removed: false });
    }
    expect(await snapshot(member)).toBe(before);
  });

  it(`allows at most ${FAVORITE_LISTS_MAX} lists`, async () => {
    const member = await createMember();
    await favoriteListsOf(member);
    for (let i = 1; i < FAVORITE_LISTS_MAX; i++)
      expect((await as(member).post('/api/favorites/lists', { name: `List ${i}` })).status).toBe(200);
    await expectError(
      await as(member).post('/api/favorites/lists', { name: 'One too many' }),
      400,
      FAVORITES_TEXTS.tooManyLists,
    );
    expect(await favoriteListsOf(member)).toHaveLength(FAVORITE_LISTS_MAX);
  });

  it('keeps every list private to its owner: others can neither see nor change it', async () => {
    const owner = await createMember();
    const intruder = await createMember();
    const spa = await createMember({ role: 'spa_management' });
    const [standard] = await favoriteListsOf(owner);
    const named = await json<Output<'favorites.createList'>>(
      await as(owner).post('/api/favorites/lists', { name: 'Secret spots' }),
    );
    await as(owner).post('/api/favorites', { targetUserId: spa.id });
    await as(owner).post(`/api/favorites/lists/${named.id}/members`, { targetUserId: spa.id });
    const before = await snapshot(owner);

    const theirs = await favoriteListsOf(intruder);
    expect(theirs.map((list) => list.id)).not.toContain(standard!.id);
    expect(theirs.map((list) => list.id)).not.toContain(named.id);
    expect(
      (await json<Output<'favorites.saved'>>(await as(intruder).get(`/api/favorites/saved/${spa.id}`))).map(
        (list) => list.id,
      ),
    ).not.toContain(named.id);
    for (const listId of [standard!.id, named.id]) {
      await expectError(
        await as(intruder).post(`/api/favorites/lists/${listId}/members`, { targetUserId: spa.id }),
        404,
        FAVORITES_TEXTS.listNotFound,
      );
      await expectError(
        await as(intruder).patch(`/api/favorites/lists/${listId}`, { name: 'Mine now' }),
        404,
        FAVORITES_TEXTS.listNotFound,
      );
      await expectError(await as(intruder).delete(`/api/favorites/lists/${listId}`), 404, FAVORITES_TEXTS.listNotFound);
      await expectError(
        await as(intruder).delete(`/api/favorites/lists/${listId}/members/${spa.id}`),
        404,
        FAVORITES_TEXTS.listNotFound,
      );
    }
    // Over tRPC too.
    const trpc = await call('/trpc/favorites.renameList', {
      body: { listId: named.id, name: 'Mine now' },
      cookie: intruder.cookie,
    });
    expect(trpc.status).toBe(404);
    expect(await snapshot(owner)).toBe(before);

    for (const [method, path] of [
      ['GET', '/api/favorites'],
      ['POST', '/api/favorites'],
      ['GET', `/api/favorites/saved/${spa.id}`],
      // Reads that need a session say so before they look at their input.
      ['GET', '/api/favorites/saved/not-a-member'],
      ['GET', '/api/spas'],
      ['GET', '/api/stars/not-a-member'],
      ['POST', '/api/favorites/lists'],
      ['DELETE', `/api/favorites/lists/${named.id}`],
    ] as const) {
      const response = await call(path, {
        method,
        body: method === 'GET' || method === 'DELETE' ? undefined : { targetUserId: spa.id, name: 'x' },
      });
      expect(response.status).toBe(401);
    }
  });

  it('reads with one database round trip and writes with at most two', async () => {
    const member = await createMember();
    const spa = await createMember({ role: 'spa_management' });
    await favoriteListsOf(member); // the default list is made on the first read
    const trips = async (action: () => Promise<Response>) => {
      const before = await pipelinesServed();
      const response = await action();
      expect(response.status).toBe(200);
      return (await pipelinesServed()) - before;
    };
    expect(await trips(() => as(member).get('/api/favorites'))).toBe(1);
    expect(await trips(() => as(member).get(`/api/favorites/saved/${spa.id}`))).toBe(1);
    expect(await trips(() => as(member).post('/api/favorites', { targetUserId: spa.id }))).toBeLessThanOrEqual(2);
    let listId = 0;
    expect(
      await trips(async () => {
        const response = await as(member).post('/api/favorites/lists', { name: 'Trips' });
        listId = (await json<Output<'favorites.createList'>>(response.clone())).id;
        return response;
      }),
    ).toBeLessThanOrEqual(2);
    expect(
      await trips(() => as(member).patch(`/api/favorites/lists/${listId}`, { name: 'Trips 2' })),
    ).toBeLessThanOrEqual(2);
    expect(
      await trips(() => as(member).post(`/api/favorites/lists/${listId}/members`, { targetUserId: spa.id })),
    ).toBeLessThanOrEqual(2);
    expect(
      await trips(() => as(member).delete(`/api/favorites/lists/${listId}/members/${spa.id}`)),
    ).toBeLessThanOrEqual(2);
    expect(await trips(() => as(member).delete(`/api/favorites/lists/${listId}`))).toBeLessThanOrEqual(2);
  });
});
