// Reviews and owner replies through POST /api/user-reviews and the reply paths: who reviews whom, the text
// rules with the spec's messages, the spa sub-ratings, one review per reviewer and target (edits), a reward in
// the same batch, the review kept when today's reward is used, and replies only by the reviewed member.
//
// The write-review screen shows every refusal at its field: POST /api/user-reviews and
// reviews.submit name the field a refusal is about (fields: the text, a sub-rating, the red flag's reason), and a
// spa review with some of its four optional sub-ratings is saved as sent.
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../../common/reviews.ts';
import { as, database, json, messageOf, pipelinesServed, type ErrorBody, type Items, type Output } from './helpers.ts';
import { createMember, createMembers, spaOf, type TestMember } from './members.ts';

type Submitted = Output<'reviews.submit'>;
type Replied = Output<'reviews.reply'>;

const TEXT = 'Lovely place, the hilot was excellent and the staff were kind.';
const RATINGS = { ambienceRating: 9, amenitiesRating: 8, bookingRating: 7, selectionRating: 10 };

async function count(sql: string, args: (string | number)[]): Promise<number> {
  return Number((await database().execute({ sql, args })).rows[0]![0]);
}

describe('writing a review', () => {
  it('a client reviews a spa with its four sub-ratings and a star in one batch; the spa rating is computed', async () => {
    const [client] = await createMembers([{ role: 'client' }]);
    const spa = await createMember('spa_management');
    const spaId = await spaOf(spa);
    const before = await pipelinesServed();
    const response = await as(client!, '/api/user-reviews', {
      body: { targetUserId: spa.id, reviewText: `  ${TEXT}  `, ...RATINGS, giveStar: true },
    });
    expect(await pipelinesServed()).toBe(before + 2);
    expect(response.status).toBe(200);
    const answer = await json<Submitted>(response);
    expect(answer).toMatchObject({
      review: { edited: false },
      target: { id: spa.id, role: 'spa_management' },
      reward: { kind: 'star', given: true },
    });
    const stored = await database().execute({ sql: 'select * from reviews where id = ?', args: [answer.review.id] });
    expect(stored.rows[0]).toMatchObject({
      review_text: TEXT,
      ambience_rating: 9,
      amenities_rating: 8,
      booking_rating: 7,
      selection_rating: 10,
    });
    expect(
      await count('select count(*) from stars where giver_id = ? and recipient_id = ? and spa_id = ?', [
        client!.id,
        spa.id,
        spaId,
      ]),
    ).toBe(1);

    const received = await json<Items<'profiles.reviewsReceived'>>(await as(client!, `/api/user-reviews/${spa.id}`));
    expect(received[0]).toMatchObject({
      reviewText: TEXT,
      ...RATINGS,
      updatedAt: null,
      reply: null,
      reviewer: { id: client!.id },
    });
  });

  it("takes the spec's payload for a spa without sub-ratings; only reviews with all four count in the rating", async () => {
    const [client, second, third, therapist] = await createMembers([
      { role: 'client' },
      { role: 'client' },
      { role: 'client' },
      { role: 'therapist' },
    ]);
    const spa = await createMember('spa_management');
    await database().execute({
      sql: 'update users set latitude = 14.55, longitude = 121.02 where id = ?',
      args: [spa.id],
    });
    const rating = async () => {
      const listing = await json<Output<'map.users'>>(await as(client!, '/api/users?role=spa_management'));
      return listing.find((entry) => entry.id === spa.id);
    };
    // The spec's payload: targetUserId, reviewText, giveStar.
    const plain = await as(client!, '/api/user-reviews', {
      body: { targetUserId: spa.id, reviewText: TEXT, giveStar: true },
    });
    expect(plain.status).toBe(200);
    expect(await json<Submitted>(plain)).toMatchObject({ reward: { kind: 'star', given: true } });
    expect(await rating()).toMatchObject({ averageRating: null, reviewCount: 1 });
    // One sub-rating only: kept with the review, but not counted in the rating either.
    expect(
      (await as(second!, '/api/user-reviews', { body: { targetUserId: spa.id, reviewText: TEXT, ambienceRating: 9 } }))
        .status,
    ).toBe(200);
    expect(await rating()).toMatchObject({ averageRating: null, reviewCount: 2 });
    // All four count: (9 + 8 + 7 + 10) / 4 / 2.
    expect(
      (await as(third!, '/api/user-reviews', { body: { targetUserId: spa.id, reviewText: TEXT, ...RATINGS } })).status,
    ).toBe(200);
    expect(await rating()).toMatchObject({ averageRating: 4.25, reviewCount: 3 });

    // Out of range, or not a number: refused, nothing saved.
    for (const bad of [{ bookingRating: 11 }, { bookingRating: 0 }, { bookingRating: 'ten' }, { bookingRating: 7.5 }]) {
      const refused = await as(client!, '/api/user-reviews', {
        body: { targetUserId: spa.id, reviewText: 'Changed.', ...RATINGS, ...bad },
      });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(await messageOf(refused)).toBe(REVIEW_MESSAGES.ratingsRequired);
    }
    expect(
      await count('select count(*) from reviews where reviewer_id = ? and review_text = ?', [client!.id, TEXT]),
    ).toBe(1);
    // Ratings sent for a therapist are not stored.
    await as(client!, '/api/user-reviews', { body: { targetUserId: therapist!.id, reviewText: TEXT, ...RATINGS } });
    expect(
      await count('select count(*) from reviews where reviewer_id = ? and ambience_rating is null', [client!.id]),
    ).toBe(2);
  });

  it('says Review Required for empty or blank text and Review Too Long beyond 1,000 words', async () => {
    const [client, therapist] = await createMembers([{ role: 'client' }, { role: 'therapist' }]);
    for (const [reviewText, message] of [
      ['', REVIEW_MESSAGES.required],
      ['   \n\t ', REVIEW_MESSAGES.required],
      [Array.from({ length: 1001 }, () => 'good').join(' '), REVIEW_MESSAGES.tooLong],
    ]) {
      const response = await as(client!, '/api/user-reviews', { body: { targetUserId: therapist!.id, reviewText } });
      expect(response.status).toBe(400);
      expect(await messageOf(response)).toBe(message);
    }
    const exactly = Array.from({ length: 1000 }, () => 'good').join(' ');
    expect(
      (await as(client!, '/api/user-reviews', { body: { targetUserId: therapist!.id, reviewText: exactly } })).status,
    ).toBe(200);
  });

  it('lets clients review therapists and spas and spas review clients, nobody else, never oneself; banned or missing is 404', async () => {
    const [client, otherClient, therapist, admin, bannedTherapist] = await createMembers([
      { role: 'client' },
      { role: 'client' },
      { role: 'therapist' },
      { role: 'admin' },
      { role: 'therapist', banned: true },
    ]);
    const spa = await createMember('spa_management');
    const cases: [TestMember, number, number][] = [
      [client!, otherClient!.id, 403],
      [client!, client!.id, 403],
      [therapist!, client!.id, 403],
      [admin!, client!.id, 403],
      [spa, therapist!.id, 403],
      [client!, bannedTherapist!.id, 404],
      [client!, 99_999_999, 404],
      [spa, client!.id, 200],
      [client!, therapist!.id, 200],
    ];
    for (const [reviewer, targetUserId, status] of cases) {
      const response = await as(reviewer, '/api/user-reviews', { body: { targetUserId, reviewText: TEXT } });
      expect([reviewer.role, targetUserId, response.status]).toEqual([reviewer.role, targetUserId, status]);
    }
    expect(
      (await as(null, '/api/user-reviews', { body: { targetUserId: therapist!.id, reviewText: TEXT } })).status,
    ).toBe(401);
  });

  it('keeps one review per reviewer and target: a second submit edits it and shows it as edited', async () => {
    const [client, therapist] = await createMembers([{ role: 'client' }, { role: 'therapist' }]);
    const first = await json<Submitted>(
      await as(client!, '/api/user-reviews', { body: { targetUserId: therapist!.id, reviewText: TEXT } }),
    );
    const second = await json<Submitted>(
      await as(client!, '/api/user-reviews', {
        body: { targetUserId: therapist!.id, reviewText: 'Even better the second time.' },
      }),
    );
    expect(second.review).toMatchObject({ id: first.review.id, edited: true });
    expect(await count('select count(*) from reviews where reviewer_id = ?', [client!.id])).toBe(1);
    const [review] = await json<Items<'profiles.reviewsReceived'>>(
      await as(client!, `/api/user-reviews/${therapist!.id}`),
    );
    expect(review).toMatchObject({ reviewText: 'Even better the second time.', updatedAt: expect.any(Number) });
  });

  it('saves the review but says no reward was given when today’s flower is already used', async () => {
    const [client, therapist, other] = await createMembers([
      { role: 'client' },
      { role: 'therapist' },
      { role: 'therapist' },
    ]);
    expect(
      (
        await json<Submitted>(
          await as(client!, '/api/user-reviews', {
            body: { targetUserId: therapist!.id, reviewText: TEXT, giveFlower: true },
          }),
        )
      ).reward,
    ).toEqual({
      kind: 'flower',
      given: true,
      message: '',
    });
    const response = await as(client!, '/api/user-reviews', {
      body: { targetUserId: other!.id, reviewText: TEXT, giveFlower: true },
    });
    expect(response.status).toBe(200);
    expect((await json<Submitted>(response)).reward).toEqual({
      kind: 'flower',
      given: false,
      message: "No flower was given: you have used today's 1 flower.",
    });
    expect(await count('select count(*) from reviews where reviewer_id = ?', [client!.id])).toBe(2);
    expect(await count('select count(*) from flowers where giver_id = ?', [client!.id])).toBe(1);
  });

  it('refuses a reward that does not fit the target, writing nothing; spa management gives a medal or a red flag', async () => {
    const [client, therapist] = await createMembers([{ role: 'client' }, { role: 'therapist' }]);
    const spa = await createMember('spa_management');
    const wrong = await as(client!, '/api/user-reviews', {
      body: { targetUserId: therapist!.id, reviewText: TEXT, giveStar: true },
    });
    expect(wrong.status).toBe(400);
    expect(await messageOf(wrong)).toBe(REVIEW_MESSAGES.rewardMismatch);
    expect(await count('select count(*) from reviews where reviewer_id = ?', [client!.id])).toBe(0);

    const medal = await json<Submitted>(
      await as(spa, '/api/user-reviews', {
        body: { targetUserId: client!.id, reviewText: 'A kind and punctual guest.', giveStar: true },
      }),
    );
    expect(medal.reward).toMatchObject({ kind: 'medal', given: true });
    const noReason = await as(spa, '/api/user-reviews', {
      body: { targetUserId: client!.id, reviewText: 'Never showed up.', giveRedFlag: true },
    });
    expect(noReason.status).toBe(400);
    const flag = await json<Submitted>(
      await as(spa, '/api/user-reviews', {
        body: { targetUserId: client!.id, reviewText: 'Never showed up.', giveRedFlag: true, redFlagReason: 'No-show' },
      }),
    );
    expect(flag).toMatchObject({ review: { edited: true }, reward: { kind: 'red_flag', given: true } });
    expect(await count('select count(*) from red_flags where giver_id = ? and reason = ?', [spa.id, 'No-show'])).toBe(
      1,
    );
  });

  it("keeps a red flag's reason outside the list as Other, its text before the review's", async () => {
    const client = await createMember();
    const spa = await createMember('spa_management');
    const body = {
      targetUserId: client.id,
      reviewText: 'Left without paying for the massage.',
      giveRedFlag: true,
      redFlagReason: 'Skipped the bill',
    };
    const flag = await json<Submitted>(await as(spa, '/api/user-reviews', { body }));
    expect(flag.reward).toMatchObject({ kind: 'red_flag', given: true });
    const { rows } = await database().execute({
      sql: 'select reason, description from red_flags where giver_id = ?',
      args: [spa.id],
    });
    expect(rows.map(({ reason, description }) => ({ reason, description }))).toEqual([
      { reason: 'Other', description: 'Skipped the bill: Left without paying for the massage.' },
    ]);
  });
});

describe('owner replies', () => {
  it('only the reviewed member replies, edits and deletes; the reply shows under the review', async () => {
    const [client, therapist, stranger] = await createMembers([
      { role: 'client' },
      { role: 'therapist' },
      { role: 'therapist' },
    ]);
    const { review } = await json<Submitted>(
      await as(client!, '/api/user-reviews', { body: { targetUserId: therapist!.id, reviewText: TEXT } }),
    );
    const path = `/api/reviews/${review.id}/reply`;
    for (const who of [client!, stranger!])
      expect((await as(who, path, { method: 'PUT', body: { replyText: 'Thanks!' } })).status).toBe(403);
    expect((await as(therapist!, path, { method: 'PUT', body: { replyText: '   ' } })).status).toBe(400);
    expect(
      (await as(therapist!, '/api/reviews/99999999/reply', { method: 'PUT', body: { replyText: 'Hi' } })).status,
    ).toBe(404);

    const created = await json<Replied>(
      await as(therapist!, path, { method: 'PUT', body: { replyText: 'Salamat po, see you again!' } }),
    );
    expect(created.reply).toEqual({
      text: 'Salamat po, see you again!',
      createdAt: expect.any(Number),
      updatedAt: null,
    });
    const edited = await json<Replied>(
      await as(therapist!, path, { method: 'PUT', body: { replyText: 'Salamat po!' } }),
    );
    expect(edited.reply).toMatchObject({
      text: 'Salamat po!',
      createdAt: created.reply!.createdAt,
      updatedAt: expect.any(Number),
    });
    const [listed] = await json<Items<'profiles.reviewsReceived'>>(
      await as(client!, `/api/user-reviews/${therapist!.id}`),
    );
    expect(listed?.reply?.text).toBe('Salamat po!');

    expect((await as(client!, path, { method: 'DELETE' })).status).toBe(403);
    expect(
      (await json<Output<'reviews.deleteReply'>>(await as(therapist!, path, { method: 'DELETE' }))).reply,
    ).toBeNull();
    expect(
      (await json<Items<'profiles.reviewsReceived'>>(await as(client!, `/api/user-reviews/${therapist!.id}`)))[0]
        ?.reply,
    ).toBeNull();
  });
});

describe('POST /api/user-reviews refusals name their field', () => {
  it('a red flag without a reason: 400 at redFlagReason, nothing saved', async () => {
    const [spa, client] = await createMembers([{ role: 'spa_management' }, { role: 'client' }]);
    const refused = await as(spa!, '/api/user-reviews', {
      body: { targetUserId: client!.id, reviewText: 'Did not show up.', giveRedFlag: true },
    });
    expect(refused.status).toBe(400);
    const body = await json<ErrorBody>(refused);
    expect(body.message).toBe(REVIEW_MESSAGES.redFlagReasonRequired);
    expect(body.fields?.redFlagReason).toEqual([REVIEW_MESSAGES.redFlagReasonRequired]);
    const { rows } = await database().execute({
      sql: 'select count(*) as n from reviews where reviewer_id = ?',
      args: [spa!.id],
    });
    expect(Number(rows[0]!.n)).toBe(0);
  });

  it('a sub-rating out of range names that rating; an empty text names the text', async () => {
    const [client, spa] = await createMembers([{ role: 'client' }, { role: 'spa_management' }]);
    const rating = await as(client!, '/api/user-reviews', {
      body: { targetUserId: spa!.id, reviewText: 'Calm rooms.', bookingRating: 11 },
    });
    expect(rating.status).toBe(400);
    expect((await json<ErrorBody>(rating)).fields?.bookingRating).toEqual([REVIEW_MESSAGES.ratingsRequired]);
    const text = await as(client!, '/api/user-reviews', { body: { targetUserId: spa!.id, reviewText: '   ' } });
    expect(text.status).toBe(400);
    expect((await json<ErrorBody>(text)).fields?.reviewText).toEqual([REVIEW_MESSAGES.required]);
  });

  it('a spa review with two of the four sub-ratings is saved as sent', async () => {
    const [client, spa] = await createMembers([{ role: 'client' }, { role: 'spa_management' }]);
    const saved = await as(client!, '/api/user-reviews', {
      body: { targetUserId: spa!.id, reviewText: 'Calm rooms.', ambienceRating: 9, bookingRating: 7 },
    });
    expect(saved.status).toBe(200);
    const { rows } = await database().execute({
      sql: 'select ambience_rating, amenities_rating, booking_rating, selection_rating from reviews where reviewer_id = ? and target_user_id = ?',
      args: [client!.id, spa!.id],
    });
    expect(rows[0]).toMatchObject({
      ambience_rating: 9,
      amenities_rating: null,
      booking_rating: 7,
      selection_rating: null,
    });
  });
});
