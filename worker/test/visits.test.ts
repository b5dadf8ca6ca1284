// Verified visits through REST and tRPC: the spa's code (six digits, the same within its minute, a new one after),
// recording a visit with it (201), and every rule tried from the wrong side: a wrong, expired or other spa's code,
// a banned spa's code, a therapist outside the lineup, a second visit the same day, members who are not clients,
// signed-out callers, and guessing past the limits per member and per spa. Nothing is recorded by a refusal. Then
// what a visit verifies: reviews, stars, flowers, medals and red flags between the client and the spa side in the
// 90 days up to each, in every list that shows them, with the reason told to a review's author only.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/account.ts';
import { DAY_MS, manilaDay } from '../../common/time.ts';
import { VISIT_CODE_GRACE_SECONDS, VISIT_CODE_SECONDS, VISIT_TEXTS } from '../../common/visits.ts';
import { ban, createMember, give, review, type TestMember } from './members.ts';
import {
  call,
  database,
  json,
  messageOf,
  trpcData,
  trpcPost,
  untilLimited,
  type Items,
  type Output,
} from './helpers.ts';

const codeOf = async (spa: TestMember) => {
  const response = await call('/api/visits/code', { cookie: spa.cookie });
  expect(response.status).toBe(200);
  return json<Output<'visits.code'>>(response);
};
const record = (client: TestMember, body: unknown) => call('/api/visits', { body, cookie: client.cookie });
const visitsOf = async (member: TestMember) => {
  const response = await call('/api/visits', { cookie: member.cookie });
  expect(response.status).toBe(200);
  return json<Output<'visits.mine'>['items']>(response);
};

async function expectError(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(await messageOf(response)).toBe(message);
}

async function visitCount(client: { id: number }): Promise<number> {
  const { rows } = await database().execute({
    sql: 'select count(*) as n from visits where client_id = ?',
    args: [client.id],
  });
  return Number(rows[0]!.n);
}

/** Moves the spa's live code's end back by `ms` (the codes' clock is the server's: the row says when it ends). */
async function ageCode(spa: { id: number }, ms: number): Promise<void> {
  await database().execute({
    sql: 'update visit_codes set expires_at = expires_at - ? where spa_id = ?',
    args: [ms, spa.id],
  });
}

/** A code none of the spa's codes is: one digit of its current code changed. */
const otherCode = (code: string) => `${(Number(code[0]) + 1) % 10}${code.slice(1)}`;

describe('visit codes', () => {
  it('are six digits with their QR link, the same within their minute, then a new one', async () => {
    const spa = await createMember('spa_management');
    const before = Date.now();
    const first = await codeOf(spa);
    expect(first.code).toMatch(/^\d{6}$/);
    expect(first.expiresAt).toBeGreaterThanOrEqual(before + VISIT_CODE_SECONDS * 1000);
    expect(first.expiresAt).toBeLessThanOrEqual(Date.now() + VISIT_CODE_SECONDS * 1000);
    expect(new URL(first.url).pathname).toBe('/visits/new');
    expect(Object.fromEntries(new URL(first.url).searchParams)).toEqual({ code: first.code, spa: String(spa.id) });
    expect(await codeOf(spa)).toEqual(first);

    // Past its end the spa gets a new code; the old one is still accepted during its grace.
    await ageCode(spa, VISIT_CODE_SECONDS * 1000 + 1);
    const second = await codeOf(spa);
    expect(second.code).not.toBe(first.code);
    expect(second.expiresAt).toBeGreaterThan(first.expiresAt);
    const client = await createMember();
    expect((await record(client, { code: first.code })).status).toBe(201);
  });

  it('are shown to spa management only, and to nobody signed out', async () => {
    const [client, therapist] = await Promise.all([createMember(), createMember('therapist')]);
    for (const member of [client, therapist])
      await expectError(await call('/api/visits/code', { cookie: member.cookie }), 403, VISIT_TEXTS.onlySpasShowCodes);
    await expectError(await call('/api/visits/code'), 401, MESSAGES.notSignedIn);
  });
});

describe('recording a visit', () => {
  it('records the client, spa, time and therapist of the lineup (201), listed among the client’s own visits', async () => {
    const [spa, therapist, client, other] = await Promise.all([
      createMember('spa_management'),
      createMember('therapist'),
      createMember(),
      createMember(),
    ]);
    await database().execute({
      sql: "insert into lineup_links (spa_id, therapist_id, state) values (?, ?, 'accepted')",
      args: [spa.id, therapist.id],
    });
    const { code } = await codeOf(spa);
    const before = Date.now();
    const response = await record(client, { code, spaId: spa.id, therapistId: therapist.id });
    expect(response.status).toBe(201);
    const { visit } = await json<Output<'visits.record'>>(response);
    expect(visit).toMatchObject({
      spaId: spa.id,
      spaName: spa.name,
      spaSlug: spa.slug,
      therapistId: therapist.id,
      therapistName: therapist.name,
    });
    expect(visit.visitedAt).toBeGreaterThanOrEqual(before);

    // Another client records with the same code through tRPC, without naming the spa or a therapist.
    const viaTrpc = await trpcData('visits.record', await trpcPost('visits.record', other, { code }));
    expect(viaTrpc.visit).toMatchObject({ spaId: spa.id, therapistId: null, therapistName: null });

    expect(await visitsOf(client)).toEqual([visit]);
    expect((await visitsOf(other)).map((listed) => listed.id)).toEqual([viaTrpc.visit.id]);
    expect(await visitsOf(spa)).toEqual([]);
    await expectError(await call('/api/visits'), 401, MESSAGES.notSignedIn);
  });

  it('refuses a wrong code, another spa’s code and a code past its grace (400), recording nothing', async () => {
    const [spa, otherSpa, client] = await Promise.all([
      createMember('spa_management'),
      createMember('spa_management'),
      createMember(),
    ]);
    const { code } = await codeOf(spa);
    await codeOf(otherSpa);
    await expectError(await record(client, { code: otherCode(code) }), 400, VISIT_TEXTS.codeInvalid);
    await expectError(await record(client, { code, spaId: otherSpa.id }), 400, VISIT_TEXTS.codeInvalid);
    await expectError(await record(client, { code: '12345' }), 400, VISIT_TEXTS.codeShape);
    await ageCode(spa, (VISIT_CODE_SECONDS + VISIT_CODE_GRACE_SECONDS) * 1000 + 1);
    await expectError(await record(client, { code }), 400, VISIT_TEXTS.codeInvalid);
    expect(await visitCount(client)).toBe(0);
  });

  it('refuses a banned spa’s code', async () => {
    const [spa, client] = await Promise.all([createMember('spa_management'), createMember()]);
    const { code } = await codeOf(spa);
    await ban(spa);
    await expectError(await record(client, { code }), 400, VISIT_TEXTS.codeInvalid);
    expect(await visitCount(client)).toBe(0);
  });

  it('refuses a therapist who is not in the spa’s accepted lineup (400)', async () => {
    const [spa, invited, stranger, client] = await Promise.all([
      createMember('spa_management'),
      createMember('therapist'),
      createMember('therapist'),
      createMember(),
    ]);
    await database().execute({
      sql: "insert into lineup_links (spa_id, therapist_id, state) values (?, ?, 'invited')",
      args: [spa.id, invited.id],
    });
    const { code } = await codeOf(spa);
    for (const therapist of [invited, stranger, spa])
      await expectError(
        await record(client, { code, therapistId: therapist.id }),
        400,
        VISIT_TEXTS.therapistNotInLineup,
      );
    expect(await visitCount(client)).toBe(0);
  });

  it('records one visit per client and spa a day (409)', async () => {
    const [spa, otherSpa, client] = await Promise.all([
      createMember('spa_management'),
      createMember('spa_management'),
      createMember(),
    ]);
    const { code } = await codeOf(spa);
    expect((await record(client, { code })).status).toBe(201);
    await expectError(await record(client, { code }), 409, VISIT_TEXTS.alreadyToday);
    expect((await record(client, { code: (await codeOf(otherSpa)).code })).status).toBe(201);
    expect(await visitCount(client)).toBe(2);
  });

  it('is for clients only (403), spa management included, and not signed out (401)', async () => {
    const [spa, therapist, admin] = await Promise.all([
      createMember('spa_management'),
      createMember('therapist'),
      createMember('admin'),
    ]);
    const { code } = await codeOf(spa);
    for (const member of [spa, therapist, admin])
      await expectError(await record(member, { code, spaId: spa.id }), 403, VISIT_TEXTS.onlyClientsRecord);
    await expectError(await call('/api/visits', { body: { code } }), 401, MESSAGES.notSignedIn);
    const { rows } = await database().execute({
      sql: 'select count(*) as n from visits where spa_id = ?',
      args: [spa.id],
    });
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('limits guessing per member (429 with Retry-After)', async () => {
    const [spa, client] = await Promise.all([createMember('spa_management'), createMember()]);
    const { code } = await codeOf(spa);
    const responses = await untilLimited(10, () => record(client, { code: otherCode(code) }));
    const limited = responses.at(-1)!;
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    await expectError(await record(client, { code }), 429, MESSAGES.tooManyRequests);
    expect(await visitCount(client)).toBe(0);
  });

  it('limits guessing against one spa, whoever guesses (429)', async () => {
    const spa = await createMember('spa_management');
    const clients = await Promise.all(Array.from({ length: 8 }, () => createMember()));
    const { code } = await codeOf(spa);
    // Eight guesses per client stay under the member's limit; the spa's limit is reached first.
    const responses = await untilLimited(30, (index) =>
      record(clients[Math.floor(index / 8)]!, { code: otherCode(code), spaId: spa.id }),
    );
    expect(Number(responses.at(-1)!.headers.get('Retry-After'))).toBeGreaterThan(0);
    await expectError(await record(clients[7]!, { code, spaId: spa.id }), 429, MESSAGES.tooManyRequests);
  });
});

/** A visit by the client to the spa `daysAgo` days ago, with the therapist when given (written directly). */
async function visitedAt(client: { id: number }, spa: { id: number }, daysAgo: number, therapist?: { id: number }) {
  const at = Date.now() - daysAgo * DAY_MS;
  await database().execute({
    sql: 'insert into visits (client_id, spa_id, therapist_id, visited_at, manila_day) values (?, ?, ?, ?, ?)',
    args: [client.id, spa.id, therapist?.id ?? null, at, manilaDay(at)],
  });
}

const list = async <T>(path: string, viewer: TestMember) => {
  const response = await call(path, { cookie: viewer.cookie });
  expect(response.status).toBe(200);
  return json<T>(response);
};

describe('verified visits', () => {
  it('mark a client’s review and star of a spa visited in the 90 days before, with the reason for its author only', async () => {
    const [spa, verified, stale, none, viewer] = await Promise.all([
      createMember('spa_management'),
      createMember(),
      createMember(),
      createMember(),
      createMember(),
    ]);
    // Verified: the visit is 89 days before the review; stale: 91 days; none: no visit.
    await visitedAt(verified, spa, 89);
    await visitedAt(stale, spa, 91);
    const reviewAs = (client: TestMember) =>
      call('/api/user-reviews', { body: { targetUserId: spa.id, reviewText: 'A calm place.' }, cookie: client.cookie });
    const answer = await json<Output<'reviews.submit'>>(await reviewAs(verified));
    expect(answer.review).toMatchObject({
      verifiedVisit: true,
      verification: { verified: true, reason: expect.stringMatching(/^Verified: you recorded a visit to /) },
    });
    expect(answer.review.verification.reason).toContain(spa.name);
    for (const client of [stale, none]) {
      const unverified = await json<Output<'reviews.submit'>>(await reviewAs(client));
      expect(unverified.review.verification).toEqual({
        verified: false,
        reason: 'Not verified: no visit to this spa recorded in the 90 days before this review.',
      });
    }

    const received = await list<Items<'profiles.reviewsReceived'>>(`/api/user-reviews/${spa.id}`, viewer);
    expect(received.map((item) => [item.reviewer.id, item.verifiedVisit, item.verification])).toEqual([
      [none.id, false, null],
      [stale.id, false, null],
      [verified.id, true, null],
    ]);
    const made = await list<Items<'profiles.reviewsMade'>>(`/api/reviews-made-by/${verified.id}`, verified);
    expect(made[0]).toMatchObject({ verifiedVisit: true, verification: answer.review.verification });

    // A star given at the spa after the visit is verified too, and counted among those received.
    await give('stars', verified, spa);
    await give('stars', none, spa);
    const stats = await list<Output<'profiles.stats'>>(`/api/users/${spa.id}/profile-stats`, viewer);
    expect(stats.starStats).toEqual({ received: 2, verifiedReceived: 1, given: 0 });
    expect(stats.starGivers.map((giver) => [giver.giverId, giver.verifiedVisit]).sort()).toEqual(
      [
        [verified.id, true],
        [none.id, false],
      ].sort(),
    );
    const history = await list<Output<'recognition.stars'>>(`/api/stars/${spa.id}`, viewer);
    expect(history.entries.map((entry) => [entry.giver.id, entry.verifiedVisit]).sort()).toEqual(
      [
        [verified.id, true],
        [none.id, false],
      ].sort(),
    );
  });

  it('count a visit only up to the item’s time: a visit after a review does not verify it', async () => {
    const [spa, client] = await Promise.all([createMember('spa_management'), createMember()]);
    await review(client, spa, 'Written before the visit.', Date.now() - 2 * DAY_MS);
    await visitedAt(client, spa, 1);
    const [item] = await list<Items<'profiles.reviewsReceived'>>(`/api/user-reviews/${spa.id}`, client);
    expect(item).toMatchObject({ verifiedVisit: false, verification: { verified: false } });
  });

  it('mark a therapist’s flower and review from a client who visited a spa of her lineup, or named her', async () => {
    const [spa, otherSpa, therapist, viaLineup, viaName, viewer] = await Promise.all([
      createMember('spa_management'),
      createMember('spa_management'),
      createMember('therapist'),
      createMember(),
      createMember(),
      createMember(),
    ]);
    await database().execute({
      sql: "insert into lineup_links (spa_id, therapist_id, state, created_at, responded_at) values (?, ?, 'accepted', ?, ?)",
      args: [spa.id, therapist.id, Date.now() - 10 * DAY_MS, Date.now() - 10 * DAY_MS],
    });
    await visitedAt(viaLineup, spa, 2);
    await visitedAt(viaName, otherSpa, 2, therapist);
    await give('flowers', viaLineup, therapist);
    await give('flowers', viaName, therapist);
    await review(viaLineup, therapist, 'Strong hands.');
    const flowers = await list<Items<'profiles.flowerGivers'>>(`/api/users/${therapist.id}/flower-givers`, viewer);
    expect(flowers.map((giver) => giver.verifiedVisit)).toEqual([true, true]);
    const [item] = await list<Items<'profiles.reviewsReceived'>>(`/api/user-reviews/${therapist.id}`, viaLineup);
    expect(item).toMatchObject({ verifiedVisit: true, verification: { verified: true } });
  });

  it('mark the answer to giving: a medal for a client who visited the spa, and one for a client who did not', async () => {
    const [visited, other, client] = await Promise.all([
      createMember('spa_management'),
      createMember('spa_management'),
      createMember(),
    ]);
    await visitedAt(client, visited, 2);
    const awarded = async (spa: TestMember) => {
      const response = await call('/api/medals', { body: { recipientId: client.id }, cookie: spa.cookie });
      expect(response.status).toBe(200);
      return json<Output<'recognition.giveMedal'>>(response);
    };
    expect(await awarded(visited)).toMatchObject({ kind: 'medal', verifiedVisit: true });
    expect(await awarded(other)).toMatchObject({ kind: 'medal', verifiedVisit: false });
  });

  it('mark a spa’s medal and red flag for a client who visited it (the rule is the same both ways)', async () => {
    const [spa, visitor, stranger] = await Promise.all([
      createMember('spa_management'),
      createMember(),
      createMember(),
    ]);
    await visitedAt(visitor, spa, 5);
    await give('medals', spa, visitor);
    await give('medals', spa, stranger);
    await give('red_flags', spa, visitor);
    const medals = await list<Output<'recognition.medalHistory'>>(`/api/users/${spa.id}/medal-history`, spa);
    expect(medals.given.map((entry) => [entry.recipient?.id, entry.verifiedVisit]).sort()).toEqual(
      [
        [visitor.id, true],
        [stranger.id, false],
      ].sort(),
    );
    const received = await list<Items<'profiles.medals'>>(`/api/medals/${visitor.id}`, visitor);
    expect(received.map((entry) => entry.verifiedVisit)).toEqual([true]);
    const flags = await list<Output<'recognition.redFlagHistory'>>(
      `/api/users/${visitor.id}/red-flag-history`,
      visitor,
    );
    expect(flags.received.map((entry) => entry.verifiedVisit)).toEqual([true]);
    const transactions = await list<Output<'recognition.transactions'>>(
      `/api/users/${spa.id}/medals-transactions?timeframe=3months`,
      spa,
    );
    expect(transactions.entries.map((entry) => [entry.otherUserName, entry.verifiedVisit]).sort()).toEqual(
      [
        [visitor.name, true],
        [stranger.name, false],
      ].sort(),
    );
    const stats = await list<Output<'profiles.stats'>>(`/api/users/${visitor.id}/profile-stats`, visitor);
    expect(stats.medalStats).toEqual({ received: 1, verifiedReceived: 1 });
    expect(stats.redFlagStats).toEqual({ received: 1, verifiedReceived: 1 });
  });
});
