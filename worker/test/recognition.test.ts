// Stars, flowers, medals and red flags through the public REST surface: every giving rule (who may give what to whom,
// the daily limits, the red-flag rules) is tried, including the attempts to break it (parallel requests, the Manila
// day boundary with a fixed clock, the 30-day red-flag rule), the histories, and a role × endpoint matrix of these
// endpoints.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { limitReachedMessage, RECOGNITION_MESSAGES } from '../../common/recognition.ts';
import { REVIEW_MESSAGES } from '../../common/reviews.ts';
import {
  as,
  database,
  json,
  messageOf,
  pipelinesServed,
  trpcGet,
  trpcQuery,
  type Input,
  type Output,
} from './helpers.ts';
import { DAY_MS } from '../../common/time.ts';
import { createMember, createMembers, spaOf, type TestMember } from './members.ts';

afterEach(() => {
  vi.useRealTimers();
});

async function spaWithOwner(): Promise<{ spa: TestMember; spaId: number }> {
  const spa = await createMember('spa_management');
  return { spa, spaId: await spaOf(spa) };
}

describe('stars and flowers', () => {
  it('a client gives one star a day to spa management at an existing spa; the second is 429 with the spec text', async () => {
    const [client] = await createMembers([{ role: 'client' }]);
    const { spa, spaId } = await spaWithOwner();
    const first = await as(client!, '/api/stars', { body: { recipientId: spa.id, spaId, reason: 'Lovely ambience' } });
    expect(first.status).toBe(200);
    expect(await json<Output<'recognition.giveStar'>>(first)).toMatchObject({
      kind: 'star',
      recipientId: spa.id,
      dailyLimit: 1,
      remainingToday: 0,
    });
    const second = await as(client!, '/api/stars', { body: { recipientId: spa.id, spaId } });
    expect(second.status).toBe(429);
    const message = await messageOf(second);
    expect(message).toBe(limitReachedMessage('star', 1));
    expect(message.startsWith('Failed to Award Star')).toBe(true);
    expect(Number(second.headers.get('Retry-After'))).toBeGreaterThan(0);
    const rows = await database().execute({
      sql: 'select count(*) as n from stars where giver_id = ?',
      args: [client!.id],
    });
    expect(Number(rows.rows[0]!.n)).toBe(1);
  });

  it('premium members give 3 flowers a day, even with 50 requests at once; others exactly 1', async () => {
    const [premium, regular, therapist] = await createMembers([
      { role: 'client', premium: true },
      { role: 'client' },
      { role: 'therapist' },
    ]);
    const { spaId } = await spaWithOwner();
    const burst = (giver: TestMember) =>
      Promise.all(
        Array.from({ length: 50 }, () =>
          as(giver, '/api/flowers', { body: { recipientId: therapist!.id, spaId } }).then((r) => r.status),
        ),
      );
    const [premiumStatuses, regularStatuses] = await Promise.all([burst(premium!), burst(regular!)]);
    expect(premiumStatuses.filter((s) => s === 200)).toHaveLength(3);
    expect(premiumStatuses.filter((s) => s === 429)).toHaveLength(47);
    expect(regularStatuses.filter((s) => s === 200)).toHaveLength(1);
    const rows = await database().execute({
      sql: 'select giver_id, count(*) as n from flowers where recipient_id = ? group by giver_id order by giver_id',
      args: [therapist!.id],
    });
    expect(rows.rows.map((row) => Number(row.n))).toEqual([3, 1]);
  });

  it('refuses the wrong giver, the wrong recipient, oneself, a missing, banned or former recipient, a missing spa; changes nothing', async () => {
    const [client, therapist, banned, otherClient, former] = await createMembers([
      { role: 'client' },
      { role: 'therapist' },
      { role: 'spa_management', banned: true },
      { role: 'client' },
      { role: 'client' },
    ]);
    // A former member (deleted account) is not found, as an unknown id.
    await database().execute({ sql: 'update users set deleted_at = ? where id = ?', args: [Date.now(), former!.id] });
    const { spa, spaId } = await spaWithOwner();
    const cases: [TestMember, string, unknown, number, string][] = [
      [therapist!, '/api/stars', { recipientId: spa.id, spaId }, 403, RECOGNITION_MESSAGES.wrongGiver.star],
      [spa, '/api/flowers', { recipientId: therapist!.id, spaId }, 403, RECOGNITION_MESSAGES.wrongGiver.flower],
      [client!, '/api/stars', { recipientId: therapist!.id, spaId }, 403, RECOGNITION_MESSAGES.wrongRecipient.star],
      [client!, '/api/flowers', { recipientId: spa.id, spaId }, 403, RECOGNITION_MESSAGES.wrongRecipient.flower],
      [client!, '/api/stars', { recipientId: banned!.id, spaId }, 404, RECOGNITION_MESSAGES.recipientNotFound],
      [client!, '/api/stars', { recipientId: 99_999_999, spaId }, 404, RECOGNITION_MESSAGES.recipientNotFound],
      [client!, '/api/stars', { recipientId: spa.id, spaId: 99_999_999 }, 404, RECOGNITION_MESSAGES.spaNotFound],
      [client!, '/api/stars', { spaId }, 400, RECOGNITION_MESSAGES.recipientRequired],
      [client!, '/api/stars', { recipientId: spa.id }, 400, RECOGNITION_MESSAGES.spaRequired],
      [spa, '/api/medals', { recipientId: banned!.id }, 404, RECOGNITION_MESSAGES.recipientNotFound],
      [spa, '/api/medals', { recipientId: former!.id }, 404, RECOGNITION_MESSAGES.recipientNotFound],
      [spa, '/api/medals', { recipientId: therapist!.id }, 403, RECOGNITION_MESSAGES.wrongRecipient.medal],
      [client!, '/api/medals', { recipientId: otherClient!.id }, 403, RECOGNITION_MESSAGES.wrongGiver.medal],
      [
        spa,
        '/api/red-flags',
        { targetUserId: otherClient!.id, reason: ' ' },
        400,
        RECOGNITION_MESSAGES.redFlagReasonRequired,
      ],
    ];
    for (const [giver, path, payload, status, message] of cases) {
      const response = await as(giver, path, { body: payload });
      expect([path, response.status]).toEqual([path, status]);
      expect(await messageOf(response)).toBe(message);
    }
    const self = await createMember('client');
    const selfStar = await as(self, '/api/stars', { body: { recipientId: self.id, spaId } });
    expect(selfStar.status).toBe(403);
    const total = await database().execute({
      sql: `select (select count(*) from stars where giver_id in (?, ?, ?)) + (select count(*) from flowers where giver_id in (?, ?)) +
              (select count(*) from medals where giver_id in (?, ?)) + (select count(*) from red_flags where giver_id = ?) as n`,
      args: [client!.id, therapist!.id, self.id, client!.id, spa.id, spa.id, client!.id, spa.id],
    });
    expect(Number(total.rows[0]!.n)).toBe(0);
  });

  it('counts the daily limit by the Asia/Manila calendar day (fixed clock across midnight in Manila)', async () => {
    const [client] = await createMembers([{ role: 'client' }]);
    const { spa, spaId } = await spaWithOwner();
    // The next midnight in Manila (16:00 UTC; sessions must stay valid, so the clock stays near today).
    const midnight = new Date(new Date().toISOString().slice(0, 10) + 'T16:00:00Z').getTime();
    const utcDay = new Date(midnight).toISOString().slice(0, 10);
    const nextDay = new Date(midnight + DAY_MS).toISOString().slice(0, 10);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(midnight - 60_000); // 23:59 in Manila, 15:59 UTC
    expect((await as(client!, '/api/stars', { body: { recipientId: spa.id, spaId } })).status).toBe(200);
    expect((await as(client!, '/api/stars', { body: { recipientId: spa.id, spaId } })).status).toBe(429);
    vi.setSystemTime(midnight + 60_000); // 00:01 the next day in Manila, still the same day in UTC
    expect(new Date().toISOString().slice(0, 10)).toBe(utcDay);
    expect((await as(client!, '/api/stars', { body: { recipientId: spa.id, spaId } })).status).toBe(200);
    const days = await database().execute({
      sql: 'select manila_day from stars where giver_id = ? order by id',
      args: [client!.id],
    });
    expect(days.rows.map((row) => row.manila_day)).toEqual([utcDay, nextDay]);
  });
});

describe('medals and red flags', () => {
  it('gives at most 10 medals a day per spa, even with 50 requests at once', async () => {
    const { spa } = await spaWithOwner();
    const clients = await createMembers(
      Array.from({ length: 12 }, () => 'client' as const),
      { inBulk: true },
    );
    const statuses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        as(spa, '/api/medals', { body: { recipientId: clients[i % 12]!.id, reason: 'Loyal regular' } }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });

  it('reports at most 3 red flags a day per spa, and one per client in 30 days (fixed clock)', async () => {
    const { spa } = await spaWithOwner();
    const clients = await createMembers(Array.from({ length: 4 }, () => ({ role: 'client' as const })));
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start);
    const flag = (client: TestMember) =>
      as(spa, '/api/red-flags', { body: { targetUserId: client.id, reason: 'No-show', description: 'Never came.' } });
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => flag(clients[i % 4]!).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    const flagged = await database().execute({
      sql: 'select recipient_id from red_flags where giver_id = ?',
      args: [spa.id],
    });
    const again = clients.find((c) => flagged.rows.some((row) => Number(row.recipient_id) === c.id))!;
    const fresh = clients.find((c) => !flagged.rows.some((row) => Number(row.recipient_id) === c.id))!;

    vi.setSystemTime(start + 29 * DAY_MS);
    const repeat = await flag(again);
    expect(repeat.status).toBe(429);
    expect(await messageOf(repeat)).toBe(RECOGNITION_MESSAGES.redFlagRepeat);
    expect((await flag(fresh)).status).toBe(200);
    vi.setSystemTime(start + 31 * DAY_MS);
    expect((await flag(again)).status).toBe(200);
  });

  it("takes the spec's payload: a reason outside the list is kept as Other with its text, a listed one in any case as listed", async () => {
    const { spa } = await spaWithOwner();
    const [rude, late, silent, blank] = await createMembers([
      { role: 'client' },
      { role: 'client' },
      { role: 'client' },
      { role: 'client' },
    ]);
    const stored = async (client: TestMember) =>
      (
        await database().execute({
          sql: 'select reason, description from red_flags where recipient_id = ?',
          args: [client.id],
        })
      ).rows.map(({ reason, description }) => ({ reason, description }));
    const flag = (client: TestMember, body: Record<string, unknown>) =>
      as(spa, '/api/red-flags', { body: { targetUserId: client.id, ...body } });

    const other = await flag(rude!, { reason: 'Rude to the front desk', description: 'Shouted at the receptionist.' });
    expect(other.status).toBe(200);
    expect(await json<Output<'recognition.reportRedFlag'>>(other)).toMatchObject({
      kind: 'red_flag',
      recipientId: rude!.id,
    });
    expect(await stored(rude!)).toEqual([
      { reason: 'Other', description: 'Rude to the front desk: Shouted at the receptionist.' },
    ]);
    expect((await flag(silent!, { reason: '  Kept the towels  ' })).status).toBe(200);
    expect(await stored(silent!)).toEqual([{ reason: 'Other', description: 'Kept the towels' }]);
    expect((await flag(late!, { reason: 'late CANCELLATION', description: null })).status).toBe(200);
    expect(await stored(late!)).toEqual([{ reason: 'Late cancellation', description: null }]);

    // No reason, or one longer than any reason may be, is refused with its message and writes nothing.
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(201) }]) {
      const refused = await flag(blank!, body);
      expect(refused.status).toBe(400);
      expect(await messageOf(refused)).toMatch(
        /^(Please choose a reason for the red flag\.|Please keep the reason under 200 characters\.)$/,
      );
    }
    expect(await stored(blank!)).toEqual([]);
  });

  it('shows red flags only to the flagged member, spa management, therapists and admins; the flagged member disputes once', async () => {
    const { spa } = await spaWithOwner();
    const [flagged, otherClient, therapist, admin] = await createMembers([
      { role: 'client' },
      { role: 'client' },
      { role: 'therapist' },
      { role: 'admin' },
    ]);
    const given = await json<Output<'recognition.reportRedFlag'>>(
      await as(spa, '/api/red-flags', {
        body: { targetUserId: flagged!.id, reason: 'Late cancellation', description: '10 minutes before.' },
      }),
    );
    for (const [viewer, status] of [
      [flagged, 200],
      [spa, 200],
      [therapist, 200],
      [admin, 200],
      [otherClient, 403],
      [null, 401],
    ] as [TestMember | null, number][]) {
      expect((await as(viewer, `/api/users/${flagged!.id}/red-flag-history`)).status).toBe(status);
      expect((await as(viewer, `/api/users/${flagged!.id}/red-flags-transactions`)).status).toBe(status);
    }
    const history = await json<Output<'recognition.redFlagHistory'>>(
      await as(flagged!, `/api/users/${flagged!.id}/red-flag-history`),
    );
    expect(history.received).toHaveLength(1);
    expect(history.received[0]).toMatchObject({
      id: given.id,
      reason: 'Late cancellation',
      description: '10 minutes before.',
      counts: true,
      disputeState: null,
      giver: { id: spa.id, name: spa.name, role: 'spa_management', memberNumber: expect.any(Number) },
    });

    expect(
      (await as(otherClient!, `/api/red-flags/${given.id}/dispute`, { body: { statement: 'Not me' } })).status,
    ).toBe(403);
    expect((await as(flagged!, `/api/red-flags/${given.id}/dispute`, { body: { statement: '  ' } })).status).toBe(400);
    const dispute = await as(flagged!, `/api/red-flags/${given.id}/dispute`, {
      body: { statement: 'I cancelled a day ahead by Viber.' },
    });
    expect(dispute.status).toBe(200);
    expect(await json<Output<'recognition.disputeRedFlag'>>(dispute)).toMatchObject({
      redFlagId: given.id,
      state: 'open',
    });
    expect((await as(flagged!, `/api/red-flags/${given.id}/dispute`, { body: { statement: 'Again' } })).status).toBe(
      409,
    );
    const stored = await database().execute({
      sql: 'select user_id, statement, state from red_flag_disputes where red_flag_id = ?',
      args: [given.id],
    });
    expect(stored.rows[0]).toMatchObject({
      user_id: flagged!.id,
      statement: 'I cancelled a day ahead by Viber.',
      state: 'open',
    });
    expect(
      (
        await json<Output<'recognition.redFlagHistory'>>(
          await as(flagged!, `/api/users/${flagged!.id}/red-flag-history`),
        )
      ).received[0]?.disputeState,
    ).toBe('open');
  });
});

describe('histories', () => {
  it('lists stars given by a client with the daily limit left today, and stars received by a spa', async () => {
    const [client] = await createMembers([{ role: 'client', premium: true }]);
    const { spa, spaId } = await spaWithOwner();
    await as(client!, '/api/stars', { body: { recipientId: spa.id, spaId, reason: 'Great value' } });
    const own = await json<Output<'recognition.stars'>>(await as(client!, `/api/stars/${client!.id}`));
    expect(own).toMatchObject({ direction: 'given', total: 1, dailyLimit: { limit: 3, usedToday: 1, remaining: 2 } });
    expect(own.entries[0]).toMatchObject({
      reason: 'Great value',
      giver: { id: client!.id, name: client!.name },
      recipient: { id: spa.id, name: spa.name },
      spa: { id: spaId, name: `${spa.name} Spa` },
    });
    const received = await json<Output<'recognition.stars'>>(await as(client!, `/api/stars/${spa.id}`));
    expect(received).toMatchObject({
      direction: 'received',
      total: 1,
      dailyLimit: { limit: 1, usedToday: null, remaining: null },
    });
    expect((await as(null, `/api/stars/${spa.id}`)).status).toBe(401);
    expect((await as(client!, '/api/stars/99999999')).status).toBe(404);
  });

  it('shows every viewer the summary and the daily limit; what is used and left today only to the client whose page it is', async () => {
    const [client, premium, therapist] = await createMembers([
      { role: 'client' },
      { role: 'client', premium: true },
      { role: 'therapist' },
    ]);
    const { spa, spaId } = await spaWithOwner();
    await as(client!, '/api/flowers', { body: { recipientId: therapist!.id, spaId } });
    const page = async (viewer: TestMember, kind: 'stars' | 'flowers', member: TestMember) =>
      json<Output<'recognition.flowers'>>(await as(viewer, `/api/${kind}/${member.id}`));
    expect(await page(client!, 'flowers', client!)).toMatchObject({
      direction: 'given',
      total: 1,
      dailyLimit: { limit: 1, usedToday: 1, remaining: 0 },
    });
    for (const viewer of [premium!, therapist!, spa]) {
      expect(await page(viewer, 'flowers', client!)).toMatchObject({
        direction: 'given',
        total: 1,
        dailyLimit: { limit: 1, usedToday: null, remaining: null },
      });
      expect(await page(viewer, 'flowers', therapist!)).toMatchObject({
        direction: 'received',
        total: 1,
        dailyLimit: { limit: 1, usedToday: null, remaining: null },
      });
    }
    // A premium client gives three a day: their page says so to everyone.
    expect(await page(client!, 'stars', premium!)).toMatchObject({
      direction: 'given',
      total: 0,
      dailyLimit: { limit: 3, usedToday: null, remaining: null },
    });
    expect(await page(premium!, 'stars', premium!)).toMatchObject({
      dailyLimit: { limit: 3, usedToday: 0, remaining: 3 },
    });
  });

  it('lists medals given and received, and transactions in the 3-month window with direction and the other member', async () => {
    const { spa } = await spaWithOwner();
    const [client] = await createMembers([{ role: 'client' }]);
    await as(spa, '/api/medals', { body: { recipientId: client!.id, reason: 'Always on time' } });
    await database().execute({
      sql: `insert into medals (giver_id, recipient_id, reason, created_at, manila_day) values (?, ?, 'Old one', ?, '2020-01-01')`,
      args: [spa.id, client!.id, Date.now() - 120 * DAY_MS],
    });
    const history = await json<Output<'recognition.medalHistory'>>(
      await as(client!, `/api/users/${client!.id}/medal-history`),
    );
    expect(history.given).toEqual([]);
    expect(history.received.map((entry) => entry.reason)).toEqual(['Always on time', 'Old one']);
    expect(history.received[0]).toMatchObject({
      giver: { name: spa.name, role: 'spa_management', profileImageUrl: null },
    });
    const spaHistory = await json<Output<'recognition.medalHistory'>>(
      await as(client!, `/api/users/${spa.id}/medal-history`),
    );
    expect(spaHistory.given[0]).toMatchObject({ recipient: { id: client!.id, name: client!.name } });

    const transactions = await json<Output<'recognition.transactions'>>(
      await as(spa, `/api/users/${spa.id}/medals-transactions?timeframe=3months`),
    );
    expect(transactions.entries).toEqual([
      {
        id: expect.any(Number),
        direction: 'given',
        otherUserName: client!.name,
        otherUserSlug: client!.slug,
        otherUserProfilePic: null,
        reason: 'Always on time',
        createdAt: expect.any(Number),
        verifiedVisit: false,
      },
    ]);
    const year = await json<Output<'recognition.transactions'>>(
      await as(spa, `/api/users/${spa.id}/medals-transactions?timeframe=year`),
    );
    expect(year.entries).toHaveLength(2);
    expect((await as(spa, `/api/users/${spa.id}/hugs-transactions`)).status).toBe(404);
  });

  it('lists recipients by role for the dialogs, searchable by name, without banned members', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const [visible, banned, viewer] = await createMembers([
      { role: 'therapist', name: `Ana ${tag}` },
      { role: 'therapist', name: `Bea ${tag}`, banned: true },
      { role: 'client' },
    ]);
    const found = await json<Output<'recognition.recipients'>>(await as(viewer!, `/api/users/therapist?q=${tag}`));
    expect(found.map((m) => m.id)).toEqual([visible!.id]);
    expect(found.some((m) => m.id === banned!.id)).toBe(false);
    expect((await as(null, '/api/users/spa_management')).status).toBe(401);
  });

  it('lists at most 50 spas for the spa picker, the recipient’s own first, searched by name, in one round trip', async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const [client, owner] = await createMembers([{ role: 'client' }, { role: 'spa_management' }]);
    const names = Array.from({ length: 55 }, (_, index) => `Picker ${tag} ${String(index).padStart(2, '0')}`);
    await database().batch(
      [...names.map((name) => [null, name] as const), [owner!.id, `Picker ${tag} zz own listing`] as const].map(
        ([ownerId, name]) => ({
          sql: `insert into spas (owner_user_id, name, address, latitude, longitude) values (?, ?, 'Makati Ave', 14.56, 121.03)`,
          args: [ownerId, name],
        }),
      ),
    );
    const picker = (input: Input<'recognition.spas'>) => trpcQuery('recognition.spas', client!, input);

    const page = await picker({ q: tag });
    expect(page.map((spa) => spa.name)).toEqual(names.slice(0, 50));
    expect(page.every((spa) => !spa.worksHere)).toBe(true);
    // A star's spa manager's own listing comes first, whatever its name, and is not listed again among the others.
    const forStar = await picker({ ownerId: owner!.id, q: tag });
    expect(forStar[0]).toMatchObject({ name: `Picker ${tag} zz own listing`, ownerUserId: owner!.id, worksHere: true });
    expect(forStar.slice(1).map((spa) => spa.name)).toEqual(names.slice(0, 50));
    // The search narrows both parts, ignoring case; % and _ are letters, not wildcards.
    expect((await picker({ ownerId: owner!.id, q: `PICKER ${tag} 0` })).map((spa) => spa.name)).toEqual(
      names.slice(0, 10),
    );
    expect(await picker({ ownerId: owner!.id, q: `${tag}%` })).toEqual([]);
    expect(await picker({ q: `Picker_${tag}` })).toEqual([]);

    const tooLong = await trpcGet('recognition.spas', client!, { q: 'x'.repeat(61) });
    expect(tooLong.status).toBe(400);
    const before = await pipelinesServed();
    expect((await trpcGet('recognition.spas', client!, { ownerId: owner!.id, q: tag })).status).toBe(200);
    expect((await pipelinesServed()) - before).toBe(1);
  });

  it('answers 404 for a banned member’s histories, except to an admin', async () => {
    const [banned, viewer, admin] = await createMembers([
      { role: 'therapist', banned: true },
      { role: 'client' },
      { role: 'admin' },
    ]);
    const paths = [
      `/api/flowers/${banned!.id}`,
      `/api/stars/${banned!.id}`,
      `/api/users/${banned!.id}/medal-history`,
      `/api/users/${banned!.id}/flowers-transactions`,
    ];
    for (const path of paths) {
      const refused = await as(viewer!, path);
      expect(refused.status, path).toBe(404);
      expect(await messageOf(refused)).toBe(REVIEW_MESSAGES.memberNotFound);
      expect((await as(admin!, path)).status, path).toBe(200);
    }
  });

  it('answers every read in one database round trip and every gift in two', async () => {
    const [client] = await createMembers([{ role: 'client' }]);
    const { spa, spaId } = await spaWithOwner();
    const trips = async (action: () => Promise<Response>) => {
      const before = await pipelinesServed();
      const response = await action();
      expect(response.status).toBeLessThan(300);
      return (await pipelinesServed()) - before;
    };
    expect(await trips(() => as(client!, '/api/stars', { body: { recipientId: spa.id, spaId } }))).toBe(2);
    expect(await trips(() => as(spa, '/api/medals', { body: { recipientId: client!.id } }))).toBe(2);
    for (const path of [
      `/api/stars/${client!.id}`,
      `/api/flowers/${client!.id}`,
      `/api/users/${client!.id}/medal-history`,
      `/api/users/${client!.id}/red-flag-history`,
      `/api/users/${client!.id}/stars-transactions?timeframe=3months`,
      '/api/users/therapist',
      '/api/users/spa_management',
      `/api/user-reviews/${spa.id}`,
    ])
      expect([path, await trips(() => as(client!, path))]).toEqual([path, 1]);
  });
});

describe('role × endpoint matrix', () => {
  it('lets each role call exactly the procedures it may', async () => {
    const [client, therapist, admin, target] = await createMembers([
      { role: 'client' },
      { role: 'therapist' },
      { role: 'admin' },
      { role: 'client' },
    ]);
    const { spa, spaId } = await spaWithOwner();
    const flowerTo = await createMember('therapist');
    // Each write is tried with a payload that is valid for the role that may make it; 401 signed out.
    const endpoints: { path: string; body?: (who: TestMember) => unknown; method?: string; allowed: string[] }[] = [
      { path: '/api/stars', body: () => ({ recipientId: spa.id, spaId }), allowed: ['client'] },
      { path: '/api/flowers', body: () => ({ recipientId: flowerTo.id, spaId }), allowed: ['client'] },
      { path: '/api/medals', body: () => ({ recipientId: target!.id }), allowed: ['spa_management'] },
      {
        path: '/api/red-flags',
        body: () => ({ targetUserId: target!.id, reason: 'No-show' }),
        allowed: ['spa_management'],
      },
      {
        path: '/api/user-reviews',
        body: () => ({ targetUserId: flowerTo.id, reviewText: 'Great massage, very relaxing.' }),
        allowed: ['client'],
      },
      {
        path: `/api/users/${target!.id}/red-flag-history`,
        allowed: ['client:own', 'therapist', 'spa_management', 'admin'],
      },
      { path: `/api/users/${target!.id}/medal-history`, allowed: ['client', 'therapist', 'spa_management', 'admin'] },
      { path: `/api/leaderboards/problems`, allowed: ['therapist', 'spa_management', 'admin'] },
      { path: `/api/leaderboards/medals`, allowed: ['anyone'] },
    ];
    const roles: [string, TestMember | null][] = [
      ['signed-out', null],
      ['client', client!],
      ['therapist', therapist!],
      ['spa_management', spa],
      ['admin', admin!],
    ];
    const outcome: string[] = [];
    for (const endpoint of endpoints)
      for (const [role, who] of roles) {
        const response = await as(who, endpoint.path, endpoint.body ? { body: endpoint.body(who!) } : {});
        outcome.push(`${endpoint.path} ${role} ${response.status}`);
      }
    const expected = endpoints.flatMap((endpoint) =>
      roles.map(([role]) => {
        const allowed = endpoint.allowed.includes('anyone') || endpoint.allowed.includes(role);
        const status = allowed ? 200 : role === 'signed-out' && !endpoint.path.includes('/problems') ? 401 : 403;
        return `${endpoint.path} ${role} ${status}`;
      }),
    );
    expect(outcome).toEqual(expected);
  });
});
