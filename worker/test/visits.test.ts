// Verified visits through REST and tRPC: the spa's code (six digits, the same within its minute, a new one after),
// recording a visit with it (201), and every rule tried from the wrong side: a wrong, expired or other spa's code,
// a banned spa's code, a therapist outside the lineup, a second visit the same day, members who are not clients,
// signed-out callers, and guessing past the limits per member and per spa. Nothing is recorded by a refusal.
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/account.ts';
import { VISIT_CODE_GRACE_SECONDS, VISIT_CODE_SECONDS, VISIT_TEXTS } from '../../common/visits.ts';
import { ban, createMember, type TestMember } from './members.ts';
import { call, database, json, messageOf, trpcData, trpcPost, untilLimited, type Output } from './helpers.ts';

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
