// Ranking by rating (ADR 020): a list ordered by rating orders by the Bayesian average of
// worker/services/spa-rating.ts, so a spa rated 10/10 by one client ranks below a spa that many clients rate 9/10,
// while every screen still shows each spa's plain mean with its review count. The admin's Top Rated Spas is the list
// the server orders by rating; the profile of a spa carries the same plain mean.
import { describe, expect, it } from 'vitest';
import { call, json, type Output } from './helpers.ts';
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
