// The write-review screen shows every refusal at its field: POST /api/user-reviews and
// reviews.submit name the field a refusal is about (fields: the text, a sub-rating, the red flag's reason), and a
// spa review with some of its four optional sub-ratings is saved as sent.
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../../common/reviews.ts';
import { as, database, json, type ErrorBody } from './helpers.ts';
import { createMembers } from './members.ts';

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
