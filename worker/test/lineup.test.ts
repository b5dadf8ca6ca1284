// The therapist lineup through REST: invite, accept, decline, end, and every rule tried from the wrong side
// (only spa management invites, only the invited therapist answers, no duplicate open links, banned members
// cannot be invited, the lineup is public while invitations are private to the two sides).
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/account.ts';
import { LINEUP_TEXTS } from '../../common/lineup.ts';
import { RECOGNITION_MESSAGES } from '../../common/recognition.ts';
import { REVIEW_MESSAGES } from '../../common/reviews.ts';
import { ban, createMember, type TestMember } from './members.ts';
import { call, database, json, messageOf, trpcQuery, type Input, type Output } from './helpers.ts';

const post = (who: TestMember | null, path: string, body: unknown = {}) =>
  call(path, { body, cookie: who?.cookie ?? null });
const lineupOf = async (member: { id: number }, viewer: TestMember | null) => {
  const response = await call(`/api/users/${member.id}/lineup`, { cookie: viewer?.cookie ?? null });
  expect(response.status).toBe(200);
  return json<Output<'lineup.of'>>(response);
};

async function expectError(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect(await messageOf(response)).toBe(message);
}

async function invite(spa: TestMember, therapist: { id: number }): Promise<number> {
  const response = await post(spa, '/api/lineup/invitations', { therapistId: therapist.id });
  expect(response.status).toBe(200);
  const answer = await json<Output<'lineup.invite'>>(response);
  expect(answer).toMatchObject({
    state: 'invited',
    therapistId: therapist.id,
    spaId: spa.id,
    message: LINEUP_TEXTS.invited,
  });
  return answer.linkId;
}

async function linkRows(spa: { id: number }) {
  return (
    await database().execute({
      sql: 'select therapist_id, state from lineup_links where spa_id = ? order by id',
      args: [spa.id],
    })
  ).rows.map((row) => `${row.therapist_id}:${row.state}`);
}

describe('therapist lineup', () => {
  it('a spa invites, the therapist accepts, and both profiles show the link', async () => {
    const [spa, therapist, client] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember({ role: 'therapist' }),
      createMember(),
    ]);
    const linkId = await invite(spa, therapist);

    // The invitation is private to the two sides: the public lineup is empty, and only the sides see it.
    expect(await lineupOf(spa, client)).toEqual({ therapists: [], spas: [], invitations: null });
    expect(await lineupOf(therapist, null)).toEqual({ therapists: [], spas: [], invitations: null });
    expect((await lineupOf(spa, spa)).invitations?.therapists.map((t) => t.id)).toEqual([therapist.id]);
    expect((await lineupOf(therapist, therapist)).invitations?.spas.map((s) => [s.id, s.linkId])).toEqual([
      [spa.id, linkId],
    ]);

    const accepted = await post(therapist, `/api/lineup/${linkId}/accept`);
    expect(await json<Output<'lineup.respond'>>(accepted)).toEqual({
      linkId,
      state: 'accepted',
      message: LINEUP_TEXTS.accepted,
    });

    await database().execute({
      sql: "insert into flowers (giver_id, recipient_id, manila_day) values (?, ?, '2026-01-01'), (?, ?, '2026-01-01')",
      args: [client.id, therapist.id, client.id, therapist.id],
    });
    const spaLineup = await lineupOf(spa, client);
    expect(spaLineup.invitations).toBeNull();
    expect(spaLineup.therapists).toEqual([
      expect.objectContaining({ id: therapist.id, name: therapist.name, linkId, flowersReceived: 2, profilePic: null }),
    ]);
    expect(spaLineup.therapists[0]).toHaveProperty('slug');
    const therapistLineup = await lineupOf(therapist, null);
    expect(therapistLineup.spas).toEqual([expect.objectContaining({ id: spa.id, name: spa.name, linkId })]);
    expect(therapistLineup.spas[0]).toHaveProperty('address');
  });

  it('a therapist may work at several spas, and declining leaves no link', async () => {
    const [spaA, spaB, therapist] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember({ role: 'spa_management' }),
      createMember({ role: 'therapist' }),
    ]);
    const [a, b] = [await invite(spaA, therapist), await invite(spaB, therapist)];
    expect((await post(therapist, `/api/lineup/${a}/accept`)).status).toBe(200);
    expect(await json<Output<'lineup.respond'>>(await post(therapist, `/api/lineup/${b}/decline`))).toEqual({
      linkId: b,
      state: 'declined',
      message: LINEUP_TEXTS.declined,
    });
    expect((await lineupOf(therapist, therapist)).spas.map((s) => s.id)).toEqual([spaA.id]);
    expect((await lineupOf(spaB, spaB)).invitations).toEqual({ therapists: [], spas: [] });
    // After a decline the spa may ask again.
    await invite(spaB, therapist);
  });

  it('only spa management invites, and only therapists who are not banned can be invited', async () => {
    const [spa, therapist, client, otherTherapist, banned, otherSpa] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember({ role: 'therapist' }),
      createMember(),
      createMember({ role: 'therapist' }),
      createMember({ role: 'therapist' }),
      createMember({ role: 'spa_management' }),
    ]);
    await ban(banned);
    await expectError(
      await post(client, '/api/lineup/invitations', { therapistId: therapist.id }),
      403,
      LINEUP_TEXTS.onlySpasInvite,
    );
    await expectError(
      await post(otherTherapist, '/api/lineup/invitations', { therapistId: therapist.id }),
      403,
      LINEUP_TEXTS.onlySpasInvite,
    );
    await expectError(
      await post(null, '/api/lineup/invitations', { therapistId: therapist.id }),
      401,
      MESSAGES.notSignedIn,
    );
    await expectError(
      await post(spa, '/api/lineup/invitations', { therapistId: banned.id }),
      404,
      LINEUP_TEXTS.therapistNotFound,
    );
    await expectError(
      await post(spa, '/api/lineup/invitations', { therapistId: 99_999_999 }),
      404,
      LINEUP_TEXTS.therapistNotFound,
    );
    await expectError(
      await post(spa, '/api/lineup/invitations', { therapistId: client.id }),
      400,
      LINEUP_TEXTS.notATherapist,
    );
    await expectError(
      await post(spa, '/api/lineup/invitations', { therapistId: otherSpa.id }),
      400,
      LINEUP_TEXTS.notATherapist,
    );
    expect((await post(spa, '/api/lineup/invitations', { therapistId: 'x' })).status).toBe(400);
    expect(await linkRows(spa)).toEqual([]);
  });

  it('refuses a second open link for the same spa and therapist, even when asked at once', async () => {
    const [spa, therapist] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember({ role: 'therapist' }),
    ]);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post(spa, '/api/lineup/invitations', { therapistId: therapist.id })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await messageOf(refused)).toBe(LINEUP_TEXTS.alreadyLinked);
    expect(await linkRows(spa)).toEqual([`${therapist.id}:invited`]);
    const link = (await lineupOf(spa, spa)).invitations!.therapists[0]!.linkId;
    await post(therapist, `/api/lineup/${link}/accept`);
    await expectError(
      await post(spa, '/api/lineup/invitations', { therapistId: therapist.id }),
      409,
      LINEUP_TEXTS.alreadyLinked,
    );
    expect(await linkRows(spa)).toEqual([`${therapist.id}:accepted`]);
  });

  it('only the invited therapist answers, once; strangers do not learn the invitation exists', async () => {
    const [spa, therapist, otherTherapist, client] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember({ role: 'therapist' }),
      createMember({ role: 'therapist' }),
      createMember(),
    ]);
    const linkId = await invite(spa, therapist);
    await expectError(await post(spa, `/api/lineup/${linkId}/accept`), 403, LINEUP_TEXTS.onlyInvitedResponds);
    await expectError(await post(otherTherapist, `/api/lineup/${linkId}/accept`), 404, LINEUP_TEXTS.linkNotFound);
    await expectError(await post(client, `/api/lineup/${linkId}/decline`), 404, LINEUP_TEXTS.linkNotFound);
    await expectError(
      await call(`/api/lineup/${linkId}`, { method: 'DELETE', cookie: client.cookie }),
      404,
      LINEUP_TEXTS.linkNotFound,
    );
    expect(await linkRows(spa)).toEqual([`${therapist.id}:invited`]);
    expect((await post(therapist, `/api/lineup/${linkId}/accept`)).status).toBe(200);
    await expectError(await post(therapist, `/api/lineup/${linkId}/decline`), 409, LINEUP_TEXTS.notOpen);
    expect(await linkRows(spa)).toEqual([`${therapist.id}:accepted`]);
  });

  it('either side ends a link, once', async () => {
    const [spa, therapist, therapist2] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember({ role: 'therapist' }),
      createMember({ role: 'therapist' }),
    ]);
    const first = await invite(spa, therapist);
    const second = await invite(spa, therapist2);
    await post(therapist, `/api/lineup/${first}/accept`);
    await post(therapist2, `/api/lineup/${second}/accept`);
    const end = (who: TestMember, link: number) =>
      call(`/api/lineup/${link}`, { method: 'DELETE', cookie: who.cookie });
    expect(await json<Output<'lineup.end'>>(await end(therapist, first))).toEqual({
      linkId: first,
      state: 'ended',
      message: LINEUP_TEXTS.ended,
    });
    expect((await end(spa, second)).status).toBe(200);
    await expectError(await end(spa, first), 409, LINEUP_TEXTS.alreadyEnded);
    expect((await lineupOf(spa, null)).therapists).toEqual([]);
    expect(await linkRows(spa)).toEqual([`${therapist.id}:ended`, `${therapist2.id}:ended`]);
  });

  it('leaves banned members out of the lineup and answers 404 for a banned member', async () => {
    const [spa, therapist] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember({ role: 'therapist' }),
    ]);
    await post(therapist, `/api/lineup/${await invite(spa, therapist)}/accept`);
    await ban(therapist);
    expect((await lineupOf(spa, null)).therapists).toEqual([]);
    await expectError(await call(`/api/users/${therapist.id}/lineup`), 404, 'User not found');
  });

  it("the Give Flower spa picker and a review's flower offer the therapist's spas first", async () => {
    const [spa, therapist, client] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember({ role: 'therapist' }),
      createMember(),
    ]);
    const listing = async (owner: { id: number }, name: string) =>
      Number(
        (
          await database().execute({
            sql: `insert into spas (owner_user_id, name, address, latitude, longitude) values (?, ?, 'Makati Ave', 14.56, 121.03) returning id`,
            args: [owner.id, name],
          })
        ).rows[0]!.id,
      );
    const theirs = await listing(spa, 'zzz Their Own Spa');
    await post(therapist, `/api/lineup/${await invite(spa, therapist)}/accept`);

    const picker = (input?: Input<'recognition.spas'>) => trpcQuery('recognition.spas', client, input);
    const forTherapist = await picker({ therapistId: therapist.id });
    expect(forTherapist[0]).toMatchObject({ id: theirs, worksHere: true });
    expect(forTherapist.filter((entry) => entry.worksHere)).toHaveLength(1);
    expect((await picker({ q: 'zzz Their Own Spa' })).find((entry) => entry.id === theirs)).toMatchObject({
      worksHere: false,
    });
    // For a star, the spa manager's own listing comes first.
    const forStar = await picker({ ownerId: spa.id });
    expect(forStar[0]).toMatchObject({ id: theirs, worksHere: true });
    expect(forStar.filter((entry) => entry.worksHere).map((entry) => entry.id)).toEqual([theirs]);

    const reviewed = await post(client, '/api/user-reviews', {
      targetUserId: therapist.id,
      reviewText: 'Kind and skilled hands.',
      giveFlower: true,
    });
    expect(reviewed.status).toBe(200);
    const { rows } = await database().execute({
      sql: 'select spa_id from flowers where giver_id = ? and recipient_id = ?',
      args: [client.id, therapist.id],
    });
    expect(rows.map((row) => Number(row.spa_id))).toEqual([theirs]);
  });

  it("a review's flower goes to the spa the client picks; a missing spa or a spa without a flower changes nothing", async () => {
    const [spa, therapist, client] = await Promise.all([
      createMember({ role: 'spa_management' }),
      createMember({ role: 'therapist' }),
      createMember(),
    ]);
    const elsewhere = Number(
      (
        await database().execute({
          sql: `insert into spas (owner_user_id, name, address, latitude, longitude) values (?, 'Visiting Spa', 'Ayala Ave', 14.55, 121.02) returning id`,
          args: [spa.id],
        })
      ).rows[0]!.id,
    );
    const review = (extra: Record<string, unknown>) =>
      post(client, '/api/user-reviews', {
        targetUserId: therapist.id,
        reviewText: 'Strong and careful hilot.',
        ...extra,
      });
    const saved = async () => ({
      reviews: Number(
        (
          await database().execute({
            sql: 'select count(*) as n from reviews where reviewer_id = ?',
            args: [client.id],
          })
        ).rows[0]!.n,
      ),
      flowers: (
        await database().execute({ sql: 'select spa_id from flowers where giver_id = ?', args: [client.id] })
      ).rows.map((row) => Number(row.spa_id)),
    });

    await expectError(
      await review({ giveFlower: true, flowerSpaId: 999_999_999 }),
      404,
      RECOGNITION_MESSAGES.spaNotFound,
    );
    await expectError(await review({ flowerSpaId: elsewhere }), 400, REVIEW_MESSAGES.rewardMismatch);
    expect((await review({ giveFlower: true, flowerSpaId: 'the big one' })).status).toBe(400);
    expect(await saved()).toEqual({ reviews: 0, flowers: [] });

    const given = await review({ giveFlower: true, flowerSpaId: elsewhere });
    expect(given.status).toBe(200);
    expect((await json<Output<'reviews.submit'>>(given)).reward).toMatchObject({ kind: 'flower', given: true });
    expect(await saved()).toEqual({ reviews: 1, flowers: [elsewhere] });
  });
});
