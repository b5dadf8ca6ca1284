// Ranking by rating (ADR 020): a list ordered by rating orders by the Bayesian average of
// worker/services/spa-rating.ts, so a spa rated 10/10 by one client ranks below a spa that many clients rate 9/10,
// while every screen still shows each spa's plain mean with its review count. The admin's Top Rated Spas is the list
// the server orders by rating; the profile of a spa carries the same plain mean. Both weigh a review that follows
// a visit above one that does not (ADR 029).
import { describe, expect, it } from 'vitest';
import { DAY_MS, manilaDay } from '../../common/time.ts';
import { VERIFIED_REVIEW_WEIGHT } from '../services/spa-rating.ts';
import { call, database, json, type Output } from './helpers.ts';
import { createMember, createMembers, review, spaOf } from './members.ts';

const MANY = 20;

describe('ranking by rating', () => {
  it('puts a spa with one 10/10 review below a spa with many 9/10 reviews, and shows each its own mean and count', async () => {
    const admin = await createMember('admin');
    const [once, often] = await createMembers(['spa_management', 'spa_management'], { inBulk: true });
    const reviewers = await createMembers(
      Array.from({ length: MANY }, () => 'client' as const),
      { inBulk: true },
    );
    const onceListing = await spaOf(once!);
    const oftenListing = await spaOf(often!);
    await review(reviewers[0]!, once!, 'Perfect in every way.', Date.now() - 60_000, [10, 10, 10, 10]);
    for (const [i, reviewer] of reviewers.entries())
      await review(reviewer, often!, 'Very good, as always.', Date.now() - 120_000 - i * 1000, [9, 9, 9, 9]);

    const analytics = await json<Output<'admin.analytics'>>(
      await call('/api/admin/analytics', { cookie: admin.cookie }),
    );
    const ranked = analytics.topRatedSpas.map((spa) => spa.id);
    expect(ranked).toContain(oftenListing);
    const onceAt = ranked.indexOf(onceListing);
    // Either out of the top five altogether, or below the spa many clients rated.
    if (onceAt !== -1) expect(onceAt).toBeGreaterThan(ranked.indexOf(oftenListing));
    // What the list shows is each spa's plain mean and how many reviews it rests on.
    expect(analytics.topRatedSpas.find((spa) => spa.id === oftenListing)).toMatchObject({
      averageRating: 4.5,
      reviewCount: MANY,
    });
    if (onceAt !== -1) expect(analytics.topRatedSpas[onceAt]).toMatchObject({ averageRating: 5, reviewCount: 1 });

    // The spa's profile carries the same plain mean (spa management only; other roles have none).
    const profile = await json<Output<'profiles.profile'>>(
      await call(`/api/users/${once!.id}/profile`, { cookie: admin.cookie }),
    );
    expect(profile).toMatchObject({ averageRating: 5, reviewCounts: { received: 1 } });
    const client = await json<Output<'profiles.profile'>>(
      await call(`/api/users/${reviewers[1]!.id}/profile`, { cookie: admin.cookie }),
    );
    expect(client.averageRating).toBeNull();
  });
});

/** Visits recorded by each client to the spa a day before now (written directly: the codes are visits.test.ts's). */
async function visited(clients: { id: number }[], spa: { id: number }): Promise<void> {
  const at = Date.now() - DAY_MS;
  await database().batch(
    clients.map((client) => ({
      sql: 'insert into visits (client_id, spa_id, visited_at, manila_day) values (?, ?, ?, ?)',
      args: [client.id, spa.id, at, manilaDay(at)],
    })),
    'write',
  );
}

describe('verified reviews weigh more (ADR 029)', () => {
  it(`counts a review that follows a visit ${VERIFIED_REVIEW_WEIGHT} times in the mean, not one that does not`, async () => {
    const admin = await createMember('admin');
    const [spa] = await createMembers(['spa_management'], { inBulk: true });
    const [verified, unverified] = await createMembers(['client', 'client'], { inBulk: true });
    await visited([verified!], spa!);
    await review(verified!, spa!, 'Perfect in every way.', Date.now() - 60_000, [10, 10, 10, 10]);
    await review(unverified!, spa!, 'Only fair.', Date.now() - 60_000, [6, 6, 6, 6]);
    const profile = await json<Output<'profiles.profile'>>(
      await call(`/api/users/${spa!.id}/profile`, { cookie: admin.cookie }),
    );
    // (2 × 5 + 1 × 3) / 3, where the plain mean would be 4.
    expect(profile.averageRating).toBe(4.33);
  });

  it('ranks a spa whose reviews follow visits above one with the same reviews without', async () => {
    const admin = await createMember('admin');
    // The spa without visits is created first: on equal ratings the lower id ranks first, so only the weight can put
    // the spa with visits above it.
    const [withoutVisits, withVisits] = await createMembers(['spa_management', 'spa_management'], { inBulk: true });
    const reviewers = await createMembers(
      Array.from({ length: 10 }, () => 'client' as const),
      { inBulk: true },
    );
    const withoutListing = await spaOf(withoutVisits!);
    const withListing = await spaOf(withVisits!);
    await visited(reviewers.slice(0, 5), withVisits!);
    for (const [i, reviewer] of reviewers.entries())
      await review(
        reviewer,
        i < 5 ? withVisits! : withoutVisits!,
        'Superb.',
        Date.now() - 60_000 - i * 1000,
        [10, 10, 10, 10],
      );

    const analytics = await json<Output<'admin.analytics'>>(
      await call('/api/admin/analytics', { cookie: admin.cookie }),
    );
    const ranked = analytics.topRatedSpas.map((spa) => spa.id);
    // (5 × 3.5 + 5 × 2 × 5) / (5 + 10) = 4.5 beside (5 × 3.5 + 5 × 5) / (5 + 5) = 4.25: both show 5.0 from 5 reviews.
    expect(ranked).toContain(withListing);
    const withoutAt = ranked.indexOf(withoutListing);
    // Below it, or beyond the board's end.
    expect(withoutAt === -1 ? Infinity : withoutAt).toBeGreaterThan(ranked.indexOf(withListing));
    expect(analytics.topRatedSpas.find((spa) => spa.id === withListing)).toMatchObject({
      averageRating: 5,
      reviewCount: 5,
    });
  });
});
