// The leaderboards on a small hand-made data set whose expected ranking is written out below: rolling windows,
// ties, banned members left out, anti-gaming (a giver counts once per recipient per day; accounts younger than
// 24 hours do not move boards), Problem Clients for spa management, therapists and admins only, the summary,
// and the edge cache made fresh by a new recognition. Only members backdated here move boards: members made
// by other test files are younger than 24 hours.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOARDS, TIMEFRAMES } from '../../common/recognition.ts';
import { as, call, json, pipelinesServed, type Output } from './helpers.ts';
import { createMember, createMembers, insertGifts, spaOf, type TestMember } from './members.ts';

type Board = Output<'leaderboards.board'>;

let t1: TestMember, t2: TestMember, t3: TestMember, tBanned: TestMember, tNew: TestMember;
let clients: TestMember[];
let premiumClient: TestMember, newClient: TestMember;
let spaId: number;

const names = (answer: { entries: { userId: number }[] }) =>
  answer.entries.map(
    (entry) => [t1, t2, t3, tBanned, tNew].find((t) => t.id === entry.userId)?.name ?? `other ${entry.userId}`,
  );

afterEach(() => {
  vi.useRealTimers();
});

// The data set's 13 members are written in bulk (registering them all would take most of the hook's time); they are
// backdated in the database anyway, which the API cannot do.
beforeAll(async () => {
  [t1, t2, t3, tBanned, tNew] = (await createMembers(
    [
      { role: 'therapist', name: `Board T1 ${crypto.randomUUID().slice(0, 4)}`, ageDays: 400 },
      { role: 'therapist', name: `Board T2 ${crypto.randomUUID().slice(0, 4)}`, ageDays: 400 },
      { role: 'therapist', name: `Board T3 ${crypto.randomUUID().slice(0, 4)}`, ageDays: 400 },
      { role: 'therapist', name: `Board T4 ${crypto.randomUUID().slice(0, 4)}`, ageDays: 400, banned: true },
      { role: 'therapist', name: `Board T5 ${crypto.randomUUID().slice(0, 4)}`, ageDays: 400 },
    ],
    { inBulk: true },
  )) as [TestMember, TestMember, TestMember, TestMember, TestMember];
  clients = await createMembers(
    Array.from({ length: 5 }, () => ({ role: 'client' as const, ageDays: 400 })),
    { inBulk: true },
  );
  [premiumClient, newClient] = (await createMembers(
    [
      { role: 'client', premium: true, ageDays: 3 },
      { role: 'client', ageDays: 0 },
    ],
    { inBulk: true },
  )) as [TestMember, TestMember];
  const spa = (await createMembers([{ role: 'spa_management', ageDays: 400 }], { inBulk: true }))[0]!;
  spaId = await spaOf(spa);
  // T1: 5 flowers from 5 clients, 1 to 5 days ago.                       weekly 5, monthly 5, yearly 5
  // T2: 3 flowers 8 to 10 days ago, 2 more 40 and 41 days ago.             weekly 0, monthly 3, yearly 5
  // T3: 3 flowers 1 to 3 days ago; + 1 today through the API (below).     weekly 4, monthly 4, yearly 4
  // T4 (banned): 10 flowers this week: never shown.
  await insertGifts('flowers', [
    ...clients.map((giver, i) => ({ giver, recipient: t1, daysAgo: i + 1 })),
    ...[8, 9, 10, 40, 41].map((daysAgo, i) => ({ giver: clients[i]!, recipient: t2, daysAgo })),
    ...[1, 2, 3].map((daysAgo, i) => ({ giver: clients[i]!, recipient: t3, daysAgo })),
    ...Array.from({ length: 10 }, (_, i) => ({ giver: clients[i % 5]!, recipient: tBanned, daysAgo: (i % 6) + 0.5 })),
  ]);
  // Anti-gaming: the premium client gives T3 three flowers today (counts once); a day-old account gives T5 one (counts never).
  for (let i = 0; i < 3; i++)
    expect((await as(premiumClient, '/api/flowers', { body: { recipientId: t3.id, spaId } })).status).toBe(200);
  expect((await as(newClient, '/api/flowers', { body: { recipientId: tNew.id, spaId } })).status).toBe(200);
});

describe('Top Therapists', () => {
  it.each([
    ['weekly', ['T1', 'T3']],
    ['monthly', ['T1', 'T3', 'T2']],
    ['yearly', ['T1', 'T2', 'T3']], // T1 and T2 tie at 5: the earlier member first
    ['all-time', ['T1', 'T2', 'T3']],
  ])('ranks the %s window as written out', async (timeframe, expected) => {
    const answer = await json<Board>(await call(`/api/leaderboards?timeframe=${timeframe}`));
    // Other test files share the database (and insert recognitions directly): only this data set's order is asserted.
    const ours = names(answer).filter((name) => !name.startsWith('other '));
    expect(ours.map((name) => name.split(' ').slice(0, 2).join(' ').replace('Board ', ''))).toEqual(expected);
    expect(answer.entries.find((entry) => entry.userId === t1.id)).toMatchObject({
      userId: t1.id,
      name: t1.name,
      slug: t1.slug,
      profilePic: null,
      totalFlowersReceived: 5,
      clientsServed: 5,
    });
  });

  it('counts the premium client’s three flowers to T3 today once, with one client served among them', async () => {
    const answer = await json<Board>(await call('/api/leaderboards?timeframe=weekly'));
    expect(answer.entries.find((entry) => entry.userId === t3.id)).toMatchObject({
      totalFlowersReceived: 4,
      clientsServed: 4,
    });
    expect(answer.entries.some((entry) => entry.userId === tNew.id || entry.userId === tBanned.id)).toBe(false);
  });

  it('is fresh after a new recognition although answers are cached at the edge', async () => {
    const before = await json<Board>(await call('/api/leaderboards?timeframe=weekly'));
    const trips = await pipelinesServed();
    const cached = await call('/api/leaderboards?timeframe=weekly');
    expect(await pipelinesServed()).toBe(trips); // served from the edge cache: no round trip
    expect(cached.headers.get('Cache-Control')).toContain('public');
    expect(await json<Board>(cached)).toEqual(before);
    // A backdated client gives T2 a flower today: T2 enters the weekly board on the very next read.
    expect((await as(clients[4]!, '/api/flowers', { body: { recipientId: t2.id, spaId } })).status).toBe(200);
    const after = await json<Board>(await call('/api/leaderboards?timeframe=weekly'));
    expect(after.entries.find((entry) => entry.userId === t2.id)).toMatchObject({ totalFlowersReceived: 1 });
  });
});

describe('the other boards', () => {
  it('serves every tab at its documented path for every timeframe, and refuses an unknown timeframe', async () => {
    const therapist = await createMember('therapist');
    for (const path of [
      '',
      '/stars',
      '/medals',
      '/flowers',
      '/generous',
      '/star-givers',
      '/problems',
      ...BOARDS.map((b) => `/${b}`),
    ])
      for (const timeframe of TIMEFRAMES) {
        const response = await as(therapist, `/api/leaderboards${path}?timeframe=${timeframe}`);
        expect([path, timeframe, response.status]).toEqual([path, timeframe, 200]);
        expect((await json<Board>(response)).timeframe).toBe(timeframe);
      }
    expect((await call('/api/leaderboards?timeframe=daily')).status).toBe(400);
    expect((await json<Board>(await call('/api/leaderboards'))).timeframe).toBe('monthly');
  });

  it('lists givers with their figures: Flower Givers counts distinct therapists appreciated', async () => {
    const answer = await json<Board>(await call('/api/leaderboards/flowers?timeframe=monthly'));
    const first = answer.entries.find((entry) => entry.userId === clients[0]!.id);
    // clients[0] gave T1 (1 day ago), T2 (8 days), T3 (1 day), T4 (banned recipient, still appreciated) this month.
    expect(first).toMatchObject({ totalGiven: expect.any(Number), therapistsAppreciated: 4 });
  });

  it('shows Problem Clients to spa management, therapists and admins only (403 for clients and signed-out visitors)', async () => {
    const [spa, flagged, client, therapist, admin] = await createMembers([
      { role: 'spa_management', ageDays: 30 },
      { role: 'client', ageDays: 30 },
      { role: 'client' },
      { role: 'therapist' },
      { role: 'admin' },
    ]);
    await as(spa!, '/api/red-flags', { body: { targetUserId: flagged!.id, reason: 'No-show' } });
    await insertGifts('red_flags', [{ giver: spa!, recipient: flagged!, daysAgo: 400 }]); // older than a year: no longer counts
    for (const who of [spa!, therapist!, admin!]) {
      const answer = await json<Board>(await as(who, '/api/leaderboards/problems?timeframe=all-time'));
      expect(answer.entries.find((entry) => entry.userId === flagged!.id)).toMatchObject({
        totalRedFlags: 1,
        flaggedBy: 1,
      });
    }
    expect((await as(client!, '/api/leaderboards/problems')).status).toBe(403);
    expect((await as(null, '/api/leaderboards/problems')).status).toBe(403);
  });

  it('ages a row out of a rolling window as the window moves past it (fixed clock)', async () => {
    const [spa, client] = await createMembers([
      { role: 'spa_management', ageDays: 30 },
      { role: 'client', ageDays: 30 },
    ]);
    // A red flag given 7 days ago less 90 seconds: inside the weekly window now, outside it two minutes later.
    await insertGifts('red_flags', [{ giver: spa!, recipient: client!, daysAgo: 7 - 90 / 86_400 }]);
    const weekly = async () =>
      (await json<Board>(await as(spa!, '/api/leaderboards/problems?timeframe=weekly'))).entries.map((e) => e.userId);
    const monthly = async () =>
      (await json<Board>(await as(spa!, '/api/leaderboards/problems?timeframe=monthly'))).entries.map((e) => e.userId);
    expect(await weekly()).toContain(client!.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * 60_000);
    expect(await weekly()).not.toContain(client!.id);
    expect(await monthly()).toContain(client!.id);
  });

  it('shows real summary figures for the window', async () => {
    const monthly = await json<Output<'leaderboards.summary'>>(
      await call('/api/leaderboards/summary?timeframe=monthly'),
    );
    const weekly = await json<Output<'leaderboards.summary'>>(await call('/api/leaderboards/summary?timeframe=weekly'));
    expect(monthly.flowers).toBeGreaterThanOrEqual(weekly.flowers);
    expect(weekly.flowers).toBeGreaterThanOrEqual(5 + 4 + 10 + 1);
    expect(monthly.members).toBeGreaterThan(0);
  });
});
