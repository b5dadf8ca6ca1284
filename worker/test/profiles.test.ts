// Reading profiles through the documented REST paths (and their tRPC procedures): shapes, visibility decided
// by the server (a viewer-role x target-role matrix), banned members, newest-first pages with a cursor, and one
// database round trip per read, the session lookup included.
import { beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PAGE_SIZE } from '../../common/profile.ts';
import {
  call,
  database,
  get,
  json,
  pipelinesServed,
  seenBodies,
  type CurrentUser,
  type ErrorBody,
  type Items,
  type Output,
  type TrpcResult,
} from './helpers.ts';
import { ban, createMember, give, review, type TestMember, type TestRole } from './members.ts';

const ROLES: TestRole[] = ['client', 'therapist', 'spa_management', 'admin'];

/** Every read path of a member (spec, "The calls it makes"). */
const readPaths = (id: number, slug: string) => [
  `/api/profile/by-slug/${slug}`,
  `/api/users/${id}/profile`,
  `/api/users/${id}/profile-stats`,
  `/api/users/${id}/star-stats`,
  `/api/users/${id}/flower-stats`,
  `/api/users/${id}/flower-givers`,
  `/api/users/${id}/star-givers`,
  `/api/reviews-made-by/${id}`,
  `/api/user-reviews/${id}`,
  `/api/stars-given-by/${id}`,
  `/api/flowers-given-by/${id}`,
  `/api/medals/${id}`,
  `/api/red-flags/${id}`,
];

let viewers: Record<TestRole, TestMember>;
let spa: TestMember;
let therapist: TestMember;
let client: TestMember;

beforeAll(async () => {
  const [v1, v2, v3, v4, s, t, c] = await Promise.all([
    createMember('client'),
    createMember('therapist'),
    createMember('spa_management'),
    createMember('admin'),
    createMember('spa_management'),
    createMember('therapist'),
    createMember('client'),
  ]);
  viewers = { client: v1!, therapist: v2!, spa_management: v3!, admin: v4! };
  spa = s!;
  therapist = t!;
  client = c!;
  const db = database();
  await db.execute({
    sql: `update users set email = 'spa-owner@example.com', phone_number = '+639171234567', address = '1 Ayala Ave, Makati',
          latitude = 14.55, longitude = 121.02, about_me = 'A calm spa.', instagram_handle = 'calmspa',
          opening_hours = '{"mon":[["09:00","21:00"]],"tue":[],"wed":[],"thu":[],"fri":[],"sat":[],"sun":[]}' where id = ?`,
    args: [spa.id],
  });
  await db.execute({
    sql: "update users set email = 'client@example.com', address = 'Secret St' where id = ?",
    args: [client.id],
  });
  // The client's life: stars to the spa, flowers to the therapist, reviews of both; medals and red flags from the spa.
  await give('stars', client, spa, 2);
  await give('flowers', client, therapist, 3);
  await give('medals', spa, client, 2);
  await give('red_flags', spa, client, 1);
  await review(client, spa, 'Lovely spa.', Date.now() - 120_000, [9, 8, 7, 10]);
  await review(client, therapist, 'Magic hands.', Date.now() - 60_000);
  await review(spa, client, 'A polite guest.', Date.now() - 30_000);
});

describe('reading a profile', () => {
  it('answers 401 on every read path when nobody is signed in', async () => {
    for (const path of readPaths(spa.id, spa.slug)) {
      const response = await get(path);
      expect(response.status, path).toBe(401);
    }
  });

  it('answers the public profile by slug and by id, without email or secrets', async () => {
    const bySlug = await json<Output<'profiles.profile'>>(
      await get(`/api/profile/by-slug/${spa.slug}`, viewers.client),
    );
    const byId = await json<Output<'profiles.profile'>>(await get(`/api/users/${spa.id}/profile`, viewers.client));
    expect(bySlug).toEqual(byId);
    expect(bySlug).toMatchObject({
      id: spa.id,
      name: spa.name,
      slug: spa.slug,
      role: 'spa_management',
      phoneNumber: '+639171234567',
      address: '1 Ayala Ave, Makati',
      latitude: '14.55',
      longitude: '121.02',
      aboutMe: 'A calm spa.',
      instagramHandle: 'calmspa',
      isPremium: false,
      profilePic: null,
      openingHours: { mon: [['09:00', '21:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
      reviewCounts: { received: 1, spasReviewed: 0, therapistsReviewed: 0 },
    });
    for (const secret of ['email', 'passwordHash', 'nameKey', 'premiumUntil', 'chatBot', 'isBanned', 'sessions'])
      expect(bySlug, secret).not.toHaveProperty(secret);
  });

  it("gives other members a therapist's pin rounded to about 100 m, and the owner and admins the exact one", async () => {
    await database().execute({
      sql: "update users set address = 'Poblacion, Makati City', latitude = 14.565123456789012, longitude = 121.031987654321098 where id = ?",
      args: [therapist.id],
    });
    for (const viewer of [viewers.client, viewers.therapist, viewers.spa_management]) {
      for (const path of [`/api/profile/by-slug/${therapist.slug}`, `/api/users/${therapist.id}/profile`]) {
        const profile = await json<Output<'profiles.profile'>>(await get(path, viewer));
        expect(profile, path).toMatchObject({
          address: 'Poblacion, Makati City',
          latitude: '14.565',
          longitude: '121.032',
        });
      }
    }
    for (const viewer of [therapist, viewers.admin]) {
      const profile = await json<Output<'profiles.profile'>>(
        await get(`/api/profile/by-slug/${therapist.slug}`, viewer),
      );
      expect(profile).toMatchObject({ latitude: '14.565123456789012', longitude: '121.0319876543211' });
    }
    // A spa listing is a business: its pin is exact for everyone.
    const listing = await json<Output<'profiles.profile'>>(
      await get(`/api/profile/by-slug/${spa.slug}`, viewers.client),
    );
    expect(listing).toMatchObject({ latitude: '14.55', longitude: '121.02' });
  });

  it("hides a client's address and counts the reviews a client wrote by the target's role", async () => {
    const profile = await json<Output<'profiles.profile'>>(
      await get(`/api/users/${client.id}/profile`, viewers.spa_management),
    );
    expect(profile.address).toBeNull();
    expect(profile.reviewCounts).toEqual({ received: 1, spasReviewed: 1, therapistsReviewed: 1 });
  });

  it("gives a client's phone and handles only to the viewers the Contact tab shows them to (never another client)", async () => {
    await database().execute({
      sql: "update users set phone_number = '+639181112222', telegram_handle = 'client.tg', facebook_handle = 'client.fb' where id = ?",
      args: [client.id],
    });
    const reads = (viewer: TestMember) => [
      get(`/api/profile/by-slug/${client.slug}`, viewer).then((response) => json<Output<'profiles.profile'>>(response)),
      get(`/api/users/${client.id}/profile`, viewer).then((response) => json<Output<'profiles.profile'>>(response)),
      call(`/trpc/profiles.profile?input=${encodeURIComponent(JSON.stringify({ userId: client.id }))}`, {
        cookie: viewer.cookie,
      })
        .then((response) => json<TrpcResult<'profiles.profile'>>(response))
        .then((answer) => answer.result.data),
    ];
    for (const viewer of [viewers.therapist, viewers.spa_management, viewers.admin, client]) {
      for (const profile of await Promise.all(reads(viewer))) {
        expect(profile, viewer.role).toMatchObject({
          phoneNumber: '+639181112222',
          telegramHandle: 'client.tg',
          facebookHandle: 'client.fb',
        });
      }
    }
    for (const profile of await Promise.all(reads(viewers.client))) {
      expect(profile).toMatchObject({
        id: client.id,
        phoneNumber: null,
        telegramHandle: null,
        facebookHandle: null,
        address: null,
      });
      expect(JSON.stringify(profile)).not.toMatch(/639181112222|client\.tg|client\.fb/);
    }
    // A spa's contact details are for everyone.
    expect(
      await json<Output<'profiles.profile'>>(await get(`/api/users/${spa.id}/profile`, viewers.client)),
    ).toMatchObject({
      phoneNumber: '+639171234567',
      instagramHandle: 'calmspa',
    });
  });

  it('answers 404 "User not found" for an unknown slug, an unknown id, a non-number and the literal undefined', async () => {
    for (const path of [
      '/api/profile/by-slug/nobody-here-at-all',
      '/api/profile/by-slug/undefined',
      '/api/users/999999999/profile',
      '/api/users/abc/profile',
    ]) {
      const response = await get(path, viewers.client);
      expect(response.status, path).toBe(404);
      expect(await json<ErrorBody>(response), path).toMatchObject({ message: 'User not found' });
    }
  });

  it('answers 404 for a banned member to everyone but admins, on every read path', async () => {
    const banned = await createMember('client');
    await ban(banned);
    for (const role of ['client', 'therapist', 'spa_management'] as const) {
      for (const path of readPaths(banned.id, banned.slug)) {
        const response = await get(path, viewers[role]);
        expect(response.status, `${role} ${path}`).toBe(404);
      }
    }
    const seenByAdmin = await get(`/api/profile/by-slug/${banned.slug}`, viewers.admin);
    expect(seenByAdmin.status).toBe(200);
    expect(await json<Output<'profiles.profile'>>(seenByAdmin)).toMatchObject({ id: banned.id, isBanned: true });
    for (const path of readPaths(banned.id, banned.slug))
      expect((await get(path, viewers.admin)).status, path).toBe(200);
  });

  it('gives the email only through GET /api/user to its owner', async () => {
    for (const viewer of [...Object.values(viewers), spa]) {
      for (const path of readPaths(spa.id, spa.slug)) {
        const response = await get(path, viewer);
        if (response.status !== 200) continue;
        expect(await response.text(), path).not.toContain('spa-owner@example.com');
      }
    }
    const own = await json<CurrentUser>(await get('/api/user', spa));
    expect(own.email).toBe('spa-owner@example.com');
  });

  it('never sends a password hash, a session id or a token hash in any answer', async () => {
    expect(seenBodies.some((body) => /scrypt|password_?hash|secret_?hash/i.test(body))).toBe(false);
  });
});

describe('who sees red flags (viewer role x target role)', () => {
  // Expected: red flags are visible to the member, spa management, therapists and admins; not to other clients.
  const allowed: Record<TestRole, boolean> = { client: false, therapist: true, spa_management: true, admin: true };

  for (const viewerRole of ROLES) {
    for (const targetRole of ['client', 'therapist', 'spa_management'] as const) {
      it(`${viewerRole} viewing a ${targetRole}`, async () => {
        const target = { client, therapist, spa_management: spa }[targetRole];
        const viewer = viewers[viewerRole];
        const stats = await json<Output<'profiles.stats'>>(await get(`/api/users/${target.id}/profile-stats`, viewer));
        const list = await get(`/api/red-flags/${target.id}`, viewer);
        if (allowed[viewerRole]) {
          expect(stats.redFlagStats).toEqual({ received: targetRole === 'client' ? 1 : 0, verifiedReceived: 0 });
          expect(list.status).toBe(200);
          expect(await json<Items<'profiles.redFlags'>>(list)).toHaveLength(targetRole === 'client' ? 1 : 0);
        } else {
          expect(stats.redFlagStats).toBeNull();
          expect(list.status).toBe(403);
        }
        // Everything else reads the same for every viewer.
        expect(stats.medalStats).toEqual({ received: targetRole === 'client' ? 2 : 0, verifiedReceived: 0 });
        expect((await get(`/api/medals/${target.id}`, viewer)).status).toBe(200);
      });
    }
  }

  it('a client sees their own red flags', async () => {
    const stats = await json<Output<'profiles.stats'>>(await get(`/api/users/${client.id}/profile-stats`, client));
    expect(stats.redFlagStats).toEqual({ received: 1, verifiedReceived: 0 });
    const flags = await json<Items<'profiles.redFlags'>>(await get(`/api/red-flags/${client.id}`, client));
    expect(flags).toEqual([
      {
        id: expect.any(Number),
        createdAt: expect.any(Number),
        reason: 'reason 0',
        giver: { id: spa.id, name: spa.name, slug: spa.slug },
        verifiedVisit: false,
      },
    ]);
  });

  it('answers 404 before 403: an unknown member is not found for anyone', async () => {
    expect((await get('/api/red-flags/999999999', viewers.client)).status).toBe(404);
  });
});

describe('the stats and the lists', () => {
  it("answers profile-stats in exactly the spec's shape", async () => {
    const stats = await json<Output<'profiles.stats'>>(
      await get(`/api/users/${therapist.id}/profile-stats`, viewers.therapist),
    );
    expect(Object.keys(stats).sort()).toEqual(
      ['flowerGivers', 'flowerStats', 'medalStats', 'redFlagStats', 'reviews', 'starGivers', 'starStats'].sort(),
    );
    expect(stats.starStats).toEqual({ received: 0, verifiedReceived: 0, given: 0 });
    expect(stats.flowerStats).toEqual({ received: 3, verifiedReceived: 0, given: 0 });
    expect(stats.flowerGivers).toHaveLength(3);
    for (const giver of stats.flowerGivers) {
      expect(Object.keys(giver).sort()).toEqual([
        'createdAt',
        'giverId',
        'giverName',
        'giverSlug',
        'id',
        'verifiedVisit',
      ]);
      expect(giver).toMatchObject({ giverId: client.id, giverName: client.name, giverSlug: client.slug });
    }
    expect(stats.reviews).toEqual([
      {
        id: expect.any(Number),
        createdAt: expect.any(Number),
        reviewText: 'Magic hands.',
        ambienceRating: null,
        amenitiesRating: null,
        bookingRating: null,
        selectionRating: null,
        reviewer: { id: client.id, name: client.name, slug: client.slug },
        targetUser: { id: therapist.id, name: therapist.name, slug: therapist.slug, role: 'therapist' },
        updatedAt: null,
        reply: null,
        removed: false,
        verifiedVisit: false,
        verification: null,
      },
    ]);
    const clientStats = await json<Output<'profiles.stats'>>(
      await get(`/api/users/${client.id}/profile-stats`, viewers.admin),
    );
    expect(clientStats.starStats).toEqual({ received: 0, verifiedReceived: 0, given: 2 });
    expect(clientStats.flowerStats).toEqual({ received: 0, verifiedReceived: 0, given: 3 });
  });

  it('answers star-stats and flower-stats as {received}', async () => {
    expect(
      await json<Output<'profiles.starStats'>>(await get(`/api/users/${spa.id}/star-stats`, viewers.client)),
    ).toEqual({ received: 2 });
    expect(
      await json<Output<'profiles.flowerStats'>>(await get(`/api/users/${therapist.id}/flower-stats`, viewers.client)),
    ).toEqual({ received: 3 });
  });

  it('lists givers, given records, received records and reviews newest first in their shapes', async () => {
    const starGivers = await json<Items<'profiles.starGivers'>>(
      await get(`/api/users/${spa.id}/star-givers`, viewers.client),
    );
    expect(starGivers.map((g) => g.giverId)).toEqual([client.id, client.id]);
    expect(starGivers[0]?.createdAt).toBeGreaterThan(starGivers[1]!.createdAt);

    const starsGiven = await json<Items<'profiles.starsGiven'>>(
      await get(`/api/stars-given-by/${client.id}`, viewers.client),
    );
    expect(starsGiven[0]).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(Number),
      reason: 'reason 0',
      recipient: { id: spa.id, name: spa.name, slug: spa.slug },
      verifiedVisit: false,
    });
    const flowersGiven = await json<Items<'profiles.flowersGiven'>>(
      await get(`/api/flowers-given-by/${client.id}`, viewers.client),
    );
    expect(flowersGiven).toHaveLength(3);
    expect(flowersGiven[0]?.recipient).toEqual({ id: therapist.id, name: therapist.name, slug: therapist.slug });

    const medals = await json<Items<'profiles.medals'>>(await get(`/api/medals/${client.id}`, viewers.client));
    expect(medals).toHaveLength(2);
    expect(medals[0]?.giver).toEqual({ id: spa.id, name: spa.name, slug: spa.slug });

    const made = await json<Items<'profiles.reviewsMade'>>(
      await get(`/api/reviews-made-by/${client.id}`, viewers.client),
    );
    expect(made.map((r) => [r.reviewText, r.targetUser.role])).toEqual([
      ['Magic hands.', 'therapist'],
      ['Lovely spa.', 'spa_management'],
    ]);
    expect(made[1]).toMatchObject({ ambienceRating: 9, amenitiesRating: 8, bookingRating: 7, selectionRating: 10 });

    const received = await json<Items<'profiles.reviewsReceived'>>(
      await get(`/api/user-reviews/${client.id}`, viewers.client),
    );
    expect(received.map((r) => r.reviewer.id)).toEqual([spa.id]);
  });

  it(`pages past ${PROFILE_PAGE_SIZE}: the first page is the spec's array, the Link header leads on`, async () => {
    const giver = await createMember('spa_management');
    const recipient = await createMember('client');
    const ids = await give('medals', giver, recipient, PROFILE_PAGE_SIZE + 5);

    const first = await get(`/api/medals/${recipient.id}`, viewers.client);
    const firstPage = await json<Items<'profiles.medals'>>(first);
    expect(firstPage.map((m) => m.id)).toEqual(ids.slice(0, PROFILE_PAGE_SIZE));
    const next = first.headers.get('X-Next-Cursor');
    expect(first.headers.get('Link')).toBe(
      `</api/medals/${recipient.id}?cursor=${encodeURIComponent(next!)}>; rel="next"`,
    );

    const second = await get(`/api/medals/${recipient.id}?cursor=${encodeURIComponent(next!)}`, viewers.client);
    expect((await json<Items<'profiles.medals'>>(second)).map((m) => m.id)).toEqual(ids.slice(PROFILE_PAGE_SIZE));
    expect(second.headers.get('Link')).toBeNull();

    const bad = await get(`/api/medals/${recipient.id}?cursor=not-a-cursor`, viewers.client);
    expect(bad.status).toBe(400);
  });

  it('keeps the same order for items given at the same millisecond (the id breaks ties)', async () => {
    const giver = await createMember('client');
    const recipient = await createMember('spa_management');
    const at = Date.now() - 10_000;
    const ids = await Promise.all([give('stars', giver, recipient, 1, at), give('stars', giver, recipient, 1, at)]);
    const list = await json<Items<'profiles.starGivers'>>(
      await get(`/api/users/${recipient.id}/star-givers`, viewers.client),
    );
    expect(list.map((s) => s.id)).toEqual(ids.flat().sort((a, b) => b - a));
  });
});

describe('a banned member in the lists', () => {
  it('is named without an id, member number or link wherever others read what they wrote or gave; the admin still finds them', async () => {
    const [banned, spa, therapist, viewer, admin] = await Promise.all([
      createMember('client'),
      createMember('spa_management'),
      createMember('therapist'),
      createMember('client'),
      createMember('admin'),
    ]);
    await review(banned, spa, 'Calm rooms.', Date.now() - 300_000, [8, 8, 8, 8]);
    await give('stars', banned, spa);
    await give('flowers', banned, therapist);
    await ban(banned);
    const reads = [
      `/api/user-reviews/${spa.id}`,
      `/api/users/${spa.id}/profile-stats`,
      `/api/users/${spa.id}/star-givers`,
      `/api/users/${therapist.id}/flower-givers`,
      `/api/stars/${spa.id}`,
      `/api/flowers/${therapist.id}`,
      `/api/users/${spa.id}/stars-transactions`,
    ];
    for (const path of reads) {
      const text = await (await get(path, path.includes('transactions') ? spa : viewer)).text();
      expect(text, path).toContain(banned.name);
      // Nothing in the answer leads to the banned member: not their id, slug or member number.
      expect(text, path).not.toContain(banned.slug);
      expect(text, path).not.toMatch(
        new RegExp(`"(?:id|giverId|reviewerId|userId|otherId|recipientId)":${banned.id}\\b`),
      );
      expect(text, path).not.toContain(`"memberNumber":${banned.memberNumber},`);
    }
    // The admin's screens keep their links: a banned member is reachable there.
    const found = await json<{ id: number }[]>(
      await call('/api/admin/search-users', { body: { field: 'name', term: banned.name }, cookie: admin.cookie }),
    );
    expect(found.map((member) => member.id)).toContain(banned.id);
  });
});

describe('round trips', () => {
  it('answers every read with one database round trip, the session lookup included', async () => {
    for (const path of readPaths(client.id, client.slug)) {
      const before = await pipelinesServed();
      const response = await get(path, viewers.spa_management);
      expect(response.status, path).toBe(200);
      expect((await pipelinesServed()) - before, path).toBe(1);
    }
  });

  it('reads the own profile by {me: true} over tRPC in one round trip', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: { me: true }, 1: { me: true } }));
    const before = await pipelinesServed();
    const response = await call(`/trpc/profiles.profile,profiles.stats?batch=1&input=${input}`, {
      cookie: client.cookie,
    });
    const [profile, stats] = await json<[TrpcResult<'profiles.profile'>, TrpcResult<'profiles.stats'>]>(response);
    expect(profile.result.data.id).toBe(client.id);
    expect(stats.result.data.redFlagStats).toEqual({ received: 1, verifiedReceived: 0 });
    // Two procedures in one HTTP request: each is one round trip with its session lookup, or less.
    expect((await pipelinesServed()) - before).toBeLessThanOrEqual(2);
  });
});
